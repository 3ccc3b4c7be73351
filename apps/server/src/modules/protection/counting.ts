import { LIMIT_PERIODS, type MoneyLimitKind } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import {
  assertMayMoveMoney,
  hourOf,
  type LimitUse,
  limitBreach,
  limitError,
  minutesPlayed,
  playSessionLive,
} from './rules';
import * as store from './store';

/**
 * Counting against the limits, inside the caller's transaction (the one that moves the money):
 * the member's protection row is locked first, the limits are checked against the usage and the
 * movement is counted, so concurrent deposits or bets of one member never overshoot a limit.
 */

/** The money limits of these kinds in force, each with its usage in its period. */
export const limitUses = async (
  trx: Db,
  memberId: number,
  limits: store.LimitRow[],
  kinds: MoneyLimitKind[],
  at: Date,
): Promise<LimitUse[]> => {
  const relevant = limits.filter((l) => kinds.includes(l.kind as MoneyLimitKind) && l.amount !== null);
  if (relevant.length === 0) return [];
  const usage = await store.usageOf(trx, memberId, at);
  return relevant
    .filter((l) => (LIMIT_PERIODS as readonly string[]).includes(l.period))
    .map((l) => {
      const period = l.period as LimitUse['period'];
      return {
        kind: l.kind as MoneyLimitKind,
        period,
        amount: BigInt(l.amount ?? '0'),
        usage: usage.get(l.kind)?.[period] ?? 0n,
      };
    });
};

export const sessionLimitOf = (limits: store.LimitRow[]) => {
  const row = limits.find((l) => l.kind === 'session' && l.amount !== null);
  return row ? Number(row.amount) : null;
};

export const sessionLimitError = (limitMinutes: number, played: number) =>
  new AppError('protection.session.limit', {
    value: { limit: 'session', period: 'session', amount: String(limitMinutes), usage: String(played) },
  });

export type Counting = ReturnType<typeof createCounting>;

export const createCounting = (now: () => Date, changed: (memberId: number) => void) => {
  /** A deposit of `amount`: refused when restricted or over a deposit limit, else counted. */
  const deposit = async (trx: Db, memberId: number, amount: bigint) => {
    const at = now();
    const row = await store.lockMember(trx, memberId, at);
    assertMayMoveMoney(row, at);
    const limits = await store.limitsOf(trx, memberId);
    const breach = limitBreach(await limitUses(trx, memberId, limits, ['deposit'], at), amount);
    if (breach) throw limitError(breach);
    await store.addUsage(trx, memberId, 'deposit', hourOf(at), amount);
    changed(memberId);
  };

  /**
   * A stake of `amount`: refused when restricted, when the session-time limit is reached or when
   * it would take the wager or the net loss over a limit; else counted (wager and loss) and the
   * play session moves on.
   */
  const stake = async (trx: Db, memberId: number, amount: bigint) => {
    const at = now();
    const row = await store.lockMember(trx, memberId, at);
    assertMayMoveMoney(row, at);
    const limits = await store.limitsOf(trx, memberId);
    const session = sessionLimitOf(limits);
    const played = minutesPlayed(row, at);
    if (session !== null && played >= session) throw sessionLimitError(session, played);
    const breach = limitBreach(await limitUses(trx, memberId, limits, ['wager', 'loss'], at), amount);
    if (breach) throw limitError(breach);
    const hour = hourOf(at);
    await store.addUsage(trx, memberId, 'wager', hour, amount);
    await store.addUsage(trx, memberId, 'loss', hour, amount);
    const live = playSessionLive(row.play_last_at, at);
    await store.setPlay(trx, memberId, {
      startedAt: live && row.play_started_at ? row.play_started_at : at,
      lastAt: at,
      netMinor: (live ? BigInt(row.play_net_minor) : 0n) - amount,
    });
    changed(memberId);
  };

  /** A payout of `amount`: always credited; it lowers the net loss and adds to the session's result. */
  const payout = async (trx: Db, memberId: number, amount: bigint) => {
    if (amount <= 0n) return;
    const at = now();
    const row = await store.lockMember(trx, memberId, at);
    await store.addUsage(trx, memberId, 'loss', hourOf(at), -amount);
    if (playSessionLive(row.play_last_at, at) && row.play_started_at)
      await store.setPlay(trx, memberId, {
        startedAt: row.play_started_at,
        lastAt: at,
        netMinor: BigInt(row.play_net_minor) + amount,
      });
    changed(memberId);
  };

  return { deposit, stake, payout };
};
