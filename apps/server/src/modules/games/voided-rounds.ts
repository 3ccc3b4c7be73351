import type { Db } from '../../shared/db';
import { cancelRound, type GameRound, type OpenRoundInput, openOrGetRound } from './rounds';

export type VoidedRoundInput = Omit<OpenRoundInput, 'initial' | 'now'> & {
  stakeMinor: bigint;
  /** What the member got back (a voided bet: its whole stake); shown as the round's payout. */
  refundMinor: bigint;
  /** The member's balance after the refund. */
  balanceAfterMinor: bigint;
  reason: string;
  now: Date;
};

/**
 * The betting record's row of a bet voided and refunded before it ever had one (a voided live
 * table round's bet, ADR 060): opened with its stake and the refund as its payout, then closed
 * `cancelled` (the record's void status) with the reason — inside the caller's transaction, the
 * one that posts the refund. Exactly once: the round is keyed by (merchant, vendor, external
 * round id); a second call finds it and changes nothing. Answers the round and whether this call
 * wrote it. Moves no money (the caller refunds through the ledger).
 */
export const recordVoidedRound = async (
  db: Db,
  input: VoidedRoundInput,
): Promise<{ round: GameRound; created: boolean }> => {
  const { stakeMinor, refundMinor, balanceAfterMinor, reason, now, ...open } = input;
  const { round, created } = await openOrGetRound(db, {
    ...open,
    initial: { stakeMinor, payoutMinor: refundMinor, balanceAfterMinor },
    now,
  });
  if (!created) return { round, created };
  const cancelled = await cancelRound(db, { roundId: round.id, reason, balanceAfterMinor, now });
  return { round: cancelled, created };
};
