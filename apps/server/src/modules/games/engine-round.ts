import type { InHouseEngine } from '@khela/contract';
import type { RoundSeeds } from '@khela/fair';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Db, isRetryable, isUniqueViolation } from '../../shared/db';
import { type PlayHooks, playProductOf } from '../activity';
import { MAX_ATTEMPTS, type WalletService } from '../wallet';
import type { GameSession } from './launch';
import type { SeedOwner } from './seeds';
import { formatMinorString } from './slot';
import { mainBalance, memberStatus } from './store';

/**
 * What the engine rounds share (docs/decisions/032-in-house-engines-play.md): the round row and
 * its page view, the owner's rounds, and the money of a round — ledger entries between the
 * member's main wallet and the house, or the free-play session's play money.
 */

export type Wallet = Pick<WalletService, 'accountOf' | 'post'>;
export type EngineDeps = {
  db: Kysely<DB>;
  wallet: Wallet;
  now: () => Date;
  /** The play hooks (ADR 035: protection, turnover, bonus wagering), run in the move's transaction. */
  play?: PlayHooks | undefined;
};

/** What `game_round.bet` holds for an engine round. */
export type EngineBet = {
  fairVersion: number;
  engine: InHouseEngine;
  betMinor: number;
  params: Record<string, unknown>;
  /** Mines/tower: the cells or tiles revealed, in order. */
  picks?: number[];
};

export const COLUMNS = [
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

export type Row = {
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

export const str = (v: string | null) => (v === null ? null : BigInt(v).toString());

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

export type Money =
  | { real: true; memberId: number; mainId: string; houseId: string }
  | { real: false; memberId: null };

export const commitmentOf = async (db: Db, seedId: string | null) =>
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
export const seedsOfRound = async (db: Db, row: Row): Promise<RoundSeeds> => {
  const seed = await db
    .selectFrom('game_server_seed')
    .select('server_seed')
    .where('id', '=', row.server_seed_id ?? '')
    .executeTakeFirstOrThrow();
  return { serverSeed: seed.server_seed, clientSeed: row.client_seed ?? '', nonce: Number(row.nonce ?? 0) };
};

/** The in-house rounds of the session's owner (the member's real rounds, or the free-play session's). */
export const ownRounds = (db: Db, session: GameSession) => {
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

export const moneyOf = async (deps: EngineDeps, session: GameSession, sweeper = false): Promise<Money> => {
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

export type Movement = { before: bigint; after: bigint; entryId: string | null };

/** Moves `amount` (negative: a stake) between the member and the house, or on the play money. */
export const move = async (
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
  const played = {
    memberId: money.memberId,
    merchantCode: session.merchantCode,
    product: playProductOf(session.gameType),
    source: 'engine',
    ref: move.roundId,
  };
  if (move.amount < 0n) await deps.play?.stake(trx, { ...played, amount: -move.amount });
  else if (move.amount > 0n) await deps.play?.payout(trx, { ...played, amount: move.amount });
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

export const balanceNow = async (db: Db, session: GameSession, money: Money) => {
  if (money.real) return mainBalance(db, session.merchantCode, session.currency, money.memberId);
  const row = await db
    .selectFrom('game_session')
    .select('demo_balance_minor')
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow();
  return BigInt(row.demo_balance_minor ?? '0');
};

/** Runs `attempt` in a transaction, again on a serialization failure or a racing duplicate. */
export const withRetries = async <T>(db: Kysely<DB>, attempt: (trx: Transaction<DB>) => Promise<T>) => {
  for (let attemptNo = 1; ; attemptNo++) {
    try {
      return await db.transaction().execute(attempt);
    } catch (error) {
      if ((isUniqueViolation(error) || isRetryable(error)) && attemptNo < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
};
