import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/** The back office's queries on the tables module's own tables (ADR 060). */

export type BoTableRow = {
  id: string;
  game: string;
  name: string;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  open: boolean;
  owner: string | null;
};

const COLUMNS = [
  'id',
  'game',
  'name',
  'min_bet_minor',
  'max_bet_minor',
  'enabled',
  'owner',
  'lease_until',
] as const;

const rowOf = (
  r: {
    id: string;
    game: string;
    name: string;
    min_bet_minor: string | number;
    max_bet_minor: string | number;
    enabled: boolean;
    owner: string | null;
    lease_until: Date | null;
  },
  at: Date,
): BoTableRow => ({
  id: r.id,
  game: r.game,
  name: r.name,
  minBetMinor: BigInt(r.min_bet_minor),
  maxBetMinor: BigInt(r.max_bet_minor),
  open: r.enabled,
  owner: r.enabled && r.lease_until && r.lease_until > at ? r.owner : null,
});

/** Every table of the merchant, open or closed, in lobby order. */
export const allTablesOf = async (db: Db, merchantCode: string, at: Date) =>
  (
    await db
      .selectFrom('live_table')
      .select(COLUMNS)
      .where('merchant_code', '=', merchantCode)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  ).map((r) => rowOf(r, at));

/** One table of the merchant under its row lock (open or closed). */
export const lockTable = async (db: Db, merchantCode: string, id: string, at: Date) => {
  const row = await db
    .selectFrom('live_table')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('merchant_code', '=', merchantCode)
    .forUpdate()
    .executeTakeFirst();
  return row ? rowOf(row, at) : undefined;
};

/** Opens or closes a table; a closed one loses its lease (no node runs its clock). */
export const setOpen = (db: Db, id: string, open: boolean) =>
  db
    .updateTable('live_table')
    .set(open ? { enabled: true } : { enabled: false, owner: null, lease_until: null })
    .where('id', '=', id)
    .execute();

/** The open round of each table with its open bets' count and stakes. */
export const openRoundsOf = async (db: Db, tableIds: string[]) => {
  if (tableIds.length === 0) return new Map<string, OpenRoundStats>();
  const rows = await sql<{
    table_id: string;
    round_no: number;
    closes_at: Date;
    bets: string;
    stake: string;
  }>`
    SELECT r.table_id, r.round_no, r.closes_at,
           count(b.id)::text AS bets, coalesce(sum(b.stake_minor), 0)::text AS stake
      FROM live_round r LEFT JOIN live_bet b ON b.round_id = r.id AND b.state = 'open'
     WHERE r.state = 'betting' AND r.table_id IN (${sql.join(tableIds)})
     GROUP BY r.id, r.table_id, r.round_no, r.closes_at`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      r.table_id,
      {
        roundNo: r.round_no,
        closesAt: new Date(r.closes_at),
        bets: Number(r.bets),
        stakeMinor: BigInt(r.stake),
      },
    ]),
  );
};

export type OpenRoundStats = { roundNo: number; closesAt: Date; bets: number; stakeMinor: bigint };
