import { randomBytes } from 'node:crypto';
import { commitmentOf, type LiveGame } from '@khela/fair';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import { DEFAULT_TABLES } from './defaults';

/** The tables module's database code: tables, leases, rounds, bets, seats. */

export type TableRow = {
  id: string;
  merchantCode: string;
  game: LiveGame;
  name: string;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  bettingMs: number;
  resultMs: number;
  seats: number;
};

export type RoundRow = {
  id: string;
  tableId: string;
  roundNo: number;
  state: 'betting' | 'settled' | 'void';
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  opensAt: Date;
  closesAt: Date;
  settledAt: Date | null;
  outcome: Record<string, unknown> | null;
  resultCode: string | null;
};

const tableOf = (r: {
  id: string;
  merchant_code: string;
  game: string;
  name: string;
  min_bet_minor: string;
  max_bet_minor: string;
  betting_ms: number;
  result_ms: number;
  seats: number;
}): TableRow => ({
  id: r.id,
  merchantCode: r.merchant_code,
  game: r.game as LiveGame,
  name: r.name,
  minBetMinor: BigInt(r.min_bet_minor),
  maxBetMinor: BigInt(r.max_bet_minor),
  bettingMs: r.betting_ms,
  resultMs: r.result_ms,
  seats: r.seats,
});

const TABLE_COLUMNS = [
  'id',
  'merchant_code',
  'game',
  'name',
  'min_bet_minor',
  'max_bet_minor',
  'betting_ms',
  'result_ms',
  'seats',
] as const;

export const roundOf = (r: {
  id: string;
  table_id: string;
  round_no: number;
  state: string;
  server_seed: string;
  commitment: string;
  client_seed: string;
  opens_at: Date;
  closes_at: Date;
  settled_at: Date | null;
  outcome: unknown;
  result_code: string | null;
}): RoundRow => ({
  id: String(r.id),
  tableId: r.table_id,
  roundNo: r.round_no,
  state: r.state as RoundRow['state'],
  serverSeed: r.server_seed,
  commitment: r.commitment,
  clientSeed: r.client_seed,
  opensAt: r.opens_at,
  closesAt: r.closes_at,
  settledAt: r.settled_at,
  outcome: (r.outcome as Record<string, unknown> | null) ?? null,
  resultCode: r.result_code,
});

/** Every merchant gets the default tables once (a table already there is left as it is). */
export const ensureDefaultTables = async (db: Db, merchants: { code: string }[]) => {
  const rows = merchants.flatMap((m) =>
    DEFAULT_TABLES.map((t, i) => ({
      id: `${m.code}-${t.key}`,
      merchant_code: m.code,
      game: t.game,
      name: t.name,
      min_bet_minor: BigInt(t.minBet) * 100n,
      max_bet_minor: BigInt(t.maxBet) * 100n,
      betting_ms: t.bettingMs,
      result_ms: t.resultMs,
      sort: i,
    })),
  );
  if (rows.length > 0)
    await db
      .insertInto('live_table')
      .values(rows)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
};

export const tablesOf = async (db: Db, merchantCode: string) =>
  (
    await db
      .selectFrom('live_table')
      .select(TABLE_COLUMNS)
      .where('merchant_code', '=', merchantCode)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  ).map(tableOf);

export const tableById = async (db: Db, merchantCode: string, id: string) => {
  const row = await db
    .selectFrom('live_table')
    .select(TABLE_COLUMNS)
    .where('id', '=', id)
    .where('merchant_code', '=', merchantCode)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return row ? tableOf(row) : undefined;
};

/**
 * Takes the lease of every enabled table nobody holds (free, or its lease ran out) and renews this
 * node's own once half of it has passed — one conditional UPDATE, so two nodes never both own a
 * table and a steady owner writes a lease only every `leaseMs / 2` — then answers the tables this
 * node owns now.
 */
export const claimTables = async (db: Db, owner: string, now: Date, leaseMs: number) => {
  await db
    .updateTable('live_table')
    .set({ owner, lease_until: new Date(now.getTime() + leaseMs) })
    .where('enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb('owner', 'is', null),
        eb('lease_until', '<', now),
        eb.and([eb('owner', '=', owner), eb('lease_until', '<', new Date(now.getTime() + leaseMs / 2))]),
      ]),
    )
    .execute();
  return (
    await db
      .selectFrom('live_table')
      .select(TABLE_COLUMNS)
      .where('enabled', '=', true)
      .where('owner', '=', owner)
      .where('lease_until', '>', now)
      .execute()
  ).map(tableOf);
};

/** Gives the node's leases up (on close), so another node takes them at once. */
export const releaseTables = (db: Db, owner: string) =>
  db.updateTable('live_table').set({ owner: null, lease_until: null }).where('owner', '=', owner).execute();

export const openRound = async (db: Db, tableId: string) => {
  const row = await db
    .selectFrom('live_round')
    .selectAll()
    .where('table_id', '=', tableId)
    .where('state', '=', 'betting')
    .executeTakeFirst();
  return row ? roundOf(row) : undefined;
};

