import type { LoyaltyProduct } from '@khela/contract';
import type { Db } from '../../shared/db';

/**
 * What loyalty reads of play and deposits, handed in by app.ts: the activity module's
 * `playTotals` (turnover per member, product and hour; /work/plan/activity.md) and the cashier's
 * approved deposits. Turnover = stake − refund.
 */
export type PlayTotalsQuery = {
  from: Date;
  to: Date;
  merchantCode?: string;
  memberIds?: number[];
  products?: LoyaltyProduct[];
  groupBy: ('member' | 'product' | 'day')[];
};

export type PlayTotalsRow = {
  memberId?: number;
  product?: LoyaltyProduct;
  day?: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  refundMinor: bigint;
  bets: number;
};

export type PlayTotals = (db: Db, q: PlayTotalsQuery) => Promise<PlayTotalsRow[]>;

/** Approved deposits per member in [from, to). */
export type DepositTotals = (
  q: { memberIds: number[]; from: Date; to: Date },
  within: Db,
) => Promise<Map<number, bigint>>;

export const turnoverOf = (row: Pick<PlayTotalsRow, 'stakeMinor' | 'refundMinor'>) =>
  row.stakeMinor - row.refundMinor;

const DAY_MS = 86_400_000;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** [start, end) of a UTC day `YYYY-MM-DD`. */
export const dayBounds = (day: string) => {
  const from = new Date(`${day}T00:00:00Z`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
};
/** The UTC day before `day`. */
export const dayBefore = (day: string) => dayOf(new Date(dayBounds(day).from.getTime() - DAY_MS));

/** [start, end) of a mission period holding `at`: the UTC day, or the UTC week from Monday. */
export const periodBounds = (period: 'daily' | 'weekly', at: Date) => {
  const { from } = dayBounds(dayOf(at));
  if (period === 'daily') return { from, to: new Date(from.getTime() + DAY_MS) };
  const sinceMonday = (from.getUTCDay() + 6) % 7;
  const monday = new Date(from.getTime() - sinceMonday * DAY_MS);
  return { from: monday, to: new Date(monday.getTime() + 7 * DAY_MS) };
};
