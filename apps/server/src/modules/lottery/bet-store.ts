import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import type { BetRow, BetStatus } from './store';

/** Queries of slips, bets and exposure (the rest of the module's tables are in store.ts). */

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

type BetDbRow = {
  id: string;
  slip_id: string;
  seq: number;
  merchant_code: string;
  member_id: number;
  issue_id: string;
  game_code: string;
  bet_type: string;
  selection: unknown;
  stake_minor: string;
  currency: string;
  rule_id: string;
  payout_table: unknown;
  status: string;
  payout_minor: string;
  balance_after_stake_minor: string;
  placed_at: Date;
  settled_at: Date | null;
};

export const toBet = (r: BetDbRow): BetRow => ({
  id: r.id,
  slipId: r.slip_id,
  seq: r.seq,
  merchantCode: r.merchant_code,
  memberId: r.member_id,
  issueId: r.issue_id,
  gameCode: r.game_code,
  betType: r.bet_type as BetRow['betType'],
  selection: json(r.selection),
  stakeMinor: BigInt(r.stake_minor),
  currency: r.currency,
  ruleId: String(r.rule_id),
  payoutTable: json(r.payout_table),
  status: r.status as BetStatus,
  payoutMinor: BigInt(r.payout_minor),
  balanceAfterStakeMinor: BigInt(r.balance_after_stake_minor),
  placedAt: r.placed_at,
  settledAt: r.settled_at,
});

