import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The member's game rounds for a data download (issue 16, data rights), newest first. */
export const gamesDataOf = (db: Kysely<DB>, memberId: number) =>
  db
    .selectFrom('game_round')
    .select([
      'id',
      'game_node_id',
      'vendor_code',
      'game_type',
      'mode',
      'status',
      'currency',
      'stake_minor',
      'payout_minor',
      'opened_at',
      'settled_at',
    ])
    .where('member_id', '=', memberId)
    .orderBy('opened_at', 'desc')
    .limit(200_000)
    .execute();
