import type { VnBetType, VnRegion, VnResult } from '@khela/fair';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import type { VnPayouts } from './vn-payouts';

/** Queries of the Vietnamese lotteries' tables (migration 0115_lottery_vietnam). */

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export type VnRuleRow = {
  id: string;
  merchantCode: string;
  region: VnRegion;
  version: number;
  payouts: VnPayouts;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  /** The most the house may owe on one number of one draw (ADR 058). */
  liabilityCapMinor: bigint;
  effectiveFrom: Date;
};

export type VnDrawStatus = 'scheduled' | 'resulted' | 'void';

export type VnDrawRow = {
  id: string;
  merchantCode: string;
  region: VnRegion;
  station: string;
  issueNo: string;
  locksAt: Date;
  drawsAt: Date;
  source: 'demo' | 'feed';
  serverSeed: string | null;
  commitment: string | null;
  status: VnDrawStatus;
  result: VnResult | null;
  resultVersion: number;
  settledVersion: number;
  voidReason: string | null;
};

export type VnBetStatus = 'open' | 'won' | 'lost' | 'void';

export type VnBetRow = {
  id: string;
  merchantCode: string;
  memberId: number;
  requestKey: string;
  seq: number;
  drawId: string;
  betType: VnBetType;
  numbers: string[];
  stakeMinor: bigint;
  currency: string;
  ruleId: string;
  payoutMilli: bigint;
  status: VnBetStatus;
  payoutMinor: bigint;
  owedMinor: bigint;
  settledVersion: number;
  balanceAfterStakeMinor: bigint;
  placedAt: Date;
  settledAt: Date | null;
};

// ---- rules

const toRule = (r: {
  id: string;
  merchant_code: string;
  region: string;
  version: number;
  payouts: unknown;
  min_stake_minor: string;
  max_stake_minor: string;
  liability_cap_minor: string;
  effective_from: Date;
}): VnRuleRow => ({
  id: String(r.id),
  merchantCode: r.merchant_code,
  region: r.region as VnRegion,
  version: r.version,
  payouts: json(r.payouts),
  minStakeMinor: BigInt(r.min_stake_minor),
  maxStakeMinor: BigInt(r.max_stake_minor),
  liabilityCapMinor: BigInt(r.liability_cap_minor),
  effectiveFrom: r.effective_from,
});

export const vnRuleInForce = async (db: Db, merchantCode: string, region: VnRegion, at: Date) => {
  const row = await db
    .selectFrom('lottery_vn_rule')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('region', '=', region)
    .where('effective_from', '<=', at)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRule(row) : undefined;
};

