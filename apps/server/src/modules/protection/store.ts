import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import { windowStart } from './rules';

/** Queries of the protection tables (migration 0040). Each takes the handle (or transaction) it runs on. */

export type MemberRow = {
  member_id: number;
  restriction: string;
  restricted_at: Date | null;
  restricted_until: Date | null;
  all_merchants: boolean;
  reality_minutes: number | null;
  play_started_at: Date | null;
  play_last_at: Date | null;
  play_net_minor: string;
  kyc_status: string;
  kyc_reason: string | null;
  lift_requested_at: Date | null;
  closure_reason: string | null;
  reopen_requested_at: Date | null;
  limit_prompt_answer: string | null;
  limit_prompt_answered_at: Date | null;
};

const MEMBER_COLUMNS = [
  'member_id',
  'restriction',
  'restricted_at',
  'restricted_until',
  'all_merchants',
  'reality_minutes',
  'play_started_at',
  'play_last_at',
  'play_net_minor',
  'kyc_status',
  'kyc_reason',
  'lift_requested_at',
  'closure_reason',
  'reopen_requested_at',
  'limit_prompt_answer',
  'limit_prompt_answered_at',
] as const;

const memberRow = (row: Record<string, unknown> | undefined) =>
  row === undefined ? undefined : ({ ...row, play_net_minor: String(row.play_net_minor) } as MemberRow);

export const readMember = async (db: Db, memberId: number): Promise<MemberRow | undefined> =>
  memberRow(
    await db
      .selectFrom('protection_member')
      .select(MEMBER_COLUMNS)
      .where('member_id', '=', memberId)
      .executeTakeFirst(),
  );

/**
 * The member's row, created when missing, locked for the rest of the transaction: every counted
 * movement of a member takes this lock first, so its check and its count are one step.
 */
export const lockMember = async (trx: Db, memberId: number, at: Date): Promise<MemberRow> =>
  memberRow(
    await trx
      .insertInto('protection_member')
      .values({ member_id: memberId, updated_at: at })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ member_id: sql`excluded.member_id` }))
      .returning(MEMBER_COLUMNS)
      .executeTakeFirstOrThrow(),
  ) as MemberRow;

export type LimitRow = {
  kind: string;
  period: string;
  amount: string | null;
  pending_action: string | null;
  pending_amount: string | null;
  pending_from: Date | null;
  pending_until: Date | null;
};

/** bigint columns come back as text or number depending on the driver: always text here. */
const text = (v: string | number | bigint | null) => (v === null ? null : String(v));

export const limitsOf = async (db: Db, memberId: number): Promise<LimitRow[]> =>
  (
    await db
      .selectFrom('protection_limit')
      .select([
        'kind',
        'period',
        'amount',
        'pending_action',
        'pending_amount',
        'pending_from',
        'pending_until',
      ])
      .where('member_id', '=', memberId)
      .execute()
  ).map((l) => ({ ...l, amount: text(l.amount), pending_amount: text(l.pending_amount) }));

export const saveLimit = (
  db: Db,
  memberId: number,
  row: LimitRow & { kind: string; period: string },
  at: Date,
) =>
  db
    .insertInto('protection_limit')
    .values({
      member_id: memberId,
      kind: row.kind,
      period: row.period,
      amount: row.amount,
      pending_action: row.pending_action,
      pending_amount: row.pending_amount,
      pending_from: row.pending_from,
      pending_until: row.pending_until,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'kind', 'period']).doUpdateSet({
        amount: row.amount,
        pending_action: row.pending_action,
        pending_amount: row.pending_amount,
        pending_from: row.pending_from,
        pending_until: row.pending_until,
        updated_at: at,
      }),
    )
    .execute();

export const deleteLimit = (db: Db, memberId: number, kind: string, period: string) =>
  db
    .deleteFrom('protection_limit')
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .execute();

/** Usage per kind over the rolling day, week and month ending in the hour of `at`. */
export const usageOf = async (db: Db, memberId: number, at: Date) => {
  const day = windowStart(at, 'day');
  const week = windowStart(at, 'week');
  const month = windowStart(at, 'month');
  const rows = await db
    .selectFrom('protection_usage')
    .select([
      'kind',
      sql<string>`coalesce(sum(amount) FILTER (WHERE hour >= ${day}), 0)`.as('day'),
      sql<string>`coalesce(sum(amount) FILTER (WHERE hour >= ${week}), 0)`.as('week'),
      sql<string>`coalesce(sum(amount), 0)`.as('month'),
    ])
    .where('member_id', '=', memberId)
    .where('hour', '>=', month)
    .groupBy('kind')
    .execute();
  const usage = new Map<string, { day: bigint; week: bigint; month: bigint }>();
  for (const r of rows)
    usage.set(r.kind, {
      day: BigInt(String(r.day)),
      week: BigInt(String(r.week)),
      month: BigInt(String(r.month)),
    });
  return usage;
};

