import { randomUUID } from 'node:crypto';
import type { InHouseEngine } from '@khela/contract';
import { ENGINES_FAIR_VERSION, type RoundSeeds } from '@khela/fair';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Db, isRetryable, isUniqueViolation } from '../../shared/db';
import { MAX_ATTEMPTS, type WalletService } from '../wallet';
import {
  checkMultiStepParams,
  checkPick,
  type EngineGame,
  type EngineParams,
  isMultiStep,
  openView,
  paramsOf,
  playInstant,
  settleMultiStep,
  stepState,
} from './engines';
import type { GameSession } from './launch';
import { recordBigWin, toRound } from './rounds';
import { activeSeed, betLevelsOf, ensureSeed, formatMinorString, ownerOf, type SeedOwner } from './slot';
import { mainBalance, memberStatus } from './store';

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

type Wallet = Pick<WalletService, 'accountOf' | 'post'>;
export type EngineDeps = { db: Kysely<DB>; wallet: Wallet; now: () => Date };

/** What `game_round.bet` holds for an engine round. */
export type EngineBet = {
  fairVersion: number;
  engine: InHouseEngine;
  betMinor: number;
  params: Record<string, unknown>;
  /** Mines/tower: the cells or tiles revealed, in order. */
  picks?: number[];
};

const COLUMNS = [
  'id',
  'merchant_code',
  'member_id',
  'mode',
  'vendor_code',
  'game_node_id',
  'game_type',
  'external_round_id',
  'status',
  'stake_minor',
  'payout_minor',
  'balance_before_minor',
  'balance_after_minor',
  'currency',
  'opened_at',
  'updated_at',
  'settled_at',
  'server_seed_id',
  'client_seed',
  'nonce',
  'bet',
  'result',
] as const;

type Row = {
  id: string;
  status: 'open' | 'settled' | 'cancelled';
  stake_minor: string;
  payout_minor: string;
  balance_before_minor: string | null;
  balance_after_minor: string | null;
  server_seed_id: string | null;
  client_seed: string | null;
  nonce: string | null;
  bet: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  opened_at: Date;
};

const str = (v: string | null) => (v === null ? null : BigInt(v).toString());

/** An engine round as the game page sees it. */
export const engineRoundOf = (r: Row, commitment: string) => {
  const bet = (r.bet ?? {}) as Partial<EngineBet>;
  return {
    roundId: r.id,
    engine: (bet.engine ?? 'classic') as InHouseEngine,
    status: r.status,
    nonce: Number(r.nonce ?? 0),
    clientSeed: r.client_seed ?? '',
    commitment,
    stake: formatMinorString(r.stake_minor),
    stakeMinor: BigInt(r.stake_minor).toString(),
    payout: formatMinorString(r.payout_minor),
    payoutMinor: BigInt(r.payout_minor).toString(),
    balanceBeforeMinor: str(r.balance_before_minor),
    balanceAfterMinor: str(r.balance_after_minor),
    params: bet.params ?? {},
    result: r.result ?? {},
    createdAt: new Date(r.opened_at).getTime(),
  };
};
export type EngineRoundView = ReturnType<typeof engineRoundOf>;

export type EngineOutcome = {
  replayed: boolean;
  round: EngineRoundView;
  balanceMinor: bigint;
  memberId: number | null;
};

type Money =
  | { real: true; memberId: number; mainId: string; houseId: string }
  | { real: false; memberId: null };

const commitmentOf = async (db: Db, seedId: string | null) =>
  seedId === null
    ? ''
    : ((
        await db
          .selectFrom('game_server_seed')
          .select('commitment')
          .where('id', '=', seedId)
          .executeTakeFirst()
      )?.commitment ?? '');

/** The seeds a round was drawn with (its server seed, even before it is revealed: server side only). */
const seedsOfRound = async (db: Db, row: Row): Promise<RoundSeeds> => {
  const seed = await db
    .selectFrom('game_server_seed')
    .select('server_seed')
    .where('id', '=', row.server_seed_id ?? '')
    .executeTakeFirstOrThrow();
  return { serverSeed: seed.server_seed, clientSeed: row.client_seed ?? '', nonce: Number(row.nonce ?? 0) };
};

/** The in-house rounds of the session's owner (the member's real rounds, or the free-play session's). */
const ownRounds = (db: Db, session: GameSession) => {
  const query = db.selectFrom('game_round').where('server_seed_id', 'is not', null);
  return session.mode === 'real' && session.memberId !== null
    ? query.where('member_id', '=', session.memberId).where('mode', '=', 'real')
    : query.where('session_id', '=', session.id).where('mode', '=', 'demo');
};