export const roundByNo = async (db: Db, tableId: string, roundNo: number) => {
  const row = await db
    .selectFrom('live_round')
    .selectAll()
    .where('table_id', '=', tableId)
    .where('round_no', '=', roundNo)
    .executeTakeFirst();
  return row ? roundOf(row) : undefined;
};

/** The open round, locked (FOR UPDATE): settlement and void move its state under this lock. */
export const lockOpenRound = async (db: Db, roundId: string) => {
  const row = await db
    .selectFrom('live_round')
    .selectAll()
    .where('id', '=', roundId)
    .where('state', '=', 'betting')
    .forUpdate()
    .executeTakeFirst();
  return row ? roundOf(row) : undefined;
};

/** The open round, share-locked: bets wait for a settlement in progress, and see its outcome. */
export const shareLockRound = async (db: Db, tableId: string, roundNo: number) => {
  const row = await db
    .selectFrom('live_round')
    .selectAll()
    .where('table_id', '=', tableId)
    .where('round_no', '=', roundNo)
    .forShare()
    .executeTakeFirst();
  return row ? roundOf(row) : undefined;
};

/** Creates the next round with a fresh CSPRNG server seed; its commitment is public from now on. */
export const createRound = async (db: Db, table: TableRow, roundNo: number, opensAt: Date) => {
  const serverSeed = randomBytes(32).toString('hex');
  const row = await db
    .insertInto('live_round')
    .values({
      table_id: table.id,
      round_no: roundNo,
      state: 'betting',
      server_seed: serverSeed,
      commitment: commitmentOf(serverSeed),
      client_seed: `table-${table.id}`.slice(0, 64),
      opens_at: opensAt,
      closes_at: new Date(opensAt.getTime() + table.bettingMs),
    })
    .onConflict((oc) => oc.columns(['table_id', 'round_no']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? roundOf(row) : undefined;
};

export const lastRoundNo = async (db: Db, tableId: string) => {
  const row = await db
    .selectFrom('live_round')
    .select((eb) => eb.fn.max('round_no').as('no'))
    .where('table_id', '=', tableId)
    .executeTakeFirst();
  return Number(row?.no ?? 0);
};

export const finishedRounds = async (db: Db, tableId: string, count: number) =>
  (
    await db
      .selectFrom('live_round')
      .selectAll()
      .where('table_id', '=', tableId)
      .where('state', '<>', 'betting')
      .orderBy('round_no', 'desc')
      .limit(count)
      .execute()
  ).map(roundOf);

/** The last `count` result codes of each table, oldest first. */
export const historiesOf = async (db: Db, tableIds: string[], count: number) => {
  const out = new Map<string, string[]>();
  if (tableIds.length === 0) return out;
  const rows = await sql<{ table_id: string; result_code: string }>`
    SELECT table_id, result_code FROM (
      SELECT table_id, result_code, round_no,
             row_number() OVER (PARTITION BY table_id ORDER BY round_no DESC) AS n
        FROM live_round
       WHERE table_id IN (${sql.join(tableIds)}) AND state = 'settled'
    ) r WHERE n <= ${count} ORDER BY table_id, round_no`.execute(db);
  for (const r of rows.rows) out.set(r.table_id, [...(out.get(r.table_id) ?? []), r.result_code]);
  return out;
};

export type BetRow = {
  id: string;
  memberId: number;
  merchantCode: string;
  currency: string;
  kind: string;
  stakeMinor: bigint;
  payoutMinor: bigint | null;
  state: string;
  balanceAfterMinor: bigint;
};

export const betsOfRound = async (db: Db, roundId: string, state?: 'open') =>
  (
    await db
      .selectFrom('live_bet')
      .select([
        'id',
        'member_id',
        'merchant_code',
        'currency',
        'kind',
        'stake_minor',
        'payout_minor',
        'state',
        'balance_after_minor',
      ])
      .where('round_id', '=', roundId)
      .$if(state !== undefined, (q) => q.where('state', '=', 'open'))
      .orderBy('id')
      .execute()
  ).map(
    (r): BetRow => ({
      id: String(r.id),
      memberId: r.member_id,
      merchantCode: r.merchant_code,
      currency: r.currency,
      kind: r.kind,
      stakeMinor: BigInt(r.stake_minor),
      payoutMinor: r.payout_minor === null ? null : BigInt(r.payout_minor),
      state: r.state,
      balanceAfterMinor: BigInt(r.balance_after_minor ?? '0'),
    }),
  );

/** Players at each table now (seated and connected or holding their seat). */
export const playersOf = async (db: Db, tableIds: string[]) => {
  const out = new Map<string, number>();
  if (tableIds.length === 0) return out;
  const rows = await db
    .selectFrom('live_seat')
    .select(['table_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('table_id', 'in', tableIds)
    .groupBy('table_id')
    .execute();
  for (const r of rows) out.set(r.table_id, Number(r.n));
  return out;
};

/** The members with a paid or refunded bet on a round (whose balance moved). */
export const membersOfRound = async (db: Db, roundId: string) =>
  (
    await db
      .selectFrom('live_bet')
      .select('member_id')
      .distinct()
      .where('round_id', '=', roundId)
      .where('payout_minor', '>', '0')
      .execute()
  ).map((r) => r.member_id);
