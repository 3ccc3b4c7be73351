import type { RouteValue } from '@khela/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { type BoRoutes, callBo } from './api';
import { KEYS, readSession, removeSession, writeSession } from './storage';

export type Staff = RouteValue<BoRoutes['boMe']>;

export const ME_KEY = ['bo', 'me'] as const;

export const hasToken = () => Boolean(readSession(KEYS.token));
export const saveToken = (token: string) => writeSession(KEYS.token, token);
export const clearToken = () => removeSession(KEYS.token);

/** The signed-in staff member; only rendered below the guard, so it is always there. */
export const StaffContext = createContext<Staff | null>(null);

export const useStaff = (): Staff => {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the signed-in layout');
  return staff;
};

/** Does the signed-in role hold this permission (the server checks again on every call)? */
export const useCan = () => {
  const staff = useStaff();
  return (permission: string | null | undefined) => !permission || staff.permissions.includes(permission);
};

export const useMeQuery = () =>
  useQuery({ queryKey: ME_KEY, queryFn: () => callBo('boMe'), enabled: hasToken(), staleTime: 60_000 });

/** Forgets the session locally (after logout, expiry or revocation). */
export const useForgetSession = () => {
  const client = useQueryClient();
  return () => {
    clearToken();
    client.clear();
  };
};
