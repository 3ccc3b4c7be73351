import type { SystemStatus, WhitelabelNode } from '@khela/contract';
import { flattenWhitelabel } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/client';
import { readSession, SESSION_KEYS, writeSession } from './storage';

/** The permission call, cached for the session; every screen reads brand, flags and rules from it. */
export const useSystemStatus = () => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['system-status', i18n.language],
    queryFn: async () => {
      const status = await callApi('systemStatus', { query: { url: window.location.host } });
      if (!readSession(SESSION_KEYS.merchant)) {
        writeSession(SESSION_KEYS.merchant, status.info.merchant.code);
        writeSession(SESSION_KEYS.merchantCode, status.info.merchant.code);
      }
      return status;
    },
    staleTime: 60_000,
  });
};

/** Flattened whitelabel flags `{ modId: enabled }`. */
export const flagsOf = (status: SystemStatus | undefined): Record<string, boolean> =>
  status ? flattenWhitelabel(status.info.whitelabel as WhitelabelNode[]) : {};

/** Logged in = a token in session storage (spec §4). */
export const hasSession = () => Boolean(readSession(SESSION_KEYS.token));
