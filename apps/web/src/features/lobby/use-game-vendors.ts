import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useMerchantCode } from '../../shared/state/site';
import { readSession, SESSION_KEYS } from '../../shared/state/storage';
import { acceptVendors, readVendorCache } from './vendor-cache';

/** The query of the catalogue's lanes (shared by the hook and the `/rng` prefetch). */
export const gameVendorsQuery = (merchant: string, language: string) => ({
  queryKey: ['game-vendors', merchant, language],
  queryFn: async () => {
    const fresh = await callApi('gameVendors', { query: { platform: 'html5-desktop', language } });
    return acceptVendors(fresh, merchant, language).lanes;
  },
  initialData: () => readVendorCache(merchant, language)?.lanes,
  // The copy is shown but still checked against the server's version once.
  initialDataUpdatedAt: 0,
  staleTime: 5 * 60_000,
});

/** The merchant the vendor list is kept under: the one picked, else the one the status call set. */
export const vendorMerchant = (picked: string | null) => picked ?? readSession(SESSION_KEYS.merchant) ?? '';

/**
 * The catalogue's lanes (categories with vendor cards and classify counts). The session copy
 * (`gameVendor`) shows at once; the server is asked once per page load and a new catalogue
 * version replaces the copy. `enabled: false` reads the copy only (the header before idle).
 */
export const useGameVendors = (enabled = true) => {
  const { i18n } = useTranslation();
  const merchant = vendorMerchant(useMerchantCode());
  return useQuery({ ...gameVendorsQuery(merchant, i18n.language), enabled });
};