/** A new rule version (the next number; a racing twin is refused by the unique key). */
export const insertVnRule = async (
  db: Db,
  rule: Omit<VnRuleRow, 'id' | 'version'> & { createdBy: string | null },
  now: Date,
) =>
  toRule(
    await db
      .insertInto('lottery_vn_rule')
      .values({
        merchant_code: rule.merchantCode,
        region: rule.region,
        version: sql<number>`(SELECT coalesce(max(version), 0) + 1 FROM lottery_vn_rule
          WHERE merchant_code = ${rule.merchantCode} AND region = ${rule.region})`,
        payouts: JSON.stringify(rule.payouts),
        min_stake_minor: rule.minStakeMinor.toString(),
        max_stake_minor: rule.maxStakeMinor.toString(),
        liability_cap_minor: rule.liabilityCapMinor.toString(),
        effective_from: rule.effectiveFrom,
        created_at: now,
        created_by: rule.createdBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

export const countVnRules = async (db: Db, merchantCode: string, region: VnRegion) =>
  Number(
    (
      await db
        .selectFrom('lottery_vn_rule')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_code', '=', merchantCode)
        .where('region', '=', region)
        .executeTakeFirstOrThrow()
    ).n,
  );

// ---- holidays

export const holidays = async (db: Db, from: string) =>
  (
    await db
      .selectFrom('lottery_vn_holiday')
      .select([sql<string>`day::text`.as('day'), 'reason'])
      .where('day', '>=', sql<Date>`${from}::date`)
      .orderBy('day')
      .execute()
  ).map((r) => ({ day: r.day, reason: r.reason }));

export const addHoliday = (db: Db, day: string, reason: string, by: string | null, now: Date) =>
  db
    .insertInto('lottery_vn_holiday')
    .values({ day: sql<Date>`${day}::date`, reason, created_by: by, created_at: now })
    .onConflict((oc) => oc.column('day').doUpdateSet({ reason }))
    .execute();

// ---- draws

const toDraw = (r: {
  id: string;
  merchant_code: string;
  region: string;
  station: string;
  issue_no: string;
  locks_at: Date;
  draws_at: Date;
  source: string;
  server_seed: string | null;
  commitment: string | null;
  status: string;
  result: unknown;
  result_version: number;
  settled_version: number;
  void_reason: string | null;
}): VnDrawRow => ({
  id: r.id,
  merchantCode: r.merchant_code,
  region: r.region as VnRegion,
  station: r.station,
  issueNo: r.issue_no,
  locksAt: r.locks_at,
  drawsAt: r.draws_at,
  source: r.source as VnDrawRow['source'],
  serverSeed: r.server_seed,
  commitment: r.commitment,
  status: r.status as VnDrawStatus,
  result: r.result === null ? null : json<VnResult>(r.result),
  resultVersion: r.result_version,
  settledVersion: r.settled_version,
  voidReason: r.void_reason,
});

const drawColumns = [
  'id',
  'merchant_code',
  'region',
  'station',
  'issue_no',
  'locks_at',
  'draws_at',
  'source',
  'server_seed',
  'commitment',
  'status',
  'result',
  'result_version',
  'settled_version',
  'void_reason',
] as const;

/** Inserts draws; one that exists (another node, an earlier run) keeps its row and seed. */
export const insertDraws = async (
  db: Db,
  draws: (Omit<VnDrawRow, 'status' | 'result' | 'resultVersion' | 'settledVersion' | 'voidReason'> & {
    drawDate: string;
  })[],
  now: Date,
) => {
  if (draws.length === 0) return 0;
  const result = await db
    .insertInto('lottery_vn_draw')
    .values(
      draws.map((d) => ({
        id: d.id,
        merchant_code: d.merchantCode,
        region: d.region,
        station: d.station,
        draw_date: sql<Date>`${d.drawDate}::date`,
        issue_no: d.issueNo,
        locks_at: d.locksAt,
        draws_at: d.drawsAt,
        source: d.source,
        server_seed: d.serverSeed,
        commitment: d.commitment,
        status: 'scheduled',
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_code', 'station', 'draw_date']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
};

export const drawById = async (db: Db, id: string, lock = false) => {
  let query = db.selectFrom('lottery_vn_draw').select(drawColumns).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toDraw(row) : undefined;
};

/** `share`: a bet being placed (a result or a void waits for it). */
export const drawByNo = async (
  db: Db,
  merchantCode: string,
  issueNo: string,
  lock: false | 'share' = false,
) => {
  let query = db
    .selectFrom('lottery_vn_draw')
    .select(drawColumns)
    .where('merchant_code', '=', merchantCode)
    .where('issue_no', '=', issueNo);
  if (lock === 'share') query = query.forShare();
  const row = await query.executeTakeFirst();
  return row ? toDraw(row) : undefined;
};

/** The scheduled draws of a merchant still taking bets, by draw time then station. */
export const openDraws = async (db: Db, merchantCode: string, now: Date) =>
  (
    await db
      .selectFrom('lottery_vn_draw')
      .select(drawColumns)
      .where('merchant_code', '=', merchantCode)
      .where('status', '=', 'scheduled')
      .where('locks_at', '>', now)
      .orderBy('draws_at')
      .orderBy('issue_no')
      .execute()
  ).map(toDraw);

/** A region's latest resulted or void draws, newest first. */
export const latestVnResults = async (db: Db, merchantCode: string, region: VnRegion, count: number) =>
  (
    await db
      .selectFrom('lottery_vn_draw')
      .select(drawColumns)
      .where('merchant_code', '=', merchantCode)
      .where('region', '=', region)
      .where('status', 'in', ['resulted', 'void'])
      .orderBy('draws_at', 'desc')
      .orderBy('issue_no')
      .limit(count)
      .execute()
  ).map(toDraw);

/** Scheduled draws on a holiday (to void and refund). */
export const holidayDraws = async (db: Db) =>
  (
    await db
      .selectFrom('lottery_vn_draw')
      .select(drawColumns)
      .where('status', '=', 'scheduled')
      .where('draw_date', 'in', (eb) => eb.selectFrom('lottery_vn_holiday').select('day'))
      .execute()
  ).map(toDraw);

/** Demo draws whose time has come (the in-house drawer makes their result). */
export const dueDemoDraws = async (db: Db, now: Date, limit: number) =>
  (
    await db
      .selectFrom('lottery_vn_draw')
      .select(drawColumns)
      .where('source', '=', 'demo')
      .where('status', '=', 'scheduled')
      .where('draws_at', '<=', now)
      .orderBy('draws_at')
      .limit(limit)
      .execute()
  ).map(toDraw);

/** Feed draws whose time has come and that have no result yet. */
export const awaitingFeed = async (db: Db, now: Date, limit: number) =>
  (
    await db
      .selectFrom('lottery_vn_draw')
      .select(drawColumns)
      .where('source', '=', 'feed')
      .where('status', '=', 'scheduled')
      .where('draws_at', '<=', now)
      .orderBy('draws_at')
      .limit(limit)
      .execute()
  ).map(toDraw);

/** Draws whose latest result is not settled yet. */
export const drawsToSettle = async (db: Db, limit: number) =>
  (
    await db
      .selectFrom('lottery_vn_draw')
      .select(drawColumns)
      .where('status', '=', 'resulted')
      .whereRef('settled_version', '<', 'result_version')
      .orderBy('draws_at')
      .limit(limit)
      .execute()
  ).map(toDraw);

/** Makes a result final: the next result version (a draw not void). */
export const applyResult = async (db: Db, id: string, result: VnResult) => {
  const row = await db
    .updateTable('lottery_vn_draw')
    .set((eb) => ({
      status: 'resulted',
      result: JSON.stringify(result),
      result_version: eb('result_version', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['scheduled', 'resulted'])
    .returning('result_version')
    .executeTakeFirst();
  return row?.result_version;
};

export const markDrawSettled = (db: Db, id: string, version: number) =>
  db
    .updateTable('lottery_vn_draw')
    .set({ settled_version: version })
    .where('id', '=', id)
    .where('settled_version', '<', version)
    .where('result_version', '=', version)
    .execute();

/** Voids a draw that has no result (true when this call voided it). */
export const markVnVoid = async (db: Db, id: string, reason: string) => {
  const result = await db
    .updateTable('lottery_vn_draw')
    .set({ status: 'void', void_reason: reason })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

// ---- result entries

export type VnEntryRow = {
  id: string;
  drawId: string;
  source: 'demo' | 'feed' | 'manual';
  result: VnResult;
  status: 'pending' | 'approved' | 'rejected';
  enteredBy: string | null;
  approvedBy: string | null;
  enteredAt: Date;
};

const toEntry = (r: {
  id: string;
  draw_id: string;
  source: string;
  result: unknown;
  status: string;
  entered_by: string | null;
  approved_by: string | null;
  entered_at: Date;
}): VnEntryRow => ({
  id: String(r.id),
  drawId: r.draw_id,
  source: r.source as VnEntryRow['source'],
  result: json(r.result),
  status: r.status as VnEntryRow['status'],
  enteredBy: r.entered_by,
  approvedBy: r.approved_by,
  enteredAt: r.entered_at,
});

export const insertEntry = async (
  db: Db,
  entry: Pick<VnEntryRow, 'drawId' | 'source' | 'result' | 'status' | 'enteredBy' | 'approvedBy'>,
  now: Date,
) =>
  toEntry(
    await db
      .insertInto('lottery_vn_result_entry')
      .values({
        draw_id: entry.drawId,
        source: entry.source,
        result: JSON.stringify(entry.result),
        status: entry.status,
        entered_by: entry.enteredBy,
        entered_at: now,
        approved_by: entry.approvedBy,
        approved_at: entry.status === 'approved' ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

export const entryById = async (db: Db, id: string, lock = false) => {
  let query = db.selectFrom('lottery_vn_result_entry').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toEntry(row) : undefined;
};

export const pendingEntries = async (db: Db, merchantCode: string) =>
  (
    await db
      .selectFrom('lottery_vn_result_entry as e')
      .innerJoin('lottery_vn_draw as d', 'd.id', 'e.draw_id')
      .selectAll('e')
      .select(['d.issue_no', 'd.region'])
      .where('d.merchant_code', '=', merchantCode)
      .where('e.status', '=', 'pending')
      .orderBy('e.id')
      .execute()
  ).map((r) => ({ ...toEntry(r), issueNo: r.issue_no, region: r.region as VnRegion }));

/** Approves a pending entry by someone else than its author (true when this call approved it). */
export const approveEntry = async (db: Db, id: string, by: string, now: Date) => {
  const result = await db
    .updateTable('lottery_vn_result_entry')
    .set({ status: 'approved', approved_by: by, approved_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('entered_by', '<>', by)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Other pending entries of a draw are superseded by an approved one. */
export const rejectOtherPending = (db: Db, drawId: string, keepId: string, now: Date) =>
  db
    .updateTable('lottery_vn_result_entry')
    .set({ status: 'rejected', approved_at: now })
    .where('draw_id', '=', drawId)
    .where('status', '=', 'pending')
    .where('id', '<>', keepId)
    .execute();
