import { randomUUID } from 'node:crypto';
import type { InHouseEngine } from '@khela/contract';
import { ENGINES_FAIR_VERSION } from '@khela/fair';
import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import {
  balanceNow,
  COLUMNS,
  commitmentOf,
  type EngineBet,
  type EngineDeps,
  type EngineOutcome,
  engineRoundOf,
  moneyOf,
  move,
  ownRounds,
  withRetries,
} from './engine-round';
import {
  cardRoundOf,
  checkMultiStepParams,
  type EngineGame,
  type EngineParams,
  isCardRound,
  isMultiStep,
  openView,
  paramsOf,
  playInstant,
} from './engines';
import type { GameSession } from './launch';
import { recordBigWin, toRound } from './rounds';
import { activeSeed, ensureSeed, ownerOf } from './seeds';
import { betLevelsOf } from './slot-offer';

/**
 * Rounds of the in-house engines besides the classic slot (docs/decisions/032-in-house-engines-play.md),
 * through the ledger exactly like the slot: under the locked active seed pair, the stake is
 * debited (`engine:<round>:bet`), the outcome drawn from the seed pair and the next nonce, the
 * win credited (`engine:<round>:win`) and the round recorded with everything a verifier needs
 * (seed id, client seed, nonce, engine, bet, parameters, the full result), in ONE transaction.
 * Mines and tower open the round with the stake and keep the picks server-side (the board never
 * leaves the server before the end); a mine, a trap, the last safe pick or a cash-out settles it
 * once (`UPDATE … WHERE status = 'open'`, the win keyed by the round). Free play moves the
 * session's play money instead of the ledger.
 */

/**
 * One round of a one-step engine, or the opening of a mines/tower round. A repeat of a requestId
 * answers the first round (`replayed`), nothing new happens; another game's or bet's repeat is 409.
 */
export const playEngine = async (
  deps: EngineDeps,
  session: GameSession,
  game: EngineGame & { engine: InHouseEngine; minBet: string },
  input: { requestId: string; betMinor: bigint; params: EngineParams },
): Promise<EngineOutcome> => {
  const { engine } = game;
  const levels = betLevelsOf(game.minBet);
  if (!levels.includes(Number(input.betMinor)))
    throw new AppError('game.bet.invalid', { value: { betLevels: levels.map(String) } });
  const betMinor = Number(input.betMinor);
  const params = paramsOf(engine, input.params, game) as Record<string, unknown>;
  const money = await moneyOf(deps, session);
  const owner = ownerOf(session);
  await ensureSeed(deps.db, session.merchantCode, owner, deps.now());
  const now = deps.now();

  const outcome = await withRetries(deps.db, async (trx): Promise<EngineOutcome> => {
    const seed = await activeSeed(trx, owner, true);
    if (!seed) throw new AppError('conflict');
    const first = await ownRounds(trx, session)
      .select([...COLUMNS, 'game_node_id'])
      .where('request_id', '=', input.requestId)
      .executeTakeFirst();
    if (first) {
      const bet = (first.bet ?? {}) as Partial<EngineBet>;
      if (first.game_node_id !== session.nodeId || bet.betMinor !== betMinor)
        throw new AppError('idempotency.conflict');
      return {
        replayed: true,
        round: engineRoundOf(first, await commitmentOf(trx, first.server_seed_id)),
        balanceMinor: 0n,
        memberId: money.memberId,
      };
    }
    const seeds = {
      serverSeed: seed.server_seed,
      clientSeed: seed.client_seed,
      nonce: Number(seed.next_nonce),
    };
    const stepped = isMultiStep(engine);
    // Blackjack and video poker deal at the opening (a blackjack or the dealer's peek settles it).
    const dealt = isCardRound(engine) ? cardRoundOf(engine).at(seeds, betMinor, []) : null;
    const multi = stepped && !dealt?.settled;
    if (stepped) {
      const open = await ownRounds(trx, session)
        .select('id')
        .where('game_node_id', '=', session.nodeId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open) throw new AppError('game.round.open', { value: { roundId: open.id } });
      if (!isCardRound(engine)) checkMultiStepParams(engine, seeds, params);
    }
    const result = dealt
      ? dealt.settled
        ? dealt.state
        : dealt.view
      : multi && !isCardRound(engine)
        ? openView(engine, params, [], 0)
        : playInstant(engine, seeds, betMinor, params);
    const payout = multi ? 0n : BigInt((result as { payoutMinor: number }).payoutMinor);
    // Roulette stakes the chip × its chips; every other engine stakes the bet.
    const stakeMinor = multi ? betMinor : ((result as { stakeMinor?: number }).stakeMinor ?? betMinor);
    const roundId = randomUUID();
    const stake = await move(deps, trx, session, money, {
      key: `engine:${roundId}:bet`,
      kind: 'game.bet',
      amount: -BigInt(stakeMinor),
      roundId,
    });
    let after = stake.after;
    if (payout > 0n)
      after = (
        await move(deps, trx, session, money, {
          key: `engine:${roundId}:win`,
          kind: 'game.win',
          amount: payout,
          roundId,
        })
      ).after;
    const bet: EngineBet = {
      fairVersion: ENGINES_FAIR_VERSION,
      engine,
      betMinor,
      params,
      ...(stepped ? { picks: [] } : {}),
    };
    const row = await trx
      .insertInto('game_round')
      .values({
        id: roundId,
        merchant_code: session.merchantCode,
        member_id: session.memberId,
        mode: money.real ? 'real' : 'demo',
        vendor_code: session.vendorCode,
        game_node_id: session.nodeId,
        game_type: session.gameType,
        external_round_id: null,
        status: multi ? 'open' : 'settled',
        stake_minor: BigInt(stakeMinor),
        payout_minor: payout,
        balance_before_minor: stake.before,
        balance_after_minor: after,
        currency: session.currency,
        opened_at: now,
        updated_at: now,
        settled_at: multi ? null : now,
        session_id: session.id,
        request_id: input.requestId,
        server_seed_id: seed.id,
        client_seed: seed.client_seed,
        nonce: String(seeds.nonce),
        bet: JSON.stringify(bet),
        result: JSON.stringify(result),
        ledger_entry_id: stake.entryId,
      })
      .returning([...COLUMNS])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('game_server_seed')
      .set({ next_nonce: sql`next_nonce + 1` })
      .where('id', '=', seed.id)
      .execute();
    if (money.real && !multi) await recordBigWin(trx, toRound(row), now);
    return {
      replayed: false,
      round: engineRoundOf(row, seed.commitment),
      balanceMinor: after,
      memberId: money.memberId,
    };
  });
  if (outcome.replayed) outcome.balanceMinor = await balanceNow(deps.db, session, money);
  return outcome;
};