export const addUsage = (db: Db, memberId: number, kind: string, hour: Date, amount: bigint) =>
  db
    .insertInto('protection_usage')
    .values({ member_id: memberId, kind, hour, amount })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'kind', 'hour'])
        .doUpdateSet({ amount: sql`protection_usage.amount + excluded.amount` }),
    )
    .execute();

export const setPlay = (
  db: Db,
  memberId: number,
  play: { startedAt: Date; lastAt: Date; netMinor: bigint },
) =>
  db
    .updateTable('protection_member')
    .set({
      play_started_at: play.startedAt,
      play_last_at: play.lastAt,
      play_net_minor: play.netMinor.toString(),
    })
    .where('member_id', '=', memberId)
    .execute();

export const endPlay = (db: Db, memberId: number) =>
  db
    .updateTable('protection_member')
    .set({ play_started_at: null, play_last_at: null, play_net_minor: '0' })
    .where('member_id', '=', memberId)
    .execute();

export const setRestriction = (
  db: Db,
  memberId: number,
  r: {
    type: 'timeout' | 'self_exclusion' | 'closed';
    until: Date | null;
    allMerchants: boolean;
    closureReason?: 'harm' | 'other';
  },
  at: Date,
) =>
  db
    .updateTable('protection_member')
    .set({
      restriction: r.type,
      restricted_at: at,
      restricted_until: r.until,
      all_merchants: r.allMerchants,
      lift_requested_at: null,
      closure_reason: r.type === 'closed' ? (r.closureReason ?? 'harm') : null,
      reopen_requested_at: null,
      updated_at: at,
    })
    .where('member_id', '=', memberId)
    .execute();

export const setReality = (db: Db, memberId: number, minutes: number | null, at: Date) =>
  db
    .updateTable('protection_member')
    .set({ reality_minutes: minutes, updated_at: at })
    .where('member_id', '=', memberId)
    .execute();

export const insertEvent = (
  db: Db,
  e: {
    merchantCode: string;
    memberId: number;
    action: string;
    detail?: Record<string, unknown>;
    staffId?: number | null;
    at: Date;
  },
) =>
  db
    .insertInto('protection_event')
    .values({
      merchant_code: e.merchantCode,
      member_id: e.memberId,
      action: e.action,
      detail: JSON.stringify(e.detail ?? {}),
      staff_id: e.staffId ?? null,
      at: e.at,
    })
    .execute();

/** The member's KYC status and, on approval, the date of birth read off the document. */
export const setKyc = (
  db: Db,
  memberId: number,
  k: { status: string; reason: string | null; birthDate?: string | undefined },
  at: Date,
) =>
  db
    .updateTable('protection_member')
    .set({
      kyc_status: k.status,
      kyc_reason: k.reason,
      ...(k.birthDate ? { birth_date: k.birthDate } : {}),
      updated_at: at,
    })
    .where('member_id', '=', memberId)
    .execute();

export const setLiftRequested = (db: Db, memberId: number, at: Date | null) =>
  db
    .updateTable('protection_member')
    .set({ lift_requested_at: at, ...(at ? { updated_at: at } : {}) })
    .where('member_id', '=', memberId)
    .execute();

/** Lifts the ended exclusion: the member is unrestricted again. */
export const clearRestriction = (db: Db, memberId: number, at: Date) =>
  db
    .updateTable('protection_member')
    .set({
      restriction: 'none',
      restricted_until: null,
      lift_requested_at: null,
      closure_reason: null,
      reopen_requested_at: null,
      updated_at: at,
    })
    .where('member_id', '=', memberId)
    .execute();

/**
 * Records the member's answer to the licence profile's limit prompt (migration 0123): a first
 * answer, or `set` after an earlier "not now" (a limit set later answers it for good).
 */
export const answerLimitPrompt = (trx: Db, memberId: number, answer: 'set' | 'declined', at: Date) =>
  trx
    .updateTable('protection_member')
    .set({ limit_prompt_answer: answer, limit_prompt_answered_at: at, updated_at: at })
    .where('member_id', '=', memberId)
    .where((eb) =>
      answer === 'set'
        ? eb.or([eb('limit_prompt_answer', 'is', null), eb('limit_prompt_answer', '=', 'declined')])
        : eb('limit_prompt_answer', 'is', null),
    )
    .execute();
