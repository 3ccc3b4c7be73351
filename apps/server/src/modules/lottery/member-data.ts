import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The member's lottery bets for a data download (issue 16, data rights), newest first. */
export const lotteryDataOf = (db: Kysely<DB>, memberId: number) =>
  db
    .selectFrom('lottery_bet')
    .select([
      'id',
      'slip_id',
      'game_code',
      'bet_type',
      'selection',
      'currency',
      'stake_minor',
      'payout_minor',
      'status',
      'placed_at',
      'settled_at',
    ])
    .where('member_id', '=', memberId)
    .orderBy('placed_at', 'desc')
    .limit(200_000)
    .execute();
