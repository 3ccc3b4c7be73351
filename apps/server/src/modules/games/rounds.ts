import { randomUUID } from 'node:crypto';
import { isTrialType } from '@khela/contract';
import { sql } from 'kysely';
import type { GameRoundStatus } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { readGamesSettings } from './settings';
import { memberStatus } from './store';

/**
 * Game rounds: the one table (`game_round`, migration 0007) every round of every game lands in,
 * in-house or third-party. The betting record, game recall, the back office and the winner board
 * read it. docs/decisions/009-games-launch-rounds-jackpot.md.
 *
 * For third-party (seamless-wallet) rounds, apps/server/src/modules/provider calls, INSIDE the
 * transaction of the matching ledger post (pass the `Transaction` as `db`):
 *
 *   openOrGetRound(db, { merchantCode, memberId, vendorCode, gameType, gameNodeId, externalRoundId,
 *                        currency, balanceBeforeMinor, initial?, now? })
 *     -> { round: GameRound, created: boolean }
 *     (`initial`: the first bet/win's amounts and balance after, written only when it creates.)
 *     Returns the round of (merchant, vendor, externalRoundId), creating it `open` the first time
 *     (balance_before = balanceBeforeMinor: the member's balance BEFORE the first bet). Safe under
 *     concurrency (unique key; a racing creator reads the winner's row). Never changes amounts.
 *     A round that exists but belongs to another member -> AppError('game.round.conflict').
 *
 *   addToRound(db, { roundId, stakeMinor?, payoutMinor?, balanceAfterMinor?, now? }) -> GameRound
 *     Adds a bet (stake) and/or a win (payout), amounts >= 0 bigint, to a round and records the
 *     member's balance after it. Allowed while the round is open, and ALSO for a payout on a
 *     settled round (late wins are always credited). A cancelled round -> 'game.round.closed'.
 *     Subtracting (a rollback of one bet) is `addToRound(db, { roundId, stakeMinor: -x })`:
 *     negative amounts are allowed but the totals never go below zero (CHECK).
 *
 *   settleRound(db, { roundId, payoutMinor?, balanceAfterMinor?, now? }) -> GameRound
 *     Adds the optional final payout and closes the round `settled` (settled_at = now). Idempotent:
 *     settling a settled round only adds a given payout. A cancelled round -> 'game.round.closed'.
 *     Writes the winner-board row (`game_win`) when the total payout >= the merchant's
 *     big-win threshold (games_setting.big_win_min_minor, default 100.00) and the round has a catalogue game.
 *
 *   cancelRound(db, { roundId, reason, balanceAfterMinor?, now? }) -> GameRound
 *     Closes the round `cancelled` (the caller has already refunded through the ledger).
 *     Idempotent on a cancelled round; a settled round -> 'game.round.closed'.
 *
 *   findRoundByExternalId(db, merchantCode, vendorCode, externalRoundId) -> GameRound | undefined
 *
 * All amounts are integer minor units as bigint. None of these move money: the caller posts to
 * the ledger (apps/server/src/modules/wallet/ledger.ts `post`) in the same transaction, and calls
 * `app.services.wallet.events.publish(memberId)` after the commit.
 */

export type GameRound = {
  id: string;
  merchantCode: string;
  memberId: number | null;
  mode: 'real' | 'demo';
  vendorCode: string;
  gameNodeId: string | null;
  gameType: string;
  externalRoundId: string | null;
  status: GameRoundStatus;
  stakeMinor: bigint;
  payoutMinor: bigint;
  balanceBeforeMinor: bigint | null;
  balanceAfterMinor: bigint | null;
  currency: string;
  openedAt: Date;
  updatedAt: Date;
  settledAt: Date | null;
};

const ROUND_COLUMNS = [
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
] as const;

type RoundRow = {
  id: string;
  merchant_code: string;
  member_id: number | null;
  mode: 'real' | 'demo';
  vendor_code: string;
  game_node_id: string | null;
  game_type: string;
  external_round_id: string | null;
  status: GameRoundStatus;
  stake_minor: string;
  payout_minor: string;
  balance_before_minor: string | null;
  balance_after_minor: string | null;
  currency: string;
  opened_at: Date;
  updated_at: Date;
  settled_at: Date | null;
};

const big = (v: string | null) => (v === null ? null : BigInt(v));

