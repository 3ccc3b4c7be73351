import { vnPayoutOf, vnTimesWon } from '@khela/fair';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { PlayHooks } from '../activity';
import { IN_HOUSE, openOrGetRound, settleRound } from '../games';
import { adjustPayout, creditPayout, type LotteryWallet } from './money';
import * as vnBets from './vn-bet-store';
import * as vn from './vn-store';

export const VN_SETTLE_BATCH = 1000;

type Deps = {
  db: Kysely<DB>;
  wallet: LotteryWallet;
  publishBalance: (memberId: number) => void;
  play?: PlayHooks | undefined;
};

/**
 * Settles a resulted draw at its result version, set-based and exactly once (ADR 046): per batch,
 * the bets behind that version are evaluated with `@khela/fair` (`vnTimesWon` × the copied payout),
 * one UPDATE moves only the bets still at the version they were read at, and only those are paid:
 * the first settlement credits the win (`lottery:win:<bet>`); a corrected result pays the
 * difference to what the bet had (`lottery:adjust:<bet>:v<version>`, a fall debited when the
 * balance covers it, else recorded as owed). Rerun, raced or resumed after a crash, it pays nothing twice.
 */
export const settleVnDraw = async (deps: Deps, drawId: string, now: Date) => {
  let settled = 0;
  let paid = 0n;
  const members = new Set<number>();
  const draw = await vn.drawById(deps.db, drawId);
  if (draw?.status !== 'resulted' || !draw.result || draw.settledVersion >= draw.resultVersion)
    return { settled, paid };
  const version = draw.resultVersion;
  const result = draw.result;
  for (;;) {
    const batch = await deps.db.transaction().execute(async (trx) => {
      const fresh = await vn.drawById(trx, drawId, true);
      // A newer result came in: the next run settles at that version.
      if (fresh?.resultVersion !== version) return 0;
      const behind = await vnBets.betsBehind(trx, drawId, version, VN_SETTLE_BATCH);
      if (behind.length === 0) return 0;
      const before = new Map(behind.map((b) => [b.id, b]));
      const outcomes = behind.map((bet) => {
        const payoutMinor = vnPayoutOf(
          bet.stakeMinor,
          Number(bet.payoutMilli),
          vnTimesWon(bet.betType, bet.numbers, result),
        );
        return {
          id: bet.id,
          status: payoutMinor > 0n ? ('won' as const) : ('lost' as const),
          payoutMinor,
          fromVersion: bet.settledVersion,
          version,
        };
      });
      for (const bet of await vnBets.settleVnBets(trx, outcomes, now)) {
        const old = before.get(bet.id);
        if (!old) continue;
        const money = {
          merchantCode: bet.merchantCode,
          currency: bet.currency,
          memberId: bet.memberId,
          betId: bet.id,
          product: 'LOTT' as const,
          metadata: { issueNo: draw.issueNo, region: draw.region },
        };
        if (old.settledVersion === 0) {
          let balanceAfter = bet.balanceAfterStakeMinor;
          if (bet.payoutMinor > 0n) {
            balanceAfter = await creditPayout(
              deps.wallet,
              trx,
              { ...money, amountMinor: bet.payoutMinor, reason: 'win' },
              deps.play,
            );
          }
          await recordRound(trx, bet, balanceAfter, now);
        } else {
          const owed = await adjustPayout(
            deps.wallet,
            trx,
            { ...money, amountMinor: 0n, deltaMinor: bet.payoutMinor - old.payoutMinor, version },
            deps.play,
          );
          if (owed > 0n) await vnBets.addOwed(trx, bet.id, owed);
        }
        paid += bet.payoutMinor - old.payoutMinor;
        if (bet.payoutMinor !== old.payoutMinor) members.add(bet.memberId);
        settled += 1;
      }
      return behind.length;
    });
    if (batch < VN_SETTLE_BATCH) break;
  }
  await vn.markDrawSettled(deps.db, drawId, version);
  for (const memberId of members) deps.publishBalance(memberId);
  return { settled, paid };
};

/** The betting record's row of a first settlement (opened and settled at once). */
const recordRound = async (trx: Transaction<DB>, bet: vn.VnBetRow, balanceAfterMinor: bigint, now: Date) => {
  const { round } = await openOrGetRound(trx, {
    merchantCode: bet.merchantCode,
    memberId: bet.memberId,
    vendorCode: IN_HOUSE,
    gameType: 'LOTT',
    gameNodeId: null,
    externalRoundId: `lottery:${bet.id}`,
    currency: bet.currency,
    balanceBeforeMinor: bet.balanceAfterStakeMinor + bet.stakeMinor,
    initial: { stakeMinor: bet.stakeMinor, payoutMinor: 0n, balanceAfterMinor: bet.balanceAfterStakeMinor },
    now,
  });
  await settleRound(trx, { roundId: round.id, payoutMinor: bet.payoutMinor, balanceAfterMinor, now });
};

/**
 * Voids a draw without a result (holiday, no broadcast, staff) and refunds every open bet once
 * (`lottery:refund:<bet>`), batch by batch; rerun after a crash, it refunds the rest only.
 */
export const voidVnDraw = async (
  deps: Deps,
  drawId: string,
  reason: string,
  now: Date,
  audit?: (trx: Transaction<DB>) => Promise<unknown>,
) => {
  const voided = await deps.db.transaction().execute(async (trx) => {
    const done = await vn.markVnVoid(trx, drawId, reason);
    if (done) await audit?.(trx);
    return done;
  });
  const draw = await vn.drawById(deps.db, drawId);
  let refunded = 0;
  const members = new Set<number>();
  if (draw?.status !== 'void') return { voided, refunded };
  for (;;) {
    const batch = await deps.db.transaction().execute(async (trx) => {
      const mine = await vnBets.voidOpenVnBets(trx, drawId, VN_SETTLE_BATCH, now);
      for (const bet of mine) {
        await creditPayout(
          deps.wallet,
          trx,
          {
            merchantCode: bet.merchantCode,
            currency: bet.currency,
            memberId: bet.memberId,
            betId: bet.id,
            amountMinor: bet.stakeMinor,
            reason: 'refund',
            product: 'LOTT',
            metadata: { issueNo: draw.issueNo, region: draw.region, reason },
          },
          deps.play,
        );
        members.add(bet.memberId);
      }
      refunded += mine.length;
      return mine.length;
    });
    if (batch < VN_SETTLE_BATCH) break;
  }
  for (const memberId of members) deps.publishBalance(memberId);
  return { voided, refunded };
};
