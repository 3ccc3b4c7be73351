import {
  LIFT_COOLING_OFF_HOURS,
  type LimitPeriod,
  type MoneyLimitKind,
  PERIOD_HOURS,
  PLAY_SESSION_IDLE_MINUTES,
  type SelfExclusionTerm,
} from '@khela/contract';
import { AppError } from '../../http/errors';

/** Pure rules of player protection (docs/decisions/030): windows, terms, refusals. */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The hour a movement is counted in. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * The first counted hour of a rolling period: the period's hours up to and including the
 * current one (a day is the current hour and the 23 before it).
 */
export const windowStart = (at: Date, period: LimitPeriod) =>
  new Date(hourOf(at).getTime() - (PERIOD_HOURS[period] - 1) * HOUR_MS);

/** When a self-exclusion of this term ends (null: permanent). Months are calendar months (UTC). */
export const exclusionEnd = (term: SelfExclusionTerm, at: Date): Date | null => {
  if (term === 'permanent') return null;
  const end = new Date(at.getTime());
  if (term === '6m') end.setUTCMonth(end.getUTCMonth() + 6);
  else end.setUTCFullYear(end.getUTCFullYear() + (term === '1y' ? 1 : 5));
  return end;
};

export type Restriction = { type: 'timeout' | 'self_exclusion' | 'closed'; until: Date | null };

/** The member's restriction in force at `at`, if any (an ended time-out or exclusion is none). */
export const restrictionAt = (
  row: { restriction: string; restricted_until: Date | null } | undefined,
  at: Date,
): Restriction | null => {
  if (!row || row.restriction === 'none') return null;
  if (row.restricted_until !== null && row.restricted_until.getTime() <= at.getTime()) return null;
  return { type: row.restriction as Restriction['type'], until: row.restricted_until };
};

/**
 * The restriction that refuses a sign-in: an account closed for another reason than gambling harm
 * still signs in (to withdraw, download its data, ask to reopen or to be erased; ADR 052).
 */
export const signInRestrictionAt = (
  row: { restriction: string; restricted_until: Date | null; closure_reason?: string | null } | undefined,
  at: Date,
): Restriction | null => {
  const restriction = restrictionAt(row, at);
  return restriction?.type === 'closed' && row?.closure_reason === 'other' ? null : restriction;
};

export const restrictionError = (r: Restriction) =>
  r.type === 'closed'
    ? new AppError('protection.closed')
    : new AppError(r.type === 'timeout' ? 'protection.timeout' : 'protection.excluded', {
        value: { until: r.until?.getTime() ?? null },
      });

type LiftRow = { restriction: string; restricted_until: Date | null; lift_requested_at: Date | null };

/**
 * A self-exclusion whose term is over but not lifted yet (docs/decisions/045): sign-in is open
 * again (to ask for the lift and to withdraw), deposits and play stay refused until the member
 * asked, waited the cooling-off and confirmed.
 */
export const endedExclusion = (row: LiftRow | undefined, at: Date) =>
  row !== undefined &&
  row.restriction === 'self_exclusion' &&
  row.restricted_until !== null &&
  row.restricted_until.getTime() <= at.getTime();

/** When a requested lift may be confirmed (null: not asked for). */
export const liftFrom = (row: { lift_requested_at: Date | null }) =>
  row.lift_requested_at === null
    ? null
    : new Date(row.lift_requested_at.getTime() + LIFT_COOLING_OFF_HOURS * HOUR_MS);

/** Refuses deposits and play of a restricted member, and of one whose ended exclusion is not lifted. */
export const assertMayMoveMoney = (
  row: (LiftRow & { restricted_at?: Date | null }) | undefined,
  at: Date,
) => {
  const restriction = restrictionAt(row, at);
  if (restriction) throw restrictionError(restriction);
  if (row && endedExclusion(row, at))
    throw new AppError('protection.lift.required', {
      value: { until: row.restricted_until?.getTime() ?? null, from: liftFrom(row)?.getTime() ?? null },
    });
};

/** A limit of a kind and period in force, with its usage in that period (minor units). */
export type LimitUse = { kind: MoneyLimitKind; period: LimitPeriod; amount: bigint; usage: bigint };

/**
 * The refusal of a movement of `amount` against the limits, or null. Every limit applies, so the
 * lowest wins; the one named is the limit with the least room left.
 */
export const limitBreach = (uses: LimitUse[], amount: bigint): LimitUse | null => {
  let worst: LimitUse | null = null;
  for (const use of uses) {
    if (use.usage + amount <= use.amount) continue;
    if (worst === null || use.amount - use.usage < worst.amount - worst.usage) worst = use;
  }
  return worst;
};

export const limitError = (use: LimitUse) =>
  new AppError('protection.limit', {
    value: {
      limit: use.kind,
      period: use.period,
      amount: use.amount.toString(),
      usage: use.usage.toString(),
    },
  });

/** Is the play session that last saw a bet at `last` still going at `at`? */
export const playSessionLive = (last: Date | null, at: Date) =>
  last !== null && at.getTime() - last.getTime() < PLAY_SESSION_IDLE_MINUTES * 60_000;

/** Whole minutes played in the live play session (0 when none). */
export const minutesPlayed = (
  row: { play_started_at: Date | null; play_last_at: Date | null } | undefined,
  at: Date,
) =>
  row?.play_started_at && playSessionLive(row.play_last_at, at)
    ? Math.floor((at.getTime() - row.play_started_at.getTime()) / 60_000)
    : 0;