/** Claims a member's request key for a slip (false: the key was used before). */
export const claimSlip = async (
  db: Db,
  slip: {
    id: string;
    merchantCode: string;
    memberId: number;
    requestKey: string;
    issueId: string;
    totalStakeMinor: bigint;
  },
  now: Date,
) => {
  const row = await db
    .insertInto('lottery_slip')
    .values({
      id: slip.id,
      merchant_code: slip.merchantCode,
      member_id: slip.memberId,
      request_key: slip.requestKey,
      issue_id: slip.issueId,
      total_stake_minor: slip.totalStakeMinor.toString(),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'request_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};

export const slipByKey = (db: Db, memberId: number, requestKey: string) =>
  db
    .selectFrom('lottery_slip')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();

export const betsOfSlip = async (db: Db, slipId: string) =>
  (await db.selectFrom('lottery_bet').selectAll().where('slip_id', '=', slipId).orderBy('seq').execute()).map(
    toBet,
  );

export const insertBet = (db: Db, bet: BetRow) =>
  db
    .insertInto('lottery_bet')
    .values({
      id: bet.id,
      slip_id: bet.slipId,
      seq: bet.seq,
      merchant_code: bet.merchantCode,
      member_id: bet.memberId,
      issue_id: bet.issueId,
      game_code: bet.gameCode,
      bet_type: bet.betType,
      selection: JSON.stringify(bet.selection),
      stake_minor: bet.stakeMinor.toString(),
      currency: bet.currency,
      rule_id: bet.ruleId,
      payout_table: JSON.stringify(bet.payoutTable),
      status: bet.status,
      payout_minor: bet.payoutMinor.toString(),
      balance_after_stake_minor: bet.balanceAfterStakeMinor.toString(),
      placed_at: bet.placedAt,
    })
    .execute();

/**
 * Adds liability to a number of an issue unless that would pass the cap (false: sold out). One
 * statement: a concurrent seller waits on the row and re-checks the sum it would make.
 */
export const addExposure = async (db: Db, issueId: string, key: string, liability: bigint, cap: bigint) => {
  if (liability > cap) return false;
  const row = await sql<{ liability_minor: string }>`
    INSERT INTO lottery_exposure (issue_id, number_key, liability_minor)
    VALUES (${issueId}, ${key}, ${liability.toString()}::bigint)
    ON CONFLICT (issue_id, number_key) DO UPDATE
      SET liability_minor = lottery_exposure.liability_minor + EXCLUDED.liability_minor
      WHERE lottery_exposure.liability_minor + EXCLUDED.liability_minor <= ${cap.toString()}::bigint
    RETURNING liability_minor`.execute(db);
  return row.rows.length === 1;
};

export const exposureOf = async (db: Db, issueId: string) =>
  (
    await db
      .selectFrom('lottery_exposure')
      .selectAll()
      .where('issue_id', '=', issueId)
      .orderBy('liability_minor', 'desc')
      .execute()
  ).map((r) => ({ key: r.number_key, liabilityMinor: BigInt(r.liability_minor) }));

/** Open bets of an issue, a batch at a time (oldest first). */
export const openBets = async (db: Db, issueId: string, limit: number) =>
  (
    await db
      .selectFrom('lottery_bet')
      .selectAll()
      .where('issue_id', '=', issueId)
      .where('status', '=', 'open')
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map(toBet);

/**
 * Settles bets in one statement, only those still open: the rows it returns are the ones this
 * call settled (a concurrent or repeated run gets none of them). Pay only what it returns.
 */
export const settleBets = async (
  db: Db,
  outcomes: { id: string; status: 'won' | 'lost' | 'void'; payoutMinor: bigint }[],
  now: Date,
) => {
  if (outcomes.length === 0) return [];
  const values = sql.join(
    outcomes.map((o) => sql`(${o.id}::uuid, ${o.status}::text, ${o.payoutMinor.toString()}::bigint)`),
  );
  const result = await sql<BetDbRow>`
    UPDATE lottery_bet AS b
       SET status = v.status, payout_minor = v.payout, settled_at = ${now}
      FROM (VALUES ${values}) AS v(id, status, payout)
     WHERE b.id = v.id AND b.status = 'open'
    RETURNING b.*`.execute(db);
  return result.rows.map(toBet);
};

/** A member's bets, newest first, with their issue numbers. */
export const betsOfMember = async (db: Db, memberId: number, gameCode: string | undefined, count: number) => {
  let query = db
    .selectFrom('lottery_bet as b')
    .innerJoin('lottery_issue as i', 'i.id', 'b.issue_id')
    .selectAll('b')
    .select('i.issue_no')
    .where('b.member_id', '=', memberId)
    .orderBy('b.placed_at', 'desc')
    .orderBy('b.seq')
    .limit(count);
  if (gameCode) query = query.where('b.game_code', '=', gameCode);
  return (await query.execute()).map((r) => ({ ...toBet(r), issueNo: r.issue_no }));
};

export type BetSearch = {
  merchantCode: string;
  gameCode?: string | undefined;
  issueNo?: string | undefined;
  memberId?: number | undefined;
  status?: BetStatus | undefined;
};

/** The back office's bet search: newest first, a page at a time, with the total. */
export const searchBets = async (db: Db, filter: BetSearch, page: number, pageSize: number) => {
  const total = await searchQuery(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { total: Number(total.n), rows: await searchRows(db, filter, pageSize, (page - 1) * pageSize) };
};

const searchQuery = (db: Db, filter: BetSearch) => {
  let query = db
    .selectFrom('lottery_bet as b')
    .innerJoin('lottery_issue as i', 'i.id', 'b.issue_id')
    .where('b.merchant_code', '=', filter.merchantCode);
  if (filter.gameCode) query = query.where('b.game_code', '=', filter.gameCode);
  if (filter.issueNo) query = query.where('i.issue_no', '=', filter.issueNo);
  if (filter.memberId) query = query.where('b.member_id', '=', filter.memberId);
  if (filter.status) query = query.where('b.status', '=', filter.status);
  return query;
};

/** One batch of the search, newest first (the page, or a CSV batch). */
export const searchRows = async (db: Db, filter: BetSearch, limit: number, offset: number) =>
  (
    await searchQuery(db, filter)
      .selectAll('b')
      .select('i.issue_no')
      .orderBy('b.placed_at', 'desc')
      .orderBy('b.id')
      .limit(limit)
      .offset(offset)
      .execute()
  ).map((r) => ({ ...toBet(r), issueNo: r.issue_no }));
