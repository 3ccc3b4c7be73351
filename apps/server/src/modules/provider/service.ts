import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  isTrialType,
  LAUNCH_TOKEN_TTL_MS,
  type ProviderAction,
  type ProviderAnswer,
  type ProviderErrorCode,
  type ProviderOk,
  type ProviderRequest,
  providerActions,
  providerErrorStatus,
  providerRequestSchemas,
  TRIAL_TYPES,
} from '@khela/contract';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { PREPARED } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Db, isRetryable } from '../../shared/db';
import { DEFAULT_GAMES_SETTINGS } from '../games';
import type { Protection, StakeGuard } from '../protection';
import type { SiteService } from '../site';
import type { WalletService } from '../wallet';
import { MAX_ATTEMPTS, type PostInput, type PostResult, postArgs, post as postLedger } from '../wallet';
import { hashProviderToken, verifySignature } from './signature';
import * as store from './store';

/**
 * The seamless-wallet provider API (docs/decisions/010-provider-api.md): signed callbacks of
 * third-party game vendors move money through the ledger, idempotent on the vendor's txId.
 */

type Log = {
  warn: (obj: unknown, msg?: string) => void;
  error: (obj: unknown, msg?: string) => void;
  info: (obj: unknown, msg?: string) => void;
};

export type ProviderServiceDeps = {
  db: Kysely<DB>;
  wallet: Pick<WalletService, 'accountOf' | 'merchantWallet' | 'events'>;
  site: Pick<SiteService, 'findMerchant'>;
  log: Log;
  now?: (() => Date) | undefined;
  /**
   * Player protection (docs/decisions/030): `assertCan` refuses a restricted member before the
   * bet; `assertCanStake` checks and counts an applied bet in its transaction.
   */
  protection?: (Pick<Protection, 'assertCan'> & StakeGuard) | undefined;
};

export type ProviderReply = { status: number; body: ProviderAnswer };

/** How long a session token handed to a vendor at launch can authenticate and place bets. */
export const PROVIDER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Rounds with no callback for this long are reconciled by the sweeper. */
export const PROVIDER_ROUND_IDLE_MS = 24 * 60 * 60 * 1000;
/** Vendor configuration rows are cached this long (a revoked secret stops working within it). */
const CONFIG_CACHE_MS = 5_000;

const VENDOR_CODE = /^[A-Z0-9_]{1,40}$/;

/** The winner-board threshold of a merchant without games settings (games/settings.ts). */
const BIG_WIN_MIN = DEFAULT_GAMES_SETTINGS.bigWinMinMinor.toString();
/** Member types whose wins stay off the winner board (free-play trial accounts). */
const TRIAL = [...TRIAL_TYPES];

/** A refusal decided before anything is stored: the transaction rolls back, nothing is kept. */
class Refusal extends Error {
  constructor(readonly code: ProviderErrorCode) {
    super(code);
  }
}

/** A protection refusal answers the vendor's code: a time-out or exclusion blocks the player, a limit the bet. */
const protectionRefusal = (caught: unknown): Refusal | undefined => {
  if (!(caught instanceof AppError)) return undefined;
  if (caught.code === 'protection.timeout' || caught.code === 'protection.excluded')
    return new Refusal('PLAYER_BLOCKED');
  if (caught.code === 'protection.limit' || caught.code === 'protection.session.limit')
    return new Refusal('BET_LIMIT_EXCEEDED');
  return undefined;
};

/** The refusal a callback function raised (SQLSTATE KHP01, the code as message), if it was one. */
const refusalOf = (caught: unknown): ProviderErrorCode | undefined => {
  if (typeof caught !== 'object' || caught === null) return undefined;
  const { code, message } = caught as { code?: unknown; message?: unknown };
  if (code !== 'KHP01' || typeof message !== 'string') return undefined;
  return message in providerErrorStatus ? (message as ProviderErrorCode) : undefined;
};

const error = (code: ProviderErrorCode): ProviderReply => ({
  status: providerErrorStatus[code],
  body: { status: 'ERROR', code },
});

/** The answer with its keys in one order (jsonb gives stored answers back in its own order). */
const canonical = (answer: ProviderAnswer): ProviderAnswer => {
  if (answer.status === 'ERROR') return { status: 'ERROR', code: answer.code };
  return {
    status: 'OK',
    balance: answer.balance,
    currency: answer.currency,
    ...(answer.txId !== undefined ? { txId: answer.txId } : {}),
    ...(answer.playerId !== undefined ? { playerId: answer.playerId } : {}),
    ...(answer.nickname !== undefined ? { nickname: answer.nickname } : {}),
    ...(answer.token !== undefined ? { token: answer.token } : {}),
  };
};

