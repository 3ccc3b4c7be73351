import type { GameListValue, GameVendorValue, SystemStatus } from '@khela/contract';

/**
 * The first data the server writes into index.html (apps/server http/spa.ts, ADR 016): the answer
 * of the status call a first visit makes, and on `/rng` the slot lobby's first page of games, both
 * as the calls would answer them for the default merchant in `lang`. The page reads them instead
 * of making those calls, when it starts as that first visit would: in that language, with no other
 * merchant picked.
 */
export type FirstData = {
  /** The `Language` the answers are for (the site's default language). */
  lang: string;
  /** The merchant the answers are for (the server's default). */
  merchant: string;
  status: SystemStatus;
  /** `GCSGAME_gameList` for `/rng` without filters: page 1 of the RNG games. */
  rng?: GameListValue;
  /** `GCSGAME_newGameVendor` on `/rng`: the catalogue's lanes. */
  vendors?: GameVendorValue;
};

const read = (): FirstData | undefined => {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById('khela-first-data');
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as FirstData;
    return data && typeof data.lang === 'string' && typeof data.merchant === 'string' && data.status
      ? data
      : undefined;
  } catch {
    return undefined;
  }
};

let taken = false;

/**
 * The page's first data, once (a later read answers undefined: after start-up the calls are the
 * truth), if it was written for this start: the page's language and merchant (`null` while the
 * visitor has picked none, as on a first visit).
 */
export const takeFirstData = (language: string, merchant: string | null): FirstData | undefined => {
  if (taken) return undefined;
  taken = true;
  const data = read();
  if (!data || data.lang !== language || (merchant !== null && merchant !== data.merchant)) return undefined;
  return data;
};
