import type { BetSelection, BetType, LotteryKind, PayoutTable } from '@khela/fair';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/** Queries of the lottery module's own tables (migration 0030_lottery_draws_bets). */

export type GameRow = { merchantCode: string; code: string; kind: LotteryKind; enabled: boolean };

export type RuleRow = {
  id: string;
  merchantCode: string;
  gameCode: string;
  version: number;
  intervalSeconds: number;
  lockSeconds: number;
  payouts: Partial<Record<BetType, PayoutTable>>;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  liabilityCapMinor: bigint;
  effectiveFrom: Date;
};

export type IssueStatus = 'scheduled' | 'drawn' | 'settled' | 'void';

export type IssueRow = {
  id: string;
  merchantCode: string;
  gameCode: string;
  issueNo: string;
  ruleId: string;
  opensAt: Date;
  locksAt: Date;
  drawsAt: Date;
  serverSeed: string;
  commitment: string;
  status: IssueStatus;
  numbers: number[] | null;
  previousLink: string | null;
  link: string | null;
};

export type BetStatus = 'open' | 'won' | 'lost' | 'void';

export type BetRow = {
  id: string;
  slipId: string;
  seq: number;
  merchantCode: string;
  memberId: number;
  issueId: string;
  gameCode: string;
  betType: BetType;
  selection: BetSelection;
  stakeMinor: bigint;
  currency: string;
  ruleId: string;
  payoutTable: PayoutTable;
  status: BetStatus;
  payoutMinor: bigint;
  balanceAfterStakeMinor: bigint;
  placedAt: Date;
  settledAt: Date | null;
};

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export const games = async (db: Db, merchantCode?: string): Promise<GameRow[]> => {
  let query = db.selectFrom('lottery_game').selectAll().orderBy('merchant_code').orderBy('code');
  if (merchantCode) query = query.where('merchant_code', '=', merchantCode);
  const rows = await query.execute();
  return rows.map((r) => ({
    merchantCode: r.merchant_code,
    code: r.code,
    kind: r.kind as LotteryKind,
    enabled: r.enabled,
  }));
};

export const insertGame = (db: Db, game: GameRow, now: Date) =>
  db
    .insertInto('lottery_game')
    .values({
      merchant_code: game.merchantCode,
      code: game.code,
      kind: game.kind,
      enabled: game.enabled,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['merchant_code', 'code']).doNothing())
    .execute();

type RuleInsert = Omit<RuleRow, 'id' | 'version'> & { createdBy: string | null };

const toRule = (r: {
  id: string;
  merchant_code: string;
  game_code: string;
  version: number;
  interval_seconds: number;
  lock_seconds: number;
  payouts: unknown;
  min_stake_minor: string;
  max_stake_minor: string;
  liability_cap_minor: string;
  effective_from: Date;
}): RuleRow => ({
  id: String(r.id),
  merchantCode: r.merchant_code,
  gameCode: r.game_code,
  version: r.version,
  intervalSeconds: r.interval_seconds,
  lockSeconds: r.lock_seconds,
  payouts: json(r.payouts),
  minStakeMinor: BigInt(r.min_stake_minor),
  maxStakeMinor: BigInt(r.max_stake_minor),
  liabilityCapMinor: BigInt(r.liability_cap_minor),
  effectiveFrom: r.effective_from,
});

