import { randomInt } from 'node:crypto';
import type { ProviderAction, ProviderAnswer, ProviderRequest } from '@khela/contract';
import { type RawBuilder, sql } from 'kysely';
import { PREPARED } from '../../db/prepared';
import { type Db, isRetryable } from '../../shared/db';
import { MAX_ATTEMPTS } from '../wallet';
import { protectionRefusal, Refusal, refusalOf } from './answers';
import {
  BIG_WIN_MIN,
  type CallContext,
  type Context,
  type MoneyOutcome,
  type ProviderContext,
  playMove,
  TRIAL,
} from './context';
import { hashProviderToken } from './signature';
import * as store from './store';

/** The money callbacks of a vendor: bet, win, rollback (and the refund of a bet), endRound. */
export const createProviderCallbacks = ({
  db,
  now,
  protection,
  play,
  gameOf,
  inTransaction,
  ok,
  memberBalanceOf,
  post,
  mirror,
  mirrorClosed,
  entryOf,
}: ProviderContext) => {
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
      play ? (trx) => play.stake(trx, playMove(ctx, game?.gameType, req.roundId, amount)) : undefined,
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
      play && amount > 0n
        ? (trx) => play.payout(trx, playMove(ctx, game?.gameType, req.roundId, amount))
        : undefined,
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
    if (play) {
      const gameType = round ? (await gameOf(round.game_node_id, trx))?.gameType : undefined;
      await play.refund(trx, playMove(ctx, gameType, bet.round_id, amount));
    }
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

  /** The catalogue game of a bet or a win when it is of this vendor and in the merchant's currency. */
  const gameCheck = async (ctx: CallContext, gameId: string, currency: string) => {
    if (currency !== ctx.currency) return undefined;
    const game = await gameOf(gameId);
    return game?.vendorCode === ctx.vendorCode ? game : undefined;
  };

  return { bet, win, rollback, endRound, refundBet, closeRound };
};

export type ProviderCallbacks = ReturnType<typeof createProviderCallbacks>;
