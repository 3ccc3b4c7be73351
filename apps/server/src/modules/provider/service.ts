import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  LAUNCH_TOKEN_TTL_MS,
  type ProviderAction,
  type ProviderAnswer,
  type ProviderErrorCode,
  type ProviderOk,
  type ProviderRequest,
  providerActions,
  providerErrorStatus,
  providerRequestSchemas,
} from '@khela/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as rounds from '../games/rounds';
import type { SiteService } from '../site';
import type { WalletService } from '../wallet';
import { type Db, isRetryable, MAX_ATTEMPTS, type PostResult, post as postLedger } from '../wallet/ledger';
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
};

export type ProviderReply = { status: number; body: ProviderAnswer };

/** How long a session token handed to a vendor at launch can authenticate and place bets. */
export const PROVIDER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Rounds with no callback for this long are reconciled by the sweeper. */
export const PROVIDER_ROUND_IDLE_MS = 24 * 60 * 60 * 1000;
/** Vendor configuration rows are cached this long (a revoked secret stops working within it). */
const CONFIG_CACHE_MS = 5_000;

const VENDOR_CODE = /^[A-Z0-9_]{1,40}$/;

/** A refusal decided before anything is stored: the transaction rolls back, nothing is kept. */
class Refusal extends Error {
  constructor(readonly code: ProviderErrorCode) {
    super(code);
  }
}

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

type Context = {
  merchantCode: string;
  currency: string;
  vendorCode: string;
  member: Member;
  /** The wallet the vendor plays on: main wallet (single-wallet merchant) or the vendor wallet. */
  walletId: string;
  houseId: string;
  now: Date;
};