const replyOf = (answer: ProviderAnswer): ProviderReply =>
  answer.status === 'OK' ? { status: 200, body: canonical(answer) } : error(answer.code);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What a call asks for, minus who carried it (merchant, token): a repeat must match it. */
const requestHash = (action: ProviderAction, request: Record<string, unknown>) => {
  const { merchant: _m, token: _t, ...data } = request;
  const sorted = Object.keys(data)
    .sort()
    .map((k) => [k, data[k]]);
  return sha256(JSON.stringify([action, sorted]));
};

const isBlocked = (status: string) => status !== 'active';

/** The ledger's idempotency keys of provider movements: vendor + the vendor's txId. */
export const ledgerKey = (vendorCode: string, kind: 'bet' | 'win' | 'refund', txId: string) =>
  `provider:${vendorCode}:${kind}:${txId}`;

type Member = NonNullable<Awaited<ReturnType<typeof store.readMember>>>;

/** Who a money callback is for: enough for the database functions of migration 0018. */
type CallContext = {
  merchantCode: string;
  currency: string;
  vendorCode: string;
  memberId: number;
  /** The wallet the vendor plays on: main wallet (single-wallet merchant) or the vendor wallet. */
  walletId: string;
  houseId: string;
  now: Date;
};

/** The same with the member's row, read by the paths that still run in TypeScript. */
type Context = CallContext & { member: Member };

