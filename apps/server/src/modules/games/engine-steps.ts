import type { InHouseEngine } from '@khela/contract';
import type { RoundSeeds } from '@khela/fair';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  balanceNow,
  COLUMNS,
  commitmentOf,
  type EngineBet,
  type EngineDeps,
  type EngineOutcome,
  engineRoundOf,
  type Money,
  moneyOf,
  move,
  ownRounds,
  type Row,
  seedsOfRound,
  withRetries,
} from './engine-round';
import {
  type CardRoundEngine,
  cardRoundOf,
  checkPick,
  isCardRound,
  isMultiStep,
  openView,
  settleMultiStep,
  stepState,
} from './engines';
import type { GameSession } from './launch';
import { recordBigWin, toRound } from './rounds';

/** The steps of a mines/tower round after its opening (`engine-play.ts`), and the sweeper's cash-out. */

/**
 * A step of an open mines/tower round (`pick`) or its cash-out (`pick` null). A mine, a trap,
 * the last safe pick or the cash-out settles the round, once. A repeat of the last pick, or a
 * cash-out of a settled round, answers the round as it is (`replayed`).
 */
export const stepEngine = async (
  deps: EngineDeps,
  session: GameSession,
  engine: InHouseEngine,
  input: { roundId: string; pick: number | null; index?: number | undefined; sweeper?: boolean },
): Promise<EngineOutcome> => {
  if (!isMultiStep(engine))
    throw new AppError('game.input.invalid', { value: { reason: 'not a multi-step game' } });
  const money = await moneyOf(deps, session, input.sweeper);
  const now = deps.now();
  return withRetries(deps.db, async (trx): Promise<EngineOutcome> => {
    const row = await ownRounds(trx, session)
      .select(COLUMNS)
      .where('id', '=', input.roundId)
      .where('game_node_id', '=', session.nodeId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('not.found');
    const bet = (row.bet ?? {}) as EngineBet;
    const picks = bet.picks ?? [];
    const answer = async (r: Row, replayed: boolean): Promise<EngineOutcome> => ({
      replayed,
      round: engineRoundOf(r, await commitmentOf(trx, r.server_seed_id)),
      balanceMinor: await balanceNow(trx, session, money),
      memberId: money.memberId,
    });
    // A retried step (same index and pick, or a mines cell equal to the last one) or cash-out:
    // the round as it stands.
    const retried =
      input.pick === null
        ? row.status !== 'open'
        : input.index !== undefined
          ? input.index < picks.length && picks[input.index] === input.pick
          : engine === 'mines' && picks[picks.length - 1] === input.pick;
    if (retried) return answer(row, true);
    if (row.status !== 'open') throw new AppError('game.round.closed');
    if (input.index !== undefined && input.index !== picks.length) throw new AppError('conflict');
    const seeds = await seedsOfRound(trx, row);
    if (isCardRound(engine)) {
      const step = await stepCardRound(deps, trx, session, money, engine, row, bet, input);
      return answer(step, false);
    }
    let next = picks;
    if (input.pick !== null) {
      checkPick(engine, bet.params, picks, input.pick);
      next = [...picks, input.pick];
    } else if (picks.length === 0) {
      throw new AppError('game.input.invalid', { value: { reason: 'reveal a cell before cashing out' } });
    }
    const state = stepState(engine, seeds, bet.params, next);
    if (input.pick !== null && !state.lost && !state.complete) {
      const updated = await trx
        .updateTable('game_round')
        .set({
          bet: JSON.stringify({ ...bet, picks: next }),
          result: JSON.stringify(openView(engine, bet.params, next, state.safe)),
          updated_at: now,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'open')
        .returning([...COLUMNS])
        .executeTakeFirstOrThrow();
      return answer(updated, false);
    }
    const result = settleMultiStep(engine, seeds, bet.betMinor, bet.params, next);
    const payout = BigInt(result.payoutMinor);
    let after = row.balance_after_minor === null ? null : BigInt(row.balance_after_minor);
    if (payout > 0n)
      after = (
        await move(deps, trx, session, money, {
          key: `engine:${row.id}:win`,
          kind: 'game.win',
          amount: payout,
          roundId: row.id,
        })
      ).after;
    const settled = await trx
      .updateTable('game_round')
      .set({
        status: 'settled',
        payout_minor: payout,
        balance_after_minor: after,
        bet: JSON.stringify({ ...bet, picks: next }),
        result: JSON.stringify(result),
        settled_at: now,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'open')
      .returning([...COLUMNS])
      .executeTakeFirst();
    // Settled by another step under the same lock cannot happen; a miss is a conflict, nothing kept.
    if (!settled) throw new AppError('conflict');
    if (money.real) await recordBigWin(trx, toRound(settled), now);
    return answer(settled, false);
  });
};

/**
 * The sweeper's end of a mines/tower round idle for ROUND_IDLE_MS: cashed out at the multiplier
 * its safe picks reached (the win is the player's). False when it is no engine round or nothing
 * was revealed (the caller settles it as it stands, at nothing).
 */
export const cashOutIdleRound = async (
  deps: EngineDeps,
  row: {
    id: string;
    merchant_code: string;
    member_id: number | null;
    mode: 'real' | 'demo';
    session_id: string | null;
    game_node_id: string | null;
    vendor_code: string;
    game_type: string;
    currency: string;
    bet: Record<string, unknown> | null;
  },
) => {
  const bet = (row.bet ?? {}) as Partial<EngineBet>;
  // Blackjack is always finished by standing (the bet is the player's until the dealer plays),
  // video poker by holding every card.
  if (!bet.engine || !isMultiStep(bet.engine) || (!isCardRound(bet.engine) && (bet.picks ?? []).length === 0))
    return false;
  const session: GameSession = {
    id: row.session_id ?? '',
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    nodeId: row.game_node_id ?? '',
    vendorCode: row.vendor_code,
    gameType: row.game_type,
    mode: row.mode,
    currency: row.currency,
    language: 'en',
    expiresAt: deps.now(),
  };
  await stepEngine(deps, session, bet.engine, { roundId: row.id, pick: null, sweeper: true });
  return true;
};

/**
 * A blackjack or video poker step (ADR 043, 049): the action (blackjack) or the hold mask (video
 * poker) is the step's pick. A blackjack double, split or insurance stakes more
 * (`engine:<round>:bet:<index>`, through the play hooks like the opening stake) in the same
 * transaction; the round is settled, once, when no hand is left to play (video poker: at the
 * draw). The sweeper's cash-out (`pick` null) stands on every hand left and declines insurance
 * (blackjack) or holds every card (video poker).
 */
const stepCardRound = async (
  deps: EngineDeps,
  trx: Transaction<DB>,
  session: GameSession,
  money: Money,
  engine: CardRoundEngine,
  row: Row & { id: string },
  bet: EngineBet,
  input: { pick: number | null; sweeper?: boolean | undefined },
): Promise<Row> => {
  const seeds: RoundSeeds = await seedsOfRound(trx, row);
  const picks = bet.picks ?? [];
  if (input.pick === null && !input.sweeper)
    throw new AppError('game.input.invalid', { value: { reason: `${engine} has no cash-out` } });
  const { at: stateAt, finishing } = cardRoundOf(engine);
  const next = input.pick === null ? finishing(seeds, bet.betMinor, picks) : [...picks, input.pick];
  const at = stateAt(seeds, bet.betMinor, next);
  const now = deps.now();
  const extra = BigInt(at.state.stakeMinor) - BigInt(row.stake_minor);
  let after = row.balance_after_minor === null ? null : BigInt(row.balance_after_minor);
  if (extra > 0n)
    after = (
      await move(deps, trx, session, money, {
        key: `engine:${row.id}:bet:${picks.length}`,
        kind: 'game.bet',
        amount: -extra,
        roundId: row.id,
      })
    ).after;
  const payout = BigInt(at.state.payoutMinor);
  if (at.settled && payout > 0n)
    after = (
      await move(deps, trx, session, money, {
        key: `engine:${row.id}:win`,
        kind: 'game.win',
        amount: payout,
        roundId: row.id,
      })
    ).after;
  const updated = await trx
    .updateTable('game_round')
    .set({
      stake_minor: BigInt(at.state.stakeMinor),
      balance_after_minor: after,
      bet: JSON.stringify({ ...bet, picks: next }),
      result: JSON.stringify(at.settled ? at.state : at.view),
      updated_at: now,
      ...(at.settled ? { status: 'settled' as const, payout_minor: payout, settled_at: now } : {}),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'open')
    .returning([...COLUMNS])
    .executeTakeFirst();
  if (!updated) throw new AppError('conflict');
  if (at.settled && money.real) await recordBigWin(trx, toRound(updated), now);
  return updated;
};
