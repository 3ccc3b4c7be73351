import type { GameListValue, GameVendorValue } from '@khela/contract';
import { queryClient } from '../../shared/api/query-client';
import { importChunk } from '../../shared/chunk';
import { i18next, initialLanguage } from '../../shared/i18n';
import { merchantCodeNow } from '../../shared/state/site';
import { gameListQuery } from './list-query';
import { parseRngQuery, rngListFilter } from './lobby-query';
import { gameVendorsQuery, vendorMerchant } from './use-game-vendors';
import { acceptVendors } from './vendor-cache';

const languageNow = () => i18next.language || initialLanguage;

/**
 * The slot lobby's first page of games, asked for as early as the permission call (main.tsx
 * loads this small chunk for `/rng` at start-up), under exactly the key `useGameList` reads:
 * the merchant of `useMerchantCode`, the page language, the filter of the URL. Settles (never
 * fails) when the answer is in. `written`: that page as the server wrote it into index.html for
 * `/rng` without filters (shared/state/first-data.ts), kept under that key instead of asking.
 */
export const prefetchRngFirstPage = (search = window.location.search, written?: GameListValue) => {
  // The lobby's texts too, without waiting for i18next to finish starting: this is the module
  // its backend imports, so it finds the file fetched (router.tsx asks for it with the chunk).
  void importChunk(() => import(`../../locales/${languageNow()}/lobby.json`)).catch(() => undefined);
  const query = parseRngQuery(new URLSearchParams(search));
  if (query.tab !== 'all') return Promise.resolve();
  const list = gameListQuery(rngListFilter(query), merchantCodeNow(), languageNow());
  if (written && search === '') {
    queryClient.setQueryData(list.queryKey, written);
    return Promise.resolve();
  }
  return queryClient.prefetchQuery(list);
};

/**
 * The vendor swiper's lanes, once the permission call has named the merchant they are kept under;
 * `written`: the lanes the server wrote into the page (kept as the call's answer would be).
 */
export const prefetchRngVendors = (written?: GameVendorValue) => {
  const merchant = vendorMerchant(merchantCodeNow());
  const vendors = gameVendorsQuery(merchant, languageNow());
  if (written) {
    queryClient.setQueryData(vendors.queryKey, acceptVendors(written, merchant, languageNow()).lanes);
    return Promise.resolve();
  }
  return queryClient.prefetchQuery(vendors);
};
