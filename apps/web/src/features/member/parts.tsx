import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * What the member centre shows from other features, handed in by app/ (`app/modals.ts`; features
 * never import each other): the game feature's betting record page and the auth feature's
 * authenticator card of the security centre, each its own chunk.
 */
export type MemberParts = {
  bettingRecord?: ComponentType | undefined;
  authenticator?: ComponentType | undefined;
  /** The protection feature's "Responsible gaming" card of the security centre (ADR 030). */
  responsibleGaming?: ComponentType | undefined;
  /** The loyalty feature's mission activity and manual rebate pages (ADR 037). */
  missions?: ComponentType | undefined;
  manualRebate?: ComponentType | undefined;
  /** The promo feature's bonus details and reward centre pages (ADR 036). */
  bonusDetails?: ComponentType | undefined;
  rewardCenter?: ComponentType | undefined;
  /** The promo feature's invite friends page (ADR 048). */
  referral?: ComponentType | undefined;
};

const MemberPartsContext = createContext<MemberParts>({});

export const MemberPartsProvider = ({ parts, children }: { parts: MemberParts; children: ReactNode }) => (
  <MemberPartsContext.Provider value={parts}>{children}</MemberPartsContext.Provider>
);

export const useMemberParts = () => useContext(MemberPartsContext);