export const toRound = (r: RoundRow): GameRound => ({
  id: r.id,
  merchantCode: r.merchant_code,
  memberId: r.member_id,
  mode: r.mode,
  vendorCode: r.vendor_code,
  gameNodeId: r.game_node_id,
  gameType: r.game_type,
  externalRoundId: r.external_round_id,
  status: r.status,
  stakeMinor: BigInt(r.stake_minor),
  payoutMinor: BigInt(r.payout_minor),
  balanceBeforeMinor: big(r.balance_before_minor),
  balanceAfterMinor: big(r.balance_after_minor),
  currency: r.currency,
  openedAt: new Date(r.opened_at),
  updatedAt: new Date(r.updated_at),
  settledAt: r.settled_at ? new Date(r.settled_at) : null,
});

export const findRound = async (db: Db, roundId: string, forUpdate = false) => {
  let query = db.selectFrom('game_round').select(ROUND_COLUMNS).where('id', '=', roundId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRound(row) : undefined;
};

export const findRoundByExternalId = async (
  db: Db,
  merchantCode: string,
  vendorCode: string,
  externalRoundId: string,
) => {
  const row = await db
    .selectFrom('game_round')
    .select(ROUND_COLUMNS)
    .where('merchant_code', '=', merchantCode)
    .where('vendor_code', '=', vendorCode)
    .where('external_round_id', '=', externalRoundId)
    .executeTakeFirst();
  return row ? toRound(row) : undefined;
};

export type OpenRoundInput = {
  merchantCode: string;
  memberId: number;
  vendorCode: string;
  gameType: string;
  /** The catalogue game (node id) when known; null keeps the round off the winner board. */
  gameNodeId: string | null;
  externalRoundId: string;
  currency: string;
  /** The member's balance before the round's first bet. */
  balanceBeforeMinor: bigint;
  /**
   * What the first movement adds when this call creates the round (amounts >= 0): saves the
   * `addToRound` that would follow. Ignored when the round exists (`created: false`).
   */
  initial?: { stakeMinor: bigint; payoutMinor: bigint; balanceAfterMinor: bigint };
  now?: Date;
};

/** Returns the third-party round, opening it on first sight. See the file header. */
export const openOrGetRound = async (
  db: Db,
  input: OpenRoundInput,
): Promise<{ round: GameRound; created: boolean }> => {
  const now = input.now ?? new Date();
  const inserted = await db
    .insertInto('game_round')
    .values({
      id: randomUUID(),
      merchant_code: input.merchantCode,
      member_id: input.memberId,
      mode: 'real',
      vendor_code: input.vendorCode,
      game_node_id: input.gameNodeId,
      game_type: input.gameType,
      external_round_id: input.externalRoundId,
      status: 'open',
      currency: input.currency,
      ...(input.initial
        ? { stake_minor: input.initial.stakeMinor, payout_minor: input.initial.payoutMinor }
        : {}),
      balance_before_minor: input.balanceBeforeMinor,
      balance_after_minor: input.initial?.balanceAfterMinor ?? input.balanceBeforeMinor,
      opened_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['merchant_code', 'vendor_code', 'external_round_id'])
        .where('external_round_id', 'is not', null)
        .doNothing(),
    )
    .returning(ROUND_COLUMNS)
    .executeTakeFirst();
  if (inserted) return { round: toRound(inserted), created: true };
  const existing = await findRoundByExternalId(
    db,
    input.merchantCode,
    input.vendorCode,
    input.externalRoundId,
  );
  if (!existing) throw new Error('game round vanished after a conflict');
  if (existing.memberId !== input.memberId) throw new AppError('game.round.conflict');
  return { round: existing, created: false };
};

export type AddToRoundInput = {
  roundId: string;
  stakeMinor?: bigint;
  payoutMinor?: bigint;
  balanceAfterMinor?: bigint;
  now?: Date;
};

const locked = async (db: Db, roundId: string) => {
  const round = await findRound(db, roundId, true);
  if (!round) throw new AppError('not.found');
  return round;
};

/** Adds a bet and/or a win to a round. See the file header. */
export const addToRound = async (db: Db, input: AddToRoundInput): Promise<GameRound> => {
  const round = await locked(db, input.roundId);
  const stake = input.stakeMinor ?? 0n;
  const payout = input.payoutMinor ?? 0n;
  if (round.status === 'cancelled') throw new AppError('game.round.closed');
  if (round.status === 'settled' && stake !== 0n) throw new AppError('game.round.closed');
  const row = await db
    .updateTable('game_round')
    .set({
      stake_minor: sql`stake_minor + ${stake.toString()}::bigint`,
      payout_minor: sql`payout_minor + ${payout.toString()}::bigint`,
      ...(input.balanceAfterMinor !== undefined ? { balance_after_minor: input.balanceAfterMinor } : {}),
      updated_at: input.now ?? new Date(),
    })
    .where('id', '=', round.id)
    .returning(ROUND_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRound(row);
};

/** The merchant's winner-board threshold (minor units): games_setting or the default. */
export const bigWinThreshold = async (db: Db, merchantCode: string) =>
  (await readGamesSettings(db, merchantCode)).bigWinMinMinor;

/**
 * Puts a settled real round on the winner board when its payout reaches the threshold. Amounts
 * on `game_win` are decimal major units (currencies here have two decimals). Idempotent (the
 * round id is unique on game_win). A trial (free-play) account's wins are demo credit: never on it.
 */
export const recordBigWin = async (db: Db, round: GameRound, at: Date) => {
  if (round.mode !== 'real' || round.memberId === null || round.gameNodeId === null) return false;
  if (round.payoutMinor <= 0n) return false;
  const threshold = await bigWinThreshold(db, round.merchantCode);
  if (round.payoutMinor < threshold) return false;
  const member = await memberStatus(db, round.memberId);
  if (!member || isTrialType(member.type)) return false;
  await db
    .insertInto('game_win')
    .values({
      merchant_code: round.merchantCode,
      member_id: round.memberId,
      node_id: round.gameNodeId,
      round_ref: round.id,
      bet_amount: sql<string>`${round.stakeMinor.toString()}::numeric / 100`,
      win_amount: sql<string>`${round.payoutMinor.toString()}::numeric / 100`,
      won_at: at,
    })
    .onConflict((oc) => oc.column('round_ref').doNothing())
    .execute();
  return true;
};

export type SettleRoundInput = {
  roundId: string;
  payoutMinor?: bigint;
  balanceAfterMinor?: bigint;
  now?: Date;
};

/** Settles a round. See the file header. */
export const settleRound = async (db: Db, input: SettleRoundInput): Promise<GameRound> => {
  const now = input.now ?? new Date();
  const round = await locked(db, input.roundId);
  if (round.status === 'cancelled') throw new AppError('game.round.closed');
  const payout = input.payoutMinor ?? 0n;
  const row = await db
    .updateTable('game_round')
    .set({
      status: 'settled',
      payout_minor: sql`payout_minor + ${payout.toString()}::bigint`,
      ...(input.balanceAfterMinor !== undefined ? { balance_after_minor: input.balanceAfterMinor } : {}),
      settled_at: round.settledAt ?? now,
      updated_at: now,
    })
    .where('id', '=', round.id)
    .returning(ROUND_COLUMNS)
    .executeTakeFirstOrThrow();
  const settled = toRound(row);
  await recordBigWin(db, settled, settled.settledAt ?? now);
  return settled;
};

export type CancelRoundInput = {
  roundId: string;
  reason: string;
  balanceAfterMinor?: bigint;
  now?: Date;
};

/** Cancels a round (the stake was refunded by the caller). See the file header. */
export const cancelRound = async (db: Db, input: CancelRoundInput): Promise<GameRound> => {
  const now = input.now ?? new Date();
  const round = await locked(db, input.roundId);
  if (round.status === 'settled') throw new AppError('game.round.closed');
  if (round.status === 'cancelled') return round;
  const row = await db
    .updateTable('game_round')
    .set({
      status: 'cancelled',
      cancel_reason: input.reason.slice(0, 200),
      ...(input.balanceAfterMinor !== undefined ? { balance_after_minor: input.balanceAfterMinor } : {}),
      settled_at: now,
      updated_at: now,
    })
    .where('id', '=', round.id)
    .returning(ROUND_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRound(row);
};

/**
 * The unfinished game of a member other than `nodeId`, if any (the #734 launch rule): an open
 * round, or an in-house round whose free spins are still to be played (`feature_pending`: the
 * feature is part of the round that won it, so it counts as unfinished until it is played, by
 * the player or, after 24 h, by the sweeper).
 */
export const openRoundElsewhere = async (db: Db, memberId: number, nodeId: string) => {
  const elsewhere = (status: 'open' | 'feature') => {
    let query = db
      .selectFrom('game_round')
      .select(ROUND_COLUMNS)
      .where('member_id', '=', memberId)
      .where('mode', '=', 'real');
    query =
      status === 'open' ? query.where('status', '=', 'open') : query.where('feature_pending', '=', true);
    return query
      .where((eb) => eb.or([eb('game_node_id', 'is', null), eb('game_node_id', '!=', nodeId)]))
      .orderBy('opened_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  };
  const row = (await elsewhere('open')) ?? (await elsewhere('feature'));
  return row ? toRound(row) : undefined;
};
