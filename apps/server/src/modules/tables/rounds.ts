import { dealLive, liveBetReturn, liveResultCode } from '@khela/fair';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import type { PlayHooks } from '../activity';
import { IN_HOUSE, openOrGetRound, recordVoidedRound, settleRound as settleGameRound } from '../games';
import { moveMoney, type TableWallet } from './money';
import * as store from './store';

type Deps = { wallet: TableWallet; play: PlayHooks };

/** Credits a winning bet's return (payout hook, then the ledger); answers the balance after it. */
const credit = async (deps: Deps, trx: Db, round: store.RoundRow, bet: store.BetRow, payout: bigint) => {
  await deps.play.payout(trx, {
    memberId: bet.memberId,
    merchantCode: bet.merchantCode,
    product: 'LIVE',
    amount: payout,
    source: 'table',
    ref: `${round.tableId}:${round.roundNo}:${bet.id}`,
    gameId: round.tableId,
  });
  return moveMoney(deps.wallet, trx, {
    ...bet,
    betId: bet.id,
    amountMinor: payout,
    reason: 'win',
    metadata: { tableId: round.tableId, roundNo: round.roundNo },
  });
};

/** The member's betting record: one settled in-house LIVE round per bet (the games module's rounds). */
const recordBet = async (trx: Db, bet: store.BetRow, payout: bigint, balanceAfter: bigint, at: Date) => {
  const { round } = await openOrGetRound(trx, {
    merchantCode: bet.merchantCode,
    memberId: bet.memberId,
    vendorCode: IN_HOUSE,
    gameType: 'LIVE',
    gameNodeId: null,
    externalRoundId: `table:${bet.id}`,
    currency: bet.currency,
    balanceBeforeMinor: bet.balanceAfterMinor + bet.stakeMinor,
    initial: { stakeMinor: bet.stakeMinor, payoutMinor: 0n, balanceAfterMinor: bet.balanceAfterMinor },
    now: at,
  });
  await settleGameRound(trx, {
    roundId: round.id,
    payoutMinor: payout,
    balanceAfterMinor: balanceAfter,
    now: at,
  });
};

/**
 * Settles a round exactly once: under the round's row lock, only a round still in `betting`
 * (past its close time) is dealt from its committed seed, each open bet's return credited
 * (`table:win:<bet>`, with the payout hook), recorded in the member's betting record and marked, the round marked settled with its outcome —
 * all in the caller's transaction. A second call (another node, a retry after a crash) finds the
 * round no longer in `betting` and does nothing. Answers whether this call settled it.
 */
export const settleRound = async (deps: Deps, trx: Db, round: store.RoundRow, at: Date) => {
  const locked = await store.lockOpenRound(trx, round.id);
  if (!locked || at < locked.closesAt) return false;
  const table = await trx
    .selectFrom('live_table')
    .select('game')
    .where('id', '=', locked.tableId)
    .executeTakeFirstOrThrow();
  const outcome = dealLive(table.game as Parameters<typeof dealLive>[0], {
    serverSeed: locked.serverSeed,
    clientSeed: locked.clientSeed,
    nonce: locked.roundNo,
  });
  const bets = await store.betsOfRound(trx, locked.id, 'open');
  const settled: { id: string; payout: bigint }[] = [];
  for (const bet of bets) {
    const payout = liveBetReturn(bet.kind, bet.stakeMinor, outcome);
    settled.push({ id: bet.id, payout });
    const balanceAfter = payout === 0n ? bet.balanceAfterMinor : await credit(deps, trx, locked, bet, payout);
    await recordBet(trx, bet, payout, balanceAfter, at);
  }
  if (settled.length > 0)
    await sql`
      UPDATE live_bet b SET state = 'settled', payout_minor = v.payout::bigint, settled_at = ${at}
        FROM (VALUES ${sql.join(settled.map((s) => sql`(${s.id}::bigint, ${String(s.payout)})`))}) AS v(id, payout)
       WHERE b.id = v.id AND b.state = 'open'`.execute(trx);
  await trx
    .updateTable('live_round')
    .set({
      state: 'settled',
      settled_at: at,
      outcome: JSON.stringify(outcome),
      result_code: liveResultCode(outcome),
    })
    .where('id', '=', locked.id)
    .where('state', '=', 'betting')
    .execute();
  return true;
};

/**
 * Voids a round exactly once (a table closed, or a round left unsettled too long): under the
 * round's row lock, every open bet's stake is given back (`table:refund:<bet>`, with the refund
 * hook) and shown in the member's betting record as a void round (`table:<bet>`, stake, the
 * refund as its payout; ADR 060), the seed is revealed with no outcome. A round already settled
 * or voided is left alone.
 */
export const voidRound = async (
  deps: Deps,
  trx: Db,
  round: store.RoundRow,
  at: Date,
  /** Why (the back office's reason); shown in the betting record's row. */
  reason?: string,
) => {
  const locked = await store.lockOpenRound(trx, round.id);
  if (!locked) return false;
  for (const bet of await store.betsOfRound(trx, locked.id, 'open')) {
    await deps.play.refund(trx, {
      memberId: bet.memberId,
      merchantCode: bet.merchantCode,
      product: 'LIVE',
      amount: bet.stakeMinor,
      source: 'table',
      ref: `${locked.tableId}:${locked.roundNo}:${bet.id}`,
      gameId: locked.tableId,
    });
    const balanceAfter = await moveMoney(deps.wallet, trx, {
      ...bet,
      betId: bet.id,
      amountMinor: bet.stakeMinor,
      reason: 'refund',
    });
    await recordVoidedRound(trx, {
      merchantCode: bet.merchantCode,
      memberId: bet.memberId,
      vendorCode: IN_HOUSE,
      gameType: 'LIVE',
      gameNodeId: null,
      externalRoundId: `table:${bet.id}`,
      currency: bet.currency,
      balanceBeforeMinor: bet.balanceAfterMinor + bet.stakeMinor,
      stakeMinor: bet.stakeMinor,
      refundMinor: bet.stakeMinor,
      balanceAfterMinor: balanceAfter,
      reason: `void: table ${locked.tableId} round ${locked.roundNo}${reason ? `: ${reason}` : ''}`,
      now: at,
    });
  }
  await trx
    .updateTable('live_bet')
    .set({ state: 'refunded', payout_minor: sql`stake_minor`, settled_at: at })
    .where('round_id', '=', locked.id)
    .where('state', '=', 'open')
    .execute();
  await trx
    .updateTable('live_round')
    .set({ state: 'void', settled_at: at })
    .where('id', '=', locked.id)
    .where('state', '=', 'betting')
    .execute();
  return true;
};
