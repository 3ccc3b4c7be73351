import type { Db } from '../../shared/db';
import { addToHour, hourOf, type PlayColumn, type PlayProduct } from './store';

/** One real-money movement of play, as a vertical reports it (docs/decisions/035). */
export type PlayMove = {
  memberId: number;
  merchantCode: string;
  /** The catalogue game type of what was played. */
  product: PlayProduct;
  /** Minor units, > 0. */
  amount: bigint;
  /** Which vertical: 'slot', 'engine', 'provider', 'lottery', 'sportsbook', 'table', … */
  source: string;
  /** The bet or round in that vertical. */
  ref: string;
  gameId?: string | undefined;
};

type Hook = (trx: Db, move: PlayMove) => Promise<void>;

/**
 * What every money vertical calls inside the transaction that moves the money:
 * `stake` before the stake's debit (a listener may refuse it by throwing an AppError, or move money
 * first, e.g. bonus → main), `payout` in the credit's transaction, `refund` when a stake is given
 * back (void, cancelled event, rollback).
 */
export type PlayHooks = { stake: Hook; payout: Hook; refund: Hook };

export type PlayListener = Partial<PlayHooks>;

/**
 * The play hooks of the server: the listeners run in order on each movement (app.ts puts player
 * protection first, so a refused stake is refused before anything is counted), then the movement
 * is added to the member's hour in `play_hourly`.
 */
export const createPlayHooks = (
  listeners: readonly PlayListener[],
  now: () => Date = () => new Date(),
): PlayHooks => {
  const run = (name: keyof PlayHooks, column: PlayColumn) => async (trx: Db, move: PlayMove) => {
    if (move.amount <= 0n) return;
    for (const listener of listeners) await listener[name]?.(trx, move);
    await addToHour(
      trx,
      {
        merchantCode: move.merchantCode,
        memberId: move.memberId,
        product: move.product,
        hour: hourOf(now()),
      },
      column,
      move.amount,
    );
  };
  return {
    stake: run('stake', 'stake_minor'),
    payout: run('payout', 'payout_minor'),
    refund: run('refund', 'refund_minor'),
  };
};