export const createProviderService = ({
  db,
  wallet,
  site,
  log,
  now = () => new Date(),
}: ProviderServiceDeps) => {
  const configCache = new Map<
    string,
    { at: number; row: Awaited<ReturnType<typeof store.readVendorConfig>> }
  >();
  const gameCache = new Map<string, { vendorCode: string; gameType: string }>();

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
    return { merchantCode, currency: merchant.currency, vendorCode, member, walletId, houseId, now: now() };
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

  const post = (
    trx: Db,
    ctx: Context,
    kind: 'bet' | 'win' | 'refund',
    txId: string,
    amount: bigint,
    metadata: Record<string, unknown>,
    reverses?: string | null,
  ) => {
    const toMember = kind === 'bet' ? -amount : amount;
    return postLedger(
      trx,
      {
        merchantCode: ctx.merchantCode,
        idempotencyKey: ledgerKey(ctx.vendorCode, kind, txId),
        kind: `game.${kind}`,
        lines: [
          { accountId: ctx.walletId, amount: toMember },
          { accountId: ctx.houseId, amount: -toMember },
        ],
        metadata: { memberId: ctx.member.id, vendorCode: ctx.vendorCode, txId, ...metadata },
        reverses: reverses ?? null,
      },
      { now: ctx.now },
    );
  };

  /**
   * Mirrors a change of a provider round into the player-facing round record (game_round, games
   * module). Changes the games module refuses on a closed round (a rollback after the round was
   * settled, a win after it was cancelled) are left out of the record and logged: the ledger
   * and provider_round still hold them.
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
    try {
      let gameRoundId = round.game_round_id;
      // The first movement of a round creates its record with the amounts in it (one statement).
      let added = false;
      if (!gameRoundId) {
        if (change.stake === undefined && change.payout === undefined && change.close === undefined) return;
        const game = await gameOf(round.game_node_id, trx);
        const stake = change.stake ?? 0n;
        const payout = change.payout ?? 0n;
        const initial =
          stake >= 0n && payout >= 0n
            ? { stakeMinor: stake, payoutMinor: payout, balanceAfterMinor: change.balanceAfter }
            : undefined;
        const opened = await rounds.openOrGetRound(trx, {
          merchantCode: ctx.merchantCode,
          memberId: ctx.member.id,
          vendorCode: ctx.vendorCode,
          gameType: game?.gameType ?? 'RNG',
          gameNodeId: game ? round.game_node_id : null,
          externalRoundId: round.external_round_id,
          currency: ctx.currency,
          balanceBeforeMinor: change.balanceBefore,
          ...(initial ? { initial } : {}),
          now: ctx.now,
        });
        gameRoundId = opened.round.id;
        added = opened.created && initial !== undefined;
        await store.updateRound(trx, round.id, { gameRoundId, now: ctx.now });
      }
      if (
        !added &&
        ((change.stake ?? 0n) !== 0n || (change.payout ?? 0n) !== 0n || change.close === undefined)
      ) {
        await rounds.addToRound(trx, {
          roundId: gameRoundId,
          ...(change.stake ? { stakeMinor: change.stake } : {}),
          ...(change.payout ? { payoutMinor: change.payout } : {}),
          balanceAfterMinor: change.balanceAfter,
          now: ctx.now,
        });
      }
      if (change.close === 'settled')
        await rounds.settleRound(trx, {
          roundId: gameRoundId,
          balanceAfterMinor: change.balanceAfter,
          now: ctx.now,
        });
      if (change.close === 'cancelled')
        await rounds.cancelRound(trx, {
          roundId: gameRoundId,
          reason: 'provider.cancelled',
          balanceAfterMinor: change.balanceAfter,
          now: ctx.now,
        });
    } catch (caught) {
      if (caught instanceof AppError && caught.code === 'game.round.closed') {
        log.warn(
          {
            vendorCode: ctx.vendorCode,
            roundId: round.external_round_id,
            change: String(change.close ?? 'amounts'),
          },
          'provider change after the round record closed: kept in the ledger only',
        );
        return;
      }
      throw caught;
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

  const bet = (ctx: Context, req: ProviderRequest<'bet'>, hash: string, session: store.SessionRow | null) =>
    inTransaction(async (trx): Promise<MoneyOutcome> => {
      const key = { merchantCode: ctx.merchantCode, vendorCode: ctx.vendorCode, txId: req.txId };
      const amount = BigInt(req.amount);
      const claimed = await store.claimTx(trx, {
        ...key,
        action: 'bet',
        memberId: ctx.member.id,
        roundId: req.roundId,
        amount,
        requestHash: hash,
        state: 'applied',
        answer: {},
        now: ctx.now,
      });
      if (!claimed)
        return { answer: await replay(trx, key, 'bet', hash, ctx.member.id), changedMember: null };
      // Only a new bet needs a live session: a repeat is answered from its record even after expiry.
      checkToken(ctx, session);
      const refuse = async (code: ProviderErrorCode): Promise<MoneyOutcome> => {
        const answer: ProviderAnswer = { status: 'ERROR', code };
        await store.updateTx(trx, key, { state: 'refused', answer, now: ctx.now });
        return { answer, changedMember: null };
      };
      const roundKey = {
        merchantCode: ctx.merchantCode,
        vendorCode: ctx.vendorCode,
        externalRoundId: req.roundId,
      };
      const existing = await store.readRoundForUpdate(trx, roundKey);
      if (existing && existing.member_id !== ctx.member.id) throw new Refusal('BAD_REQUEST');
      if (existing && existing.status !== 'open') return refuse('ROUND_CLOSED');
      if (isBlocked(ctx.member.status)) return refuse('PLAYER_BLOCKED');
      await sql`SAVEPOINT provider_bet`.execute(trx);
      let result: PostResult;
      try {
        result = await post(trx, ctx, 'bet', req.txId, amount, { roundId: req.roundId, gameId: req.gameId });
      } catch (caught) {
        if (caught instanceof AppError && caught.code === 'insufficient.balance') {
          await sql`ROLLBACK TO SAVEPOINT provider_bet`.execute(trx);
          return refuse('INSUFFICIENT_FUNDS');
        }
        throw caught;
      }
      const balanceAfter = memberBalanceOf(result, ctx.walletId);
      const balanceBefore = balanceAfter + amount;
      const updated = existing
        ? await store.updateRound(trx, existing.id, { stakeDelta: amount, now: ctx.now })
        : await store.addToRoundUpsert(
            trx,
            {
              ...roundKey,
              id: randomUUID(),
              memberId: ctx.member.id,
              gameNodeId: req.gameId,
              currency: ctx.currency,
              now: ctx.now,
            },
            { stake: amount },
          );
      await mirror(trx, ctx, updated, { stake: amount, balanceBefore, balanceAfter });
      const answer = ok(ctx, balanceAfter, { txId: result.entryId });
      await store.updateTx(trx, key, { answer, entryId: result.entryId, now: ctx.now });
      return { answer, changedMember: ctx.member.id };
    });

  const win = (ctx: Context, req: ProviderRequest<'win'>, hash: string) =>
    inTransaction(async (trx): Promise<MoneyOutcome> => {
      const key = { merchantCode: ctx.merchantCode, vendorCode: ctx.vendorCode, txId: req.txId };
      const amount = BigInt(req.amount);
      const claimed = await store.claimTx(trx, {
        ...key,
        action: 'win',
        memberId: ctx.member.id,
        roundId: req.roundId,
        amount,
        requestHash: hash,
        state: 'applied',
        answer: {},
        now: ctx.now,
      });
      if (!claimed)
        return { answer: await replay(trx, key, 'win', hash, ctx.member.id), changedMember: null };
      const roundKey = {
        merchantCode: ctx.merchantCode,
        vendorCode: ctx.vendorCode,
        externalRoundId: req.roundId,
      };
      const existing = await store.readRoundForUpdate(trx, roundKey);
      if (existing && existing.member_id !== ctx.member.id) throw new Refusal('BAD_REQUEST');
      // Wins are always credited: to locked or excluded players, after a rollback, after the end.
      const result =
        amount > 0n
          ? await post(trx, ctx, 'win', req.txId, amount, { roundId: req.roundId, gameId: req.gameId })
          : null;
      const balanceAfter = result
        ? memberBalanceOf(result, ctx.walletId)
        : await store.readBalance(trx, ctx.walletId);
      const balanceBefore = balanceAfter - amount;
      const updated = existing
        ? await store.updateRound(trx, existing.id, {
            payoutDelta: amount,
            hasResult: true,
            // A win on a round closed with nothing in it makes it a settled round.
            ...(existing.status === 'cancelled' && amount > 0n ? { status: 'settled' as const } : {}),
            now: ctx.now,
          })
        : await store.addToRoundUpsert(
            trx,
            {
              ...roundKey,
              id: randomUUID(),
              memberId: ctx.member.id,
              gameNodeId: req.gameId,
              currency: ctx.currency,
              now: ctx.now,
            },
            { payout: amount, hasResult: true },
          );
      await mirror(trx, ctx, updated, { payout: amount, balanceBefore, balanceAfter });
      const answer = ok(ctx, balanceAfter, result ? { txId: result.entryId } : {});
      await store.updateTx(trx, key, { answer, entryId: result?.entryId ?? null, now: ctx.now });
      return { answer, changedMember: result ? ctx.member.id : null };
    });

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

  const endRound = (ctx: Context, req: ProviderRequest<'endRound'>, hash: string) =>
    inTransaction(async (trx): Promise<MoneyOutcome> => {
      const key = { merchantCode: ctx.merchantCode, vendorCode: ctx.vendorCode, txId: req.txId };
      const claimed = await store.claimTx(trx, {
        ...key,
        action: 'endRound',
        memberId: ctx.member.id,
        roundId: req.roundId,
        amount: 0n,
        requestHash: hash,
        state: 'applied',
        answer: {},
        now: ctx.now,
      });
      if (!claimed)
        return { answer: await replay(trx, key, 'endRound', hash, ctx.member.id), changedMember: null };
      const roundKey = {
        merchantCode: ctx.merchantCode,
        vendorCode: ctx.vendorCode,
        externalRoundId: req.roundId,
      };
      const existing = await store.readRoundForUpdate(trx, roundKey);
      if (existing && existing.member_id !== ctx.member.id) throw new Refusal('BAD_REQUEST');
      if (!existing) {
        // Ended before anything arrived: record it closed, so a late bet is refused.
        await store.openRound(
          trx,
          {
            ...roundKey,
            id: randomUUID(),
            memberId: ctx.member.id,
            gameNodeId: '',
            currency: ctx.currency,
            now: ctx.now,
          },
          'cancelled',
        );
      }
      const closed = existing?.status === 'open' ? await closeRound(trx, ctx, existing) : null;
      const answer = ok(ctx, closed ? closed.balance : await store.readBalance(trx, ctx.walletId));
      await store.updateTx(trx, key, { answer, now: ctx.now });
      return { answer, changedMember: null };
    });

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

  /** The bet's session token must be a live vendor session of this player (read with the member). */
  const checkToken = (ctx: Context, session: store.SessionRow | null) => {
    if (
      !session ||
      session.merchant_code !== ctx.merchantCode ||
      session.vendor_code !== ctx.vendorCode ||
      session.member_id !== ctx.member.id ||
      new Date(session.expires_at).getTime() <= ctx.now.getTime()
    )
      throw new Refusal('INVALID_TOKEN');
  };

  const checkGame = async (ctx: Context, gameId: string, currency: string) => {
    if (currency !== ctx.currency) throw new Refusal('BAD_REQUEST');
    const game = await gameOf(gameId);
    if (!game || game.vendorCode !== ctx.vendorCode) throw new Refusal('BAD_REQUEST');
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
      // The player, and the record of this txId when it was used: a repeat (a retry, a duplicate)
      // is answered from its committed record in this one read (the claim and the final answer
      // are written in one transaction, so a row seen here is final). Anything else (a new txId,
      // other data, a tombstone not yet matched) takes the full path.
      const txId = act === 'balance' ? undefined : (parsed.data as unknown as { txId: string }).txId;
      const token = act === 'bet' ? (parsed.data as ProviderRequest<'bet'>).token : undefined;
      const found = await store.readMemberWithTx(db, {
        merchantCode,
        memberId: Number(request.playerId),
        vendorCode,
        txId,
        tokenHash: token === undefined ? undefined : hashProviderToken(token),
      });
      if (found?.tx && found.tx.request_hash === hash && found.tx.member_id === found.member.id)
        return replyOf(found.tx.answer as ProviderAnswer);
      const ctx = await contextOf(merchantCode, vendorCode, request.playerId, found?.member ?? null);
      if (act === 'balance') return replyOf(ok(ctx, await store.readBalance(db, ctx.walletId)));
      let outcome: MoneyOutcome;
      if (act === 'bet') {
        const req = parsed.data as ProviderRequest<'bet'>;
        await checkGame(ctx, req.gameId, req.currency);
        outcome = await bet(ctx, req, hash, found?.session ?? null);
      } else if (act === 'win') {
        const req = parsed.data as ProviderRequest<'win'>;
        await checkGame(ctx, req.gameId, req.currency);
        outcome = await win(ctx, req, hash);
      } else if (act === 'rollback') {
        outcome = await rollback(ctx, parsed.data as ProviderRequest<'rollback'>, hash);
      } else {
        outcome = await endRound(ctx, parsed.data as ProviderRequest<'endRound'>, hash);
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
