import { createContext, useContext } from 'react';
import type { MemberPageKey } from '../../shared/state/member-centre';

/** Lets a member page send the player to another page of the centre (e.g. withdraw → security). */
export const MemberNavContext = createContext<(page: MemberPageKey) => void>(() => {});

export const useMemberNav = () => useContext(MemberNavContext);
