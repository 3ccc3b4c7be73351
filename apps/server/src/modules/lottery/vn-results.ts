import { drawVnResult, type VnRegion, type VnResult, vnStructure } from '@khela/fair';
import { AppError } from '../../http/errors';
import { vnGameOf } from './vn-schedule';
import type { VnDrawRow } from './vn-store';

/**
 * The result-source adapter of the Vietnamese lotteries (ADR 046):
 * - `demo`: the in-house drawer — at the official time, an official-structure result from the
 *   draw's own server seed (committed before the draw, revealed after), client seed
 *   `${game}-${issueNo}`, through `@khela/fair`'s provably fair stream;
 * - `feed`: an HTTP result feed (polled from the draw time until it answers a complete result);
 *   staff may also enter a result by hand, final only when a second staff member approves it.
 */
export type VnResultFeed = (draw: Pick<VnDrawRow, 'region' | 'station' | 'issueNo'>) => Promise<unknown>;
export type VnResultSource = { kind: 'demo' } | { kind: 'feed'; fetch: VnResultFeed };

export const vnClientSeed = (draw: Pick<VnDrawRow, 'region' | 'issueNo'>) =>
  `${vnGameOf(draw.region)}-${draw.issueNo}`;

/** The demo drawer's result of a draw (its seed must exist: demo draws are committed). */
export const demoResultOf = (draw: Pick<VnDrawRow, 'region' | 'issueNo' | 'serverSeed'>) => {
  if (!draw.serverSeed) throw new Error(`draw ${draw.issueNo} has no server seed`);
  return drawVnResult(draw.region, draw.serverSeed, vnClientSeed(draw));
};

/**
 * A result as the official structure says (prize names in order, count, digits each), or
 * `lottery.result.invalid` naming the first prize that does not fit.
 */
export const vnResultOf = (region: VnRegion, input: unknown): VnResult => {
  const prizes = (input as { prizes?: unknown })?.prizes;
  const structure = vnStructure(region);
  const bad = (prize: string) => new AppError('lottery.result.invalid', { value: { prize } });
  if (!Array.isArray(prizes) || prizes.length !== structure.length) throw bad('*');
  return {
    region,
    prizes: structure.map(([name, count, digits], i) => {
      const given = prizes[i] as { prize?: unknown; numbers?: unknown };
      const numbers = given?.numbers;
      const pattern = new RegExp(`^[0-9]{${digits}}$`);
      if (
        given?.prize !== name ||
        !Array.isArray(numbers) ||
        numbers.length !== count ||
        !numbers.every((n) => typeof n === 'string' && pattern.test(n))
      )
        throw bad(name);
      return { prize: name, numbers: [...numbers] as string[] };
    }),
  };
};

/**
 * The HTTP feed: GET `<url>?region=&station=&issueNo=` answering `{ prizes: [{ prize, numbers }] }`
 * once the draw is complete (404 or an incomplete body: not yet). Times out after 5 s.
 */
export const httpVnFeed =
  (url: string, fetcher: typeof fetch = fetch): VnResultFeed =>
  async (draw) => {
    const query = new URLSearchParams({ region: draw.region, station: draw.station, issueNo: draw.issueNo });
    const res = await fetcher(`${url}?${query}`, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return undefined;
    return res.json();
  };
