import { randomInt } from 'node:crypto';
import { isTrialType, type ProviderAnswer, type ProviderOk, TRIAL_TYPES } from '@khela/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { type Db, isRetryable } from '../../shared/db';
import { type PlayHooks, playProductOf } from '../activity';
import { DEFAULT_GAMES_SETTINGS } from '../games';
import type { Protection } from '../protection';
import type { SiteService } from '../site';
import type { WalletService } from '../wallet';
import { MAX_ATTEMPTS, type PostInput, type PostResult, postArgs, post as postLedger } from '../wallet';
import { Refusal } from './answers';
import * as store from './store';

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
   * Player protection (docs/decisions/030): `assertCan` refuses a restricted member before the bet.
   */
  protection?: Pick<Protection, 'assertCan'> | undefined;
  /**
   * The play hooks (docs/decisions/035): protection's counting, turnover and bonus wagering, run
   * in the transaction of an applied bet, win or refund (after the database function moved the money).
   */
  play?: PlayHooks | undefined;
};

/** How long a session token handed to a vendor at launch can authenticate and place bets. */
export const PROVIDER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Rounds with no callback for this long are reconciled by the sweeper. */
export const PROVIDER_ROUND_IDLE_MS = 24 * 60 * 60 * 1000;
/** Vendor configuration rows are cached this long (a revoked secret stops working within it). */
const CONFIG_CACHE_MS = 5_000;

/** The winner-board threshold of a merchant without games settings (games/settings.ts). */
export const BIG_WIN_MIN = DEFAULT_GAMES_SETTINGS.bigWinMinMinor.toString();
/** Member types whose wins stay off the winner board (free-play trial accounts). */
export const TRIAL = [...TRIAL_TYPES];

/** A provider movement as the play hooks take it (product: the catalogue type of the game played). */
export const playMove = (
  ctx: CallContext,
  gameType: string | undefined,
  roundId: string,
  amount: bigint,
) => ({
  memberId: ctx.memberId,
  merchantCode: ctx.merchantCode,
  product: playProductOf(gameType),
  amount,
  source: 'provider',
  ref: `${ctx.vendorCode}:${roundId}`,
});

/** The ledger's idempotency keys of provider movements: vendor + the vendor's txId. */
export const ledgerKey = (vendorCode: string, kind: 'bet' | 'win' | 'refund', txId: string) =>
  `provider:${vendorCode}:${kind}:${txId}`;

export type Member = NonNullable<Awaited<ReturnType<typeof store.readMember>>>;

/** Who a money callback is for: enough for the database functions of migration 0018. */
export type CallContext = {
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
export type Context = CallContext & { member: Member };
/** What a money callback comes to: the answer, and the member whose balance changed (if any). */
export type MoneyOutcome = { answer: ProviderAnswer; changedMember: number | null };

/**
 * What every part of the provider service (callbacks, sessions, sweeper) is built from: the deps,
 * the caches (vendor configuration, games, members known to exist), transactions, the context of
 * a call, the ledger entry of a movement and the mirror into the player-facing round record.
 */
export const createProviderContext = ({
  db,
  wallet,
  site,
  log,
  now = () => new Date(),
  protection,
  play,
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

  return {
    db,
    wallet,
    log,
    now,
    protection,
    play,
    vendorConfig,
    gameOf,
    inTransaction,
    contextOf,
    callContextOf,
    contextIn,
    ok,
    memberBalanceOf,
    post,
    mirror,
    mirrorClosed,
    entryOf,
  };
};

export type ProviderContext = ReturnType<typeof createProviderContext>;