export const createProviderService = ({
  db,
  wallet,
  site,
  log,
  now = () => new Date(),
  protection,
}: ProviderServiceDeps) => {
  const configCache = new Map<
    string,
    { at: number; row: Awaited<ReturnType<typeof store.readVendorConfig>> }
  >();
  const gameCache = new Map<string, { vendorCode: string; gameType: string }>();
  /** Members known to exist (`merchant:id`): their money callbacks skip the member read. */
  const knownMembers = new Set<string>();

  const vendorConfig = async (merchantCode: string, vendorCode: string) => {
    const key = `${merchantCode}:${vendorCode}`;
    const at = Date.now();
    const cached = configCache.get(key);
    if (cached && at - cached.at < CONFIG_CACHE_MS) return cached.row;
    const row = await store.readVendorConfig(db, merchantCode, vendorCode);
    configCache.set(key, { at, row });
    return row;
  };

  /** The catalogue game of a node id; pass the transaction when called inside one. */
  const gameOf = async (nodeId: string, within: Db = db) => {
    const known = gameCache.get(nodeId);
    if (known) return known;
    const row = await store.readGame(within, nodeId);
    if (!row) return undefined;
    const game = { vendorCode: row.vendor_code, gameType: row.game_type };
    gameCache.set(nodeId, game);
    return game;
  };

  /** Runs a transaction, again after a serialization failure or deadlock (PostgreSQL). */
  const inTransaction = async <T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(work);
      } catch (caught) {
        if (!isRetryable(caught) || attempt >= MAX_ATTEMPTS) throw caught;
        await new Promise((resolve) => setTimeout(resolve, randomInt(1, 5 * 2 ** attempt + 2)));
      }
    }
  };

  const contextOf = async (
    merchantCode: string,
    vendorCode: string,
    playerId: string,
    read?: Awaited<ReturnType<typeof store.readMember>> | null,
  ): Promise<Context> => {
    const merchant = site.findMerchant(merchantCode);
    if (!merchant) throw new Refusal('UNKNOWN_PLAYER');
    const member = read === undefined ? await store.readMember(db, merchantCode, Number(playerId)) : read;
    if (!member) throw new Refusal('UNKNOWN_PLAYER');
    const base = { merchantCode, currency: merchant.currency };
    const single = wallet.merchantWallet(merchantCode).isSingle;
    const walletId = await wallet.accountOf(
      single
        ? { ...base, kind: 'member_main', memberId: member.id }
        : { ...base, kind: 'member_vendor', memberId: member.id, vendorCode },
    );
    const houseId = await wallet.accountOf({ ...base, kind: 'house' });
    knownMembers.add(`${merchantCode}:${member.id}`);
    return {
      merchantCode,
      currency: merchant.currency,
      vendorCode,
      memberId: member.id,
      member,
      walletId,
      houseId,
      now: now(),
    };
  };

  /**
   * The context of a money callback without reading the member: the database function reads it
   * (and refuses UNKNOWN_PLAYER). A member seen for the first time takes the read first, so that
   * its accounts are made only for a member that exists (members are never deleted).
   */
  const callContextOf = async (merchantCode: string, vendorCode: string, playerId: string) => {
    const merchant = site.findMerchant(merchantCode);
    if (!merchant) throw new Refusal('UNKNOWN_PLAYER');
    const memberId = Number(playerId);
    if (!knownMembers.has(`${merchantCode}:${memberId}`))
      return contextOf(merchantCode, vendorCode, playerId);
    const base = { merchantCode, currency: merchant.currency };
    const single = wallet.merchantWallet(merchantCode).isSingle;
    const walletId = await wallet.accountOf(
      single
        ? { ...base, kind: 'member_main', memberId }
        : { ...base, kind: 'member_vendor', memberId, vendorCode },
    );
    const houseId = await wallet.accountOf({ ...base, kind: 'house' });
    return { merchantCode, currency: merchant.currency, vendorCode, memberId, walletId, houseId, now: now() };
  };

  const ok = (ctx: Context, balance: bigint, extra: Partial<ProviderOk> = {}): ProviderOk => ({
    status: 'OK',
    balance: Number(balance),
    currency: ctx.currency,
    ...extra,
  });

  const memberBalanceOf = (result: PostResult, accountId: string) => {
    const line = result.lines.find((l) => l.accountId === accountId);
    if (!line) throw new Error('ledger entry without the member line');
    return line.balanceAfter;
  };

  /** The ledger entry of a provider movement: the member's wallet against the house. */
  const entryInput = (
    ctx: CallContext,
    kind: 'bet' | 'win' | 'refund',
    txId: string,
    amount: bigint,
    metadata: Record<string, unknown>,
    reverses: string | null = null,
  ): PostInput => {
    const toMember = kind === 'bet' ? -amount : amount;
    return {
      merchantCode: ctx.merchantCode,
      idempotencyKey: ledgerKey(ctx.vendorCode, kind, txId),
      kind: `game.${kind}`,
      lines: [
        { accountId: ctx.walletId, amount: toMember },
        { accountId: ctx.houseId, amount: -toMember },
      ],
      metadata: { memberId: ctx.memberId, vendorCode: ctx.vendorCode, txId, ...metadata },
      reverses,
    };
  };

  const post = (
    trx: Db,
    ctx: Context,
    kind: 'bet' | 'win' | 'refund',
    txId: string,
    amount: bigint,
    metadata: Record<string, unknown>,
    reverses?: string | null,
  ) => postLedger(trx, entryInput(ctx, kind, txId, amount, metadata, reverses ?? null), { now: ctx.now });

  /**
   * Mirrors a change of a provider round into the player-facing round record (game_round, games
   * module) through the database function `provider_mirror` (migration 0018, the provider's use of
   * games/rounds.ts in one statement). Changes the games module refuses on a closed round (a
   * rollback after the round was settled, a win after it was cancelled) are left out of the
   * record and logged: the ledger and provider_round still hold them.
   */
  const mirror = async (
    trx: Db,
    ctx: Context,
    round: store.ProviderRoundRow,
    change: {
      stake?: bigint;
      payout?: bigint;
      balanceBefore: bigint;
      balanceAfter: bigint;
      close?: 'settled' | 'cancelled';
    },
  ) => {
    const { rows } = await sql<{ closed: string | null }>`
      SELECT provider_mirror(r, ${change.stake?.toString() ?? null}, ${change.payout?.toString() ?? null},
        ${change.balanceBefore.toString()}, ${change.balanceAfter.toString()}, ${change.close ?? null},
        ${isTrialType(ctx.member.type)}, ${BIG_WIN_MIN}, ${null}, ${ctx.now}) AS closed
      FROM provider_round r WHERE r.id = ${round.id}`.execute(trx);
    if (rows[0]?.closed) mirrorClosed(ctx, round.external_round_id, String(change.close ?? 'amounts'));
  };

  const mirrorClosed = (ctx: CallContext, roundId: string, change: string) =>
    log.warn(
      { vendorCode: ctx.vendorCode, roundId, change },
      'provider change after the round record closed: kept in the ledger only',
    );

  /** The ledger entry of a provider movement, checked and hashed (wallet/ledger.ts postArgs). */
  const entryOf = (
    ctx: CallContext,
    kind: 'bet' | 'win' | 'refund',
    txId: string,
    amount: bigint,
    metadata: Record<string, unknown>,
  ) => postArgs(entryInput(ctx, kind, txId, amount, metadata));

  /**
   * Runs one callback's database function (migration 0018: provider_bet, provider_win,
   * provider_end_round): one statement, its own transaction, again after a serialization failure
   * or deadlock (PostgreSQL). A refusal that stores nothing comes back as SQLSTATE KHP01.
   */
  const runCallback = async (
    ctx: CallContext,
    roundId: string,
    change: string,
    query: RawBuilder<{ r: unknown }>,
    /** Runs after an applied change, in its transaction: a throw undoes the whole call. */
    afterChange?: (trx: Db) => Promise<void>,
  ): Promise<MoneyOutcome> => {
    type Result = { answer: ProviderAnswer; changed: boolean; mirror?: string | null };
    const parse = (rows: { r: unknown }[]) => {
      const raw = rows[0]?.r;
      return (typeof raw === 'string' ? JSON.parse(raw) : raw) as Result;
    };
    for (let attempt = 1; ; attempt++) {
      try {
        const result = afterChange
          ? await db.transaction().execute(async (trx) => {
              const applied = parse((await query.execute(trx)).rows);
              if (applied.changed) await afterChange(trx);
              return applied;
            })
          : parse((await query.execute(db)).rows);
        if (result.mirror === 'closed') mirrorClosed(ctx, roundId, change);
        return { answer: result.answer, changedMember: result.changed ? ctx.memberId : null };
      } catch (caught) {
        const refusal = refusalOf(caught);
        if (refusal) throw new Refusal(refusal);
        const guarded = protectionRefusal(caught);
        if (guarded) throw guarded;
        if (!isRetryable(caught) || attempt >= MAX_ATTEMPTS) throw caught;
        await new Promise((resolve) => setTimeout(resolve, randomInt(1, 5 * 2 ** attempt + 2)));
      }
    }
  };

  /** The stored answer of a used txId, or DUPLICATE_CONFLICT when its data differ. */
  const replay = async (
    trx: Db,
    key: store.TxKey,
    action: ProviderAction,
    hash: string,
    memberId: number,
  ): Promise<ProviderAnswer> => {
    const row = await store.readTxForUpdate(trx, key);
    if (!row) throw new Error('provider transaction vanished after a conflict');
    if (row.state === 'tombstone' && action === 'bet' && row.member_id === memberId) {
      if (row.request_hash === null) {
        await store.updateTx(trx, key, { requestHash: hash, now: now() });
        return row.answer as ProviderAnswer;
      }
    }
    if (row.request_hash !== hash || row.member_id !== memberId)
      return { status: 'ERROR', code: 'DUPLICATE_CONFLICT' };
    return row.answer as ProviderAnswer;
  };

  type MoneyOutcome = { answer: ProviderAnswer; changedMember: number | null };

  /**
   * A bet in one statement (provider_bet, migration 0018): the member, the claim of the txId (a
   * repeat gets its stored answer), then, for a new bet only, the game (BAD_REQUEST), the session
   * (INVALID_TOKEN), both storing nothing, the round (ROUND_CLOSED), the player (PLAYER_BLOCKED)
   * and the funds (INSUFFICIENT_FUNDS: the ledger post in a subtransaction), each refusal stored;
   * else the stake moves, the round and its record take it and the answer is stored.
   */
  const bet = async (ctx: CallContext, req: ProviderRequest<'bet'>, hash: string) => {
    const amount = BigInt(req.amount);
    // Player protection: a restricted player or a used-up limit is refused before anything is stored.
    if (protection) {
      try {
        await protection.assertCan(ctx.memberId, 'stake');
      } catch (caught) {
        throw protectionRefusal(caught) ?? caught;
      }
    }
    const game = await gameCheck(ctx, req.gameId, req.currency);
    const entry = entryOf(ctx, 'bet', req.txId, amount, { roundId: req.roundId, gameId: req.gameId });
    return runCallback(
      ctx,
      req.roundId,
      'amounts',
      sql<{ r: unknown }>`${PREPARED} SELECT provider_bet(${ctx.merchantCode}, ${ctx.vendorCode}, ${req.txId},
        ${ctx.memberId}, ${req.roundId}, ${req.gameId}, ${game?.gameType ?? null}, ${game !== undefined},
        ${amount.toString()}, ${hash}, ${hashProviderToken(req.token)}, ${ctx.currency}, ${ctx.walletId},
        ${entry.entryId}, ${entry.key}, ${entry.kind}, ${entry.hash}, ${entry.metadata}, ${entry.accounts},
        ${entry.amounts}, ${TRIAL}, ${BIG_WIN_MIN}, ${ctx.now}) AS r`,
      protection ? (trx) => protection.assertCanStake(trx, ctx.memberId, amount) : undefined,
    );
  };

  /**
   * A win in one statement (provider_win, migration 0018): always credited (locked or excluded
   * players, after a rollback, after the end, before the bet); a win of 0 records a result.
   */
  const win = async (ctx: CallContext, req: ProviderRequest<'win'>, hash: string) => {
    const amount = BigInt(req.amount);
    const game = await gameCheck(ctx, req.gameId, req.currency);
    // A win of 0 moves nothing: its entry is never posted (postArgs refuses a zero line).
    const entry =
      amount > 0n
        ? entryOf(ctx, 'win', req.txId, amount, { roundId: req.roundId, gameId: req.gameId })
        : null;
    return runCallback(
      ctx,
      req.roundId,
      'amounts',
      sql<{ r: unknown }>`${PREPARED} SELECT provider_win(${ctx.merchantCode}, ${ctx.vendorCode}, ${req.txId},
        ${ctx.memberId}, ${req.roundId}, ${req.gameId}, ${game?.gameType ?? null}, ${game !== undefined},
        ${amount.toString()}, ${hash}, ${ctx.currency}, ${ctx.walletId}, ${entry?.entryId ?? null},
        ${entry?.key ?? null}, ${entry?.kind ?? null}, ${entry?.hash ?? null}, ${entry?.metadata ?? null},
        ${entry?.accounts ?? null}, ${entry?.amounts ?? null}, ${TRIAL}, ${BIG_WIN_MIN}, ${ctx.now}) AS r`,
      protection && amount > 0n ? (trx) => protection.countPayout(trx, ctx.memberId, amount) : undefined,
    );
  };

  /** Refunds an applied bet (locked by the caller) and takes it off its round. */
  const refundBet = async (
    trx: Db,
    ctx: Context,
    bet: NonNullable<Awaited<ReturnType<typeof store.readTxForUpdate>>>,
    reason: Record<string, unknown>,
  ) => {
    const amount = BigInt(bet.amount);
    const result = await post(
      trx,
      ctx,
      'refund',
      bet.tx_id,
      amount,
      { roundId: bet.round_id, ...reason },
      bet.entry_id,
    );
    const balanceAfter = memberBalanceOf(result, ctx.walletId);
    const balanceBefore = balanceAfter - amount;
    await store.updateTx(
      trx,
      { merchantCode: ctx.merchantCode, vendorCode: ctx.vendorCode, txId: bet.tx_id },
      { state: 'rolled_back', refundEntryId: result.entryId, now: ctx.now },
    );
    const round = await store.readRoundForUpdate(trx, {
      merchantCode: ctx.merchantCode,
      vendorCode: ctx.vendorCode,
      externalRoundId: bet.round_id,
    });
    if (round) {
      const updated = await store.updateRound(trx, round.id, { stakeDelta: -amount, now: ctx.now });
      await mirror(trx, ctx, updated, { stake: -amount, balanceBefore, balanceAfter });
    }
    return { result, balanceAfter };
  };

  const rollback = (ctx: Context, req: ProviderRequest<'rollback'>, hash: string) =>
    inTransaction(async (trx): Promise<MoneyOutcome> => {
      const key = { merchantCode: ctx.merchantCode, vendorCode: ctx.vendorCode, txId: req.txId };
      const claimed = await store.claimTx(trx, {
        ...key,
        action: 'rollback',
        memberId: ctx.member.id,
        roundId: req.roundId,
        refTxId: req.refTxId,
        amount: 0n,
        requestHash: hash,
        state: 'applied',
        answer: {},
        now: ctx.now,
      });
      if (!claimed)
        return { answer: await replay(trx, key, 'rollback', hash, ctx.member.id), changedMember: null };
      const betKey = { ...key, txId: req.refTxId };
      // The tombstone: a bet with this id that arrives later is refused.
      const tombstoned = await store.claimTx(trx, {
        ...betKey,
        action: 'bet',
        memberId: ctx.member.id,
        roundId: req.roundId,
        amount: 0n,
        requestHash: null,
        state: 'tombstone',
        answer: { status: 'ERROR', code: 'TX_ROLLED_BACK' },
        now: ctx.now,
      });
      let answer: ProviderAnswer;
      let changedMember: number | null = null;
      if (tombstoned) {
        answer = ok(ctx, await store.readBalance(trx, ctx.walletId));
      } else {
        const target = await store.readTxForUpdate(trx, betKey);
        if (target?.action !== 'bet' || target.member_id !== ctx.member.id) {
          answer = { status: 'ERROR', code: 'UNKNOWN_TRANSACTION' };
          await store.updateTx(trx, key, { state: 'refused', answer, now: ctx.now });
          return { answer, changedMember: null };
        }
        if (target.state === 'applied') {
          const { result, balanceAfter } = await refundBet(trx, ctx, target, { rollbackTxId: req.txId });
          answer = ok(ctx, balanceAfter, { txId: result.entryId });
          changedMember = ctx.member.id;
          await store.updateTx(trx, key, { answer, entryId: result.entryId, now: ctx.now });
          return { answer, changedMember };
        }
        // Refused, already rolled back, or a tombstone: nothing to refund.
        answer = ok(ctx, await store.readBalance(trx, ctx.walletId));
      }
      await store.updateTx(trx, key, { answer, now: ctx.now });
      return { answer, changedMember };
    });

  /** Closes a locked open round: settled when anything stayed in it, cancelled when empty. */
  const closeRound = async (trx: Db, ctx: Context, round: store.ProviderRoundRow) => {
    const empty = BigInt(round.stake) === 0n && BigInt(round.payout) === 0n;
    const status = empty ? 'cancelled' : 'settled';
    const updated = await store.updateRound(trx, round.id, { status, now: ctx.now });
    const balance = await store.readBalance(trx, ctx.walletId);
    await mirror(trx, ctx, updated, { balanceBefore: balance, balanceAfter: balance, close: status });
    return { round: updated, balance };
  };

  /** endRound in one statement (provider_end_round, migration 0018): closes the round. */
  const endRound = (ctx: CallContext, req: ProviderRequest<'endRound'>, hash: string) =>
    runCallback(
      ctx,
      req.roundId,
      'close',
      sql<{
        r: unknown;
      }>`${PREPARED} SELECT provider_end_round(${ctx.merchantCode}, ${ctx.vendorCode}, ${req.txId},
        ${ctx.memberId}, ${req.roundId}, ${hash}, ${ctx.currency}, ${ctx.walletId}, ${TRIAL},
        ${BIG_WIN_MIN}, ${ctx.now}) AS r`,
    );

  /**
   * The vendor's first call: exchanges the single-use launch token of the launch URL (60 s) for
   * the 12-hour vendor session, once. The answer carries the session `token` the vendor sends
   * with every bet; a second exchange of the same launch token, or one after 60 s, is refused
   * INVALID_TOKEN. A refusal (blocked player) leaves the launch token unused.
   */
  const authenticate = async (
    merchantCode: string,
    vendorCode: string,
    req: ProviderRequest<'authenticate'>,
  ) => {
    const at = now();
    const tokenHash = hashProviderToken(req.token);
    const launch = await store.readLaunchToken(db, tokenHash);
    if (!launch || launch.merchant_code !== merchantCode || launch.vendor_code !== vendorCode)
      throw new Refusal('INVALID_TOKEN');
    const ctx = await contextOf(merchantCode, vendorCode, String(launch.member_id));
    if (isBlocked(ctx.member.status)) throw new Refusal('PLAYER_BLOCKED');
    const session = await inTransaction(async (trx) => {
      const claimed = await store.claimLaunchToken(trx, { tokenHash, merchantCode, vendorCode, now: at });
      if (!claimed) throw new Refusal('INVALID_TOKEN');
      return issueSession(
        { merchantCode, vendorCode, memberId: claimed.member_id, gameNodeId: claimed.game_node_id },
        trx,
      );
    });
    const balance = await store.readBalance(db, ctx.walletId);
    return ok(ctx, balance, {
      playerId: String(ctx.member.id),
      nickname: ctx.member.nickname,
      token: session.token,
    });
  };

  /** The catalogue game of a bet or a win when it is of this vendor and in the merchant's currency. */
  const gameCheck = async (ctx: CallContext, gameId: string, currency: string) => {
    if (currency !== ctx.currency) return undefined;
    const game = await gameOf(gameId);
    return game?.vendorCode === ctx.vendorCode ? game : undefined;
  };

  /**
   * One signed callback: `POST /provider/<vendorCode>/<action>` with its raw body and headers.
   * Never throws for anything the vendor sent; an unexpected failure answers INTERNAL_ERROR
   * (nothing was applied: the transaction rolled back) and is logged without the body.
   */
  const handle = async (
    vendorCode: string,
    action: string,
    rawBody: Buffer,
    headers: { timestamp?: string | undefined; signature?: string | undefined },
  ): Promise<ProviderReply> => {
    if (!VENDOR_CODE.test(vendorCode) || !(providerActions as readonly string[]).includes(action))
      return error('BAD_REQUEST');
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return error('BAD_REQUEST');
    }
    const merchantCode =
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { merchant?: unknown }).merchant === 'string'
        ? (body as { merchant: string }).merchant
        : undefined;
    if (!merchantCode) return error('BAD_REQUEST');
    const config = await vendorConfig(merchantCode, vendorCode);
    if (!config?.enabled) return error('INVALID_SIGNATURE');
    const check = verifySignature(
      config.secret,
      headers.timestamp,
      headers.signature,
      rawBody,
      now().getTime(),
    );
    if (check !== 'ok') return error(check);
    const act = action as ProviderAction;
    const parsed = providerRequestSchemas[act].safeParse(body);
    if (!parsed.success) return error('BAD_REQUEST');
    try {
      if (act === 'authenticate')
        return replyOf(
          await authenticate(merchantCode, vendorCode, parsed.data as ProviderRequest<'authenticate'>),
        );
      const request = parsed.data as ProviderRequest<'balance'>;
      const hash = act === 'balance' ? '' : requestHash(act, parsed.data as Record<string, unknown>);
      let outcome: MoneyOutcome;
      if (act === 'bet' || act === 'win' || act === 'endRound') {
        // One statement each (migration 0018): the database function reads the member, answers a
        // repeat of a txId from its record and applies a new one.
        const ctx = await callContextOf(merchantCode, vendorCode, request.playerId);
        if (act === 'bet') outcome = await bet(ctx, parsed.data as ProviderRequest<'bet'>, hash);
        else if (act === 'win') outcome = await win(ctx, parsed.data as ProviderRequest<'win'>, hash);
        else outcome = await endRound(ctx, parsed.data as ProviderRequest<'endRound'>, hash);
      } else {
        // The player, and the record of this txId when it was used: a repeat (a retry, a
        // duplicate) is answered from its committed record in this one read (the claim and the
        // final answer are written in one transaction, so a row seen here is final). Anything
        // else (a new txId, other data) takes the full path.
        const txId = act === 'balance' ? undefined : (parsed.data as ProviderRequest<'rollback'>).txId;
        const found = await store.readMemberWithTx(db, {
          merchantCode,
          memberId: Number(request.playerId),
          vendorCode,
          txId,
        });
        if (found?.tx && found.tx.request_hash === hash && found.tx.member_id === found.member.id)
          return replyOf(found.tx.answer as ProviderAnswer);
        const ctx = await contextOf(merchantCode, vendorCode, request.playerId, found?.member ?? null);
        if (act === 'balance') return replyOf(ok(ctx, await store.readBalance(db, ctx.walletId)));
        outcome = await rollback(ctx, parsed.data as ProviderRequest<'rollback'>, hash);
      }
      if (outcome.changedMember !== null) wallet.events.publish(outcome.changedMember);
      return replyOf(outcome.answer);
    } catch (caught) {
      if (caught instanceof Refusal) return error(caught.code);
      log.error({ err: caught, vendorCode, action }, 'provider callback failed');
      return error('INTERNAL_ERROR');
    }
  };

  /**
   * The 12-hour vendor session: what `authenticate` hands the vendor in exchange for a launch
   * token, sent with each bet. Only its hash is stored.
   */
  const issueSession = async (
    input: {
      merchantCode: string;
      vendorCode: string;
      memberId: number;
      gameNodeId: string;
    },
    within: Db = db,
  ) => {
    const token = randomBytes(24).toString('base64url');
    const at = now();
    await store.insertSession(within, {
      token_hash: hashProviderToken(token),
      merchant_code: input.merchantCode,
      vendor_code: input.vendorCode,
      member_id: input.memberId,
      game_node_id: input.gameNodeId,
      created_at: at,
      expires_at: new Date(at.getTime() + PROVIDER_SESSION_TTL_MS),
    });
    return { token, expiresAt: new Date(at.getTime() + PROVIDER_SESSION_TTL_MS) };
  };

  /**
   * The token a launch URL carries (launch adapter): single-use, valid LAUNCH_TOKEN_TTL_MS (60 s),
   * exchanged by the vendor's `authenticate` for the vendor session. Only its hash is stored.
   */
  const issueLaunchToken = async (input: {
    merchantCode: string;
    vendorCode: string;
    memberId: number;
    gameNodeId: string;
  }) => {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const expiresAt = new Date(at.getTime() + LAUNCH_TOKEN_TTL_MS);
    await store.insertLaunchToken(db, {
      token_hash: hashProviderToken(token),
      merchant_code: input.merchantCode,
      vendor_code: input.vendorCode,
      member_id: input.memberId,
      game_node_id: input.gameNodeId,
      created_at: at,
      expires_at: expiresAt,
    });
    return { token, expiresAt };
  };

  /**
   * The sweeper's hook (games module, every few minutes): every vendor round idle for 24 hours is
   * closed. A round that received a result (any win, even 0) is settled as the vendor reported
   * it; a round with bets and no result is cancelled and its bets refunded (ledger key
   * `provider:<vendor>:refund:<betTxId>`, the same as a vendor rollback, so a later rollback
   * refunds nothing twice). Returns how many rounds it closed.
   */
  const reconcileIdleRounds = async (options: { idleMs?: number; limit?: number } = {}) => {
    const at = now();
    const idle = await store.readIdleRounds(
      db,
      new Date(at.getTime() - (options.idleMs ?? PROVIDER_ROUND_IDLE_MS)),
      options.limit ?? 500,
    );
    let closed = 0;
    for (const row of idle) {
      const done = await reconcileRound({
        merchantCode: row.merchant_code,
        vendorCode: row.vendor_code,
        externalRoundId: row.external_round_id,
      });
      if (done) closed++;
    }
    return closed;
  };

  /**
   * Closes one open vendor round now (the sweeper's verdict, see reconcileIdleRounds): settled
   * when it has a result, else cancelled with its bets refunded. True when it closed the round.
   */
  const reconcileRound = async (roundKey: store.RoundKey) => {
    const memberId = await inTransaction(async (trx) => {
      const round = await store.readRoundForUpdate(trx, roundKey);
      if (round?.status !== 'open') return null;
      const ctx = await contextIn(trx, round);
      if (!round.has_result) {
        const bets = await store.readAppliedBets(
          trx,
          round.merchant_code,
          round.vendor_code,
          round.external_round_id,
        );
        for (const bet of bets) await refundBet(trx, ctx, bet, { sweeper: true });
      }
      const fresh = await store.readRoundForUpdate(trx, roundKey);
      if (fresh) await closeRound(trx, ctx, fresh);
      return round.member_id;
    });
    if (memberId === null) return false;
    wallet.events.publish(memberId);
    return true;
  };

  /** The context of a stored round's member, read inside a transaction (no new accounts made). */
  const contextIn = async (trx: Db, round: store.ProviderRoundRow): Promise<Context> => {
    const member = await store.readMember(trx, round.merchant_code, round.member_id);
    if (!member) throw new Error(`provider round ${round.id} names no member`);
    const single = wallet.merchantWallet(round.merchant_code).isSingle;
    const base = { merchantCode: round.merchant_code, currency: round.currency };
    const walletId = await wallet.accountOf(
      single
        ? { ...base, kind: 'member_main', memberId: member.id }
        : { ...base, kind: 'member_vendor', memberId: member.id, vendorCode: round.vendor_code },
      trx,
    );
    const houseId = await wallet.accountOf({ ...base, kind: 'house' }, trx);
    return {
      merchantCode: round.merchant_code,
      currency: round.currency,
      vendorCode: round.vendor_code,
      memberId: member.id,
      member,
      walletId,
      houseId,
      now: now(),
    };
  };

  /** Deletes sessions and launch tokens that expired more than a day ago. */
  const purgeSessions = async () => {
    const before = new Date(now().getTime() - 24 * 60 * 60 * 1000);
    const sessions = await store.deleteExpiredSessions(db, before);
    const launches = await store.deleteExpiredLaunchTokens(db, before);
    return Number(sessions.numDeletedRows) + Number(launches.numDeletedRows);
  };

  return {
    handle,
    issueSession,
    issueLaunchToken,
    reconcileIdleRounds,
    reconcileRound,
    purgeSessions,
    vendorConfig,
  };
};

export type ProviderService = ReturnType<typeof createProviderService>;
