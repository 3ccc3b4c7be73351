import type { Announcements, SystemStatus, WhitelabelNode } from '@khela/contract';
import { flattenWhitelabel } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/client';
import { setDevanagariDigits } from '../format/locale';
import { readSession, SESSION_KEYS, writeSession } from './storage';

/*
 * The merchant the visitor picked (session storage `merchant`). Kept in a small store so that the
 * queries keyed on it refetch when it changes; the server's default merchant applies while unset.
 */
let selectedMerchant: string | null = readSession(SESSION_KEYS.merchant);
const merchantListeners = new Set<() => void>();
const subscribeMerchant = (listener: () => void) => {
  merchantListeners.add(listener);
  return () => {
    merchantListeners.delete(listener);
  };
};

export const useMerchantCode = () => useSyncExternalStore(subscribeMerchant, () => selectedMerchant);
/** The same merchant outside React (prefetches must build the keys the hooks will read). */
export const merchantCodeNow = () => selectedMerchant;

/** Switches the merchant (country) for this session; status and content refetch through their keys. */
export const switchMerchant = (code: string) => {
  writeSession(SESSION_KEYS.merchant, code);
  writeSession(SESSION_KEYS.merchantCode, code);
  selectedMerchant = code;
  for (const listener of merchantListeners) listener();
};

/** Re-reads session storage (tests clear it between cases). */
export const syncMerchantFromStorage = () => {
  selectedMerchant = readSession(SESSION_KEYS.merchant);
  for (const listener of merchantListeners) listener();
};

/**
 * Keeps the merchant a status answer names for the session, unless one is kept already, and the
 * brand's choice of digits for the Hindi site (shared/format/locale.ts).
 */
export const rememberMerchant = (status: SystemStatus) => {
  setDevanagariDigits(status.info.brand.hindiDigits === 'devanagari');
  if (!readSession(SESSION_KEYS.merchant)) {
    writeSession(SESSION_KEYS.merchant, status.info.merchant.code);
    writeSession(SESSION_KEYS.merchantCode, status.info.merchant.code);
  }
};

/** The permission call's query (shared by the hook and the start-up prefetch in main.tsx). */
export const systemStatusQuery = (language: string, merchant: string | null) => ({
  queryKey: ['system-status', language, merchant ?? ''],
  queryFn: async () => {
    const status = await callApi('systemStatus', { query: { url: window.location.host } });
    rememberMerchant(status);
    return status;
  },
  staleTime: 60_000,
});

/** The permission call, cached for the session; every screen reads brand, flags and rules from it. */
export const useSystemStatus = () => {
  const { i18n } = useTranslation();
  const merchant = useMerchantCode();
  return useQuery({
    ...systemStatusQuery(i18n.language, merchant),
    // A language or merchant switch keeps the page on screen while the new answer arrives.
    placeholderData: keepPreviousData,
  });
};

/** The query of `MCSFE_getListAnnouncements` before login: banners, player notices, popups, promotions. */
export const ANNOUNCEMENT_QUERY = { types: 'B,PL,PU,PR', platform: 'W', execution: 'B' } as const;

/** Banners, notices, popups and promotions in the page language, for the current merchant. */
export const useAnnouncements = () => {
  const { i18n } = useTranslation();
  const merchant = useMerchantCode();
  return useQuery<Announcements>({
    queryKey: ['announcements', i18n.language, merchant ?? '', ANNOUNCEMENT_QUERY.execution],
    queryFn: () => callApi('announcements', { query: ANNOUNCEMENT_QUERY }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
};

/** Flattened whitelabel flags `{ modId: enabled }`. */
export const flagsOf = (status: SystemStatus | undefined): Record<string, boolean> =>
  status ? flattenWhitelabel(status.info.whitelabel as WhitelabelNode[]) : {};

/** Logged in = a token in session storage (spec §4). */
export const hasSession = () => Boolean(readSession(SESSION_KEYS.token));
