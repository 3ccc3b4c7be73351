import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** One merchant's real-money play on one UTC day, in minor units. */
export type DailyPlay = { day: string; merchant: string; bets: bigint; wins: bigint; players: number };

/**
 * Stakes and payouts of settled real-money rounds (demo play left out) per UTC day of opening and
 * merchant, with the distinct members who played; and the distinct players of the whole window
 * per merchant (a member playing on two days counts once). For the money dashboard.
 */
export const createDailyPlay = (db: Kysely<DB>) => async (from: Date, merchant?: string) => {
  let rounds = db
    .selectFrom('game_round')
    .where('mode', '=', 'real')
    .where('status', '=', 'settled')
    .where('opened_at', '>=', from);
  if (merchant) rounds = rounds.where('merchant_code', '=', merchant);
  const days = await rounds
    .select([
      sql<string>`to_char(opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
      'merchant_code',
      sql<string>`sum(stake_minor)`.as('bets'),
      sql<string>`sum(payout_minor)`.as('wins'),
      sql<string>`count(DISTINCT member_id)`.as('players'),
    ])
    .groupBy([sql`1`, 'merchant_code'])
    .execute();
  const window = await rounds
    .select(['merchant_code', sql<string>`count(DISTINCT member_id)`.as('players')])
    .groupBy('merchant_code')
    .execute();
  return {
    days: days.map(
      (r): DailyPlay => ({
        day: r.day,
        merchant: r.merchant_code,
        bets: BigInt(r.bets),
        wins: BigInt(r.wins),
        players: Number(r.players),
      }),
    ),
    playersPerMerchant: new Map(window.map((r) => [r.merchant_code, Number(r.players)])),
  };
};