/** The open mines/tower round of this game, if any. */
export const openEngineRound = async (db: Db, session: GameSession) => {
  const row = await ownRounds(db, session)
    .select(COLUMNS)
    .where('game_node_id', '=', session.nodeId)
    .where('status', '=', 'open')
    .orderBy('opened_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? engineRoundOf(row, await commitmentOf(db, row.server_seed_id)) : null;
};

/** True when an open in-house round of the owner was drawn from this seed (it must not be revealed). */
export const seedHasOpenRound = async (db: Db, owner: SeedOwner, seedId: string) => {
  let query = db
    .selectFrom('game_round')
    .select('id')
    .where('server_seed_id', '=', seedId)
    .where('status', '=', 'open');
  query =
    owner.memberId !== undefined
      ? query.where('member_id', '=', owner.memberId)
      : query.where('session_id', '=', owner.sessionId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
};

const moneyOf = async (deps: EngineDeps, session: GameSession, sweeper = false): Promise<Money> => {
  if (session.mode !== 'real' || session.memberId === null) return { real: false, memberId: null };
  const status = await memberStatus(deps.db, session.memberId);
  if (!status) throw new AppError('game.session.invalid');
  // The sweeper pays out what is owed even to a member locked since.
  if (status.status !== 'active' && !sweeper) throw new AppError('account.locked');
  const ref = { merchantCode: session.merchantCode, currency: session.currency };
  return {
    real: true,
    memberId: session.memberId,
    mainId: await deps.wallet.accountOf({ ...ref, kind: 'member_main', memberId: session.memberId }),
    houseId: await deps.wallet.accountOf({ ...ref, kind: 'house' }),
  };
};

type Movement = { before: bigint; after: bigint; entryId: string | null };

/** Moves `amount` (negative: a stake) between the member and the house, or on the play money. */
const move = async (
  deps: EngineDeps,
  trx: Transaction<DB>,
  session: GameSession,
  money: Money,
  move: { key: string; kind: 'game.bet' | 'game.win'; amount: bigint; roundId: string },
): Promise<Movement> => {
  if (!money.real) {
    const row = await trx
      .selectFrom('game_session')
      .select('demo_balance_minor')
      .where('id', '=', session.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const before = BigInt(row.demo_balance_minor ?? '0');
    const after = before + move.amount;
    if (after < 0n) throw new AppError('insufficient.balance');
    await trx
      .updateTable('game_session')
      .set({ demo_balance_minor: after })
      .where('id', '=', session.id)
      .execute();
    return { before, after, entryId: null };
  }
  const posted = await deps.wallet.post(
    {
      merchantCode: session.merchantCode,
      idempotencyKey: move.key,
      kind: move.kind,
      lines: [
        { accountId: money.mainId, amount: move.amount },
        { accountId: money.houseId, amount: -move.amount },
      ],
      metadata: { memberId: money.memberId, roundId: move.roundId, nodeId: session.nodeId },
    },
    trx,
  );
  if (posted.replayed) throw new AppError('idempotency.conflict');
  const mine = posted.lines.find((l) => l.accountId === money.mainId);
  if (!mine) throw new Error('game entry without the member line');
  return { before: mine.balanceAfter - move.amount, after: mine.balanceAfter, entryId: posted.entryId };
};

const balanceNow = async (db: Db, session: GameSession, money: Money) => {
  if (money.real) return mainBalance(db, session.merchantCode, session.currency, money.memberId);
  const row = await db
    .selectFrom('game_session')
    .select('demo_balance_minor')
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow();
  return BigInt(row.demo_balance_minor ?? '0');
};

/** Runs `attempt` in a transaction, again on a serialization failure or a racing duplicate. */
const withRetries = async <T>(db: Kysely<DB>, attempt: (trx: Transaction<DB>) => Promise<T>) => {
  for (let attemptNo = 1; ; attemptNo++) {
    try {
      return await db.transaction().execute(attempt);
    } catch (error) {
      if ((isUniqueViolation(error) || isRetryable(error)) && attemptNo < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
};

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
    const multi = isMultiStep(engine);
    if (multi) {
      const open = await ownRounds(trx, session)
        .select('id')
        .where('game_node_id', '=', session.nodeId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open) throw new AppError('game.round.open', { value: { roundId: open.id } });
      checkMultiStepParams(engine, seeds, params);
    }
    const result = multi ? openView(engine, params, [], 0) : playInstant(engine, seeds, betMinor, params);
    const payout = multi ? 0n : BigInt((result as { payoutMinor: number }).payoutMinor);
    const roundId = randomUUID();
    const stake = await move(deps, trx, session, money, {
      key: `engine:${roundId}:bet`,
      kind: 'game.bet',
      amount: -BigInt(betMinor),
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
      ...(multi ? { picks: [] } : {}),
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
        stake_minor: BigInt(betMinor),
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
  if (!bet.engine || !isMultiStep(bet.engine) || (bet.picks ?? []).length === 0) return false;
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