/** A new version of a game's rule (the next number; the unique key refuses a racing twin). */
export const insertRule = async (db: Db, rule: RuleInsert, now: Date): Promise<RuleRow> => {
  const row = await db
    .insertInto('lottery_rule')
    .values({
      merchant_code: rule.merchantCode,
      game_code: rule.gameCode,
      version: sql<number>`(SELECT coalesce(max(version), 0) + 1 FROM lottery_rule
        WHERE merchant_code = ${rule.merchantCode} AND game_code = ${rule.gameCode})`,
      interval_seconds: rule.intervalSeconds,
      lock_seconds: rule.lockSeconds,
      payouts: JSON.stringify(rule.payouts),
      min_stake_minor: rule.minStakeMinor.toString(),
      max_stake_minor: rule.maxStakeMinor.toString(),
      liability_cap_minor: rule.liabilityCapMinor.toString(),
      effective_from: rule.effectiveFrom,
      created_at: now,
      created_by: rule.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRule(row);
};

/** The rule in force at `at`: the highest version already effective. */
export const ruleInForce = async (db: Db, merchantCode: string, gameCode: string, at: Date) => {
  const row = await db
    .selectFrom('lottery_rule')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('game_code', '=', gameCode)
    .where('effective_from', '<=', at)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRule(row) : undefined;
};

export const ruleById = async (db: Db, id: string) =>
  toRule(await db.selectFrom('lottery_rule').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

export const countRules = async (db: Db, merchantCode: string, gameCode: string) =>
  Number(
    (
      await db
        .selectFrom('lottery_rule')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_code', '=', merchantCode)
        .where('game_code', '=', gameCode)
        .executeTakeFirstOrThrow()
    ).n,
  );

const toIssue = (r: {
  id: string;
  merchant_code: string;
  game_code: string;
  issue_no: string;
  rule_id: string;
  opens_at: Date;
  locks_at: Date;
  draws_at: Date;
  server_seed: string;
  commitment: string;
  status: string;
  numbers: unknown;
  previous_link: string | null;
  link: string | null;
}): IssueRow => ({
  id: r.id,
  merchantCode: r.merchant_code,
  gameCode: r.game_code,
  issueNo: r.issue_no,
  ruleId: String(r.rule_id),
  opensAt: r.opens_at,
  locksAt: r.locks_at,
  drawsAt: r.draws_at,
  serverSeed: r.server_seed,
  commitment: r.commitment,
  status: r.status as IssueStatus,
  numbers: r.numbers === null ? null : json<number[]>(r.numbers),
  previousLink: r.previous_link,
  link: r.link,
});

/** Inserts issues; one that exists (another node, an earlier run) is left as it is. */
export const insertIssues = async (
  db: Db,
  issues: Omit<IssueRow, 'status' | 'numbers' | 'previousLink' | 'link'>[],
  now: Date,
) => {
  if (issues.length === 0) return 0;
  const result = await db
    .insertInto('lottery_issue')
    .values(
      issues.map((i) => ({
        id: i.id,
        merchant_code: i.merchantCode,
        game_code: i.gameCode,
        issue_no: i.issueNo,
        rule_id: i.ruleId,
        opens_at: i.opensAt,
        locks_at: i.locksAt,
        draws_at: i.drawsAt,
        server_seed: i.serverSeed,
        commitment: i.commitment,
        status: 'scheduled',
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_code', 'game_code', 'issue_no']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
};

/** `share`: a bet being placed (the draw's FOR UPDATE waits for it, and it for the draw). */
export const issueByNo = async (
  db: Db,
  merchantCode: string,
  gameCode: string,
  issueNo: string,
  lock: false | 'share' | 'update' = false,
) => {
  let query = db
    .selectFrom('lottery_issue')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('game_code', '=', gameCode)
    .where('issue_no', '=', issueNo);
  if (lock === 'update') query = query.forUpdate();
  if (lock === 'share') query = query.forShare();
  const row = await query.executeTakeFirst();
  return row ? toIssue(row) : undefined;
};

export const issueById = async (db: Db, id: string, lock = false) => {
  let query = db.selectFrom('lottery_issue').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toIssue(row) : undefined;
};

/** Issues of a game around `now`: the open one and the next (by draw time). */
export const upcomingIssues = async (db: Db, merchantCode: string, gameCode: string, now: Date) =>
  (
    await db
      .selectFrom('lottery_issue')
      .selectAll()
      .where('merchant_code', '=', merchantCode)
      .where('game_code', '=', gameCode)
      .where('draws_at', '>', now)
      .where('status', '=', 'scheduled')
      .orderBy('draws_at')
      .limit(2)
      .execute()
  ).map(toIssue);

/** A game's latest draws (drawn, settled or void), newest first. */
export const latestResults = async (db: Db, merchantCode: string, gameCode: string, count: number) =>
  (
    await db
      .selectFrom('lottery_issue')
      .selectAll()
      .where('merchant_code', '=', merchantCode)
      .where('game_code', '=', gameCode)
      .where('status', 'in', ['drawn', 'settled', 'void'])
      .orderBy('draws_at', 'desc')
      .limit(count)
      .execute()
  ).map(toIssue);

/** Issues whose draw time has come and that are not drawn yet, oldest first. */
export const dueIssues = async (db: Db, now: Date, limit: number) =>
  (
    await db
      .selectFrom('lottery_issue')
      .selectAll()
      .where('status', '=', 'scheduled')
      .where('draws_at', '<=', now)
      .orderBy('draws_at')
      .limit(limit)
      .execute()
  ).map(toIssue);

export const drawnIssues = async (db: Db, limit: number) =>
  (
    await db
      .selectFrom('lottery_issue')
      .selectAll()
      .where('status', '=', 'drawn')
      .orderBy('draws_at')
      .limit(limit)
      .execute()
  ).map(toIssue);

/** Locks a game's row: its draws are chained one at a time. */
export const lockGame = (db: Db, merchantCode: string, code: string) =>
  db
    .selectFrom('lottery_game')
    .select('code')
    .where('merchant_code', '=', merchantCode)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();

/** The link of the game's last draw (null: the chain starts here). */
export const lastLink = async (db: Db, merchantCode: string, gameCode: string) =>
  (
    await db
      .selectFrom('lottery_issue')
      .select('link')
      .where('merchant_code', '=', merchantCode)
      .where('game_code', '=', gameCode)
      .where('link', 'is not', null)
      .orderBy('draws_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.link ?? null;

/** Writes a draw; only a scheduled issue is drawn (true when this call drew it). */
export const markDrawn = async (
  db: Db,
  id: string,
  draw: { numbers: number[]; previousLink: string; link: string },
  now: Date,
) => {
  const result = await db
    .updateTable('lottery_issue')
    .set({
      status: 'drawn',
      numbers: JSON.stringify(draw.numbers),
      previous_link: draw.previousLink,
      link: draw.link,
      drawn_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const markSettled = (db: Db, id: string, now: Date) =>
  db
    .updateTable('lottery_issue')
    .set({ status: 'settled', settled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'drawn')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lottery_bet').select('id').where('issue_id', '=', id).where('status', '=', 'open'),
        ),
      ),
    )
    .execute();

/** Voids an issue not settled yet (true when this call voided it). */
export const markVoid = async (db: Db, id: string, reason: string, now: Date) => {
  const result = await db
    .updateTable('lottery_issue')
    .set({ status: 'void', void_reason: reason, settled_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['scheduled', 'drawn'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
