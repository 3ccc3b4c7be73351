import { outcomeOf, payoutOf } from '@khela/fair';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { PlayHooks } from '../activity';
import { IN_HOUSE, openOrGetRound, settleRound } from '../games';
import * as bets from './bet-store';
import { creditPayout, type LotteryWallet } from './money';
import * as store from './store';

/** Bets settled per transaction. */
export const SETTLE_BATCH = 1000;

type Deps = {
  db: Kysely<DB>;
  wallet: LotteryWallet;
  publishBalance: (memberId: number) => void;
  /** The play hooks (docs/decisions/035): wins and refunds counted in their transactions. */
  play?: PlayHooks | undefined;
};

/**
 * Settles a drawn issue: set-based and exactly once. Each batch of open bets is evaluated with
 * `@khela/fair` against the copied payout table, then one UPDATE moves only the bets still open
 * (`settleBets`); only the rows it returns are paid, each through `creditPayout` with the key
 * `lottery:win:<bet>`, in the same transaction. A second run, a concurrent run on another node or
 * a run after a crash finds nothing open and pays nothing. The issue is marked settled when no
 * bet is open. Answers the bets this call settled and what it paid.
 */
export const settleIssue = async (deps: Deps, issueId: string, now: Date) => {
  let settled = 0;
  let paid = 0n;
  const members = new Set<number>();
  const issue = await store.issueById(deps.db, issueId);
  if (issue?.status !== 'drawn' || !issue.numbers) return { settled, paid };
  const game = (await store.games(deps.db, issue.merchantCode)).find((g) => g.code === issue.gameCode);
  if (!game) return { settled, paid };
  const drawn = issue.numbers;
  for (;;) {
    const batch = await deps.db.transaction().execute(async (trx) => {
      // Settlers of one issue take turns (no two updates lock its bets in different orders).
      await store.issueById(trx, issueId, true);
      const open = await bets.openBets(trx, issueId, SETTLE_BATCH);
      if (open.length === 0) return 0;
      const outcomes = open.map((bet) => {
        const payout = payoutOf(
          bet.stakeMinor,
          bet.payoutTable,
          outcomeOf(game.kind, bet.betType, bet.selection, drawn),
        );
        return {
          id: bet.id,
          status: payout > 0n ? ('won' as const) : ('lost' as const),
          payoutMinor: payout,
        };
      });
      const mine = await bets.settleBets(trx, outcomes, now);
      for (const bet of mine) {
        let balanceAfter: bigint | undefined;
        if (bet.payoutMinor > 0n) {
          balanceAfter = await creditPayout(
            deps.wallet,
            trx,
            {
              merchantCode: bet.merchantCode,
              currency: bet.currency,
              memberId: bet.memberId,
              betId: bet.id,
              amountMinor: bet.payoutMinor,
              reason: 'win',
              metadata: { issueNo: issue.issueNo, gameCode: issue.gameCode },
            },
            deps.play,
          );
          paid += bet.payoutMinor;
          members.add(bet.memberId);
        }
        // The betting record's row: opened and settled here, so it is never an open round.
        const before = bet.balanceAfterStakeMinor + bet.stakeMinor;
        const { round } = await openOrGetRound(trx, {
          merchantCode: bet.merchantCode,
          memberId: bet.memberId,
          vendorCode: IN_HOUSE,
          gameType: 'ELOTT',
          gameNodeId: null,
          externalRoundId: `lottery:${bet.id}`,
          currency: bet.currency,
          balanceBeforeMinor: before,
          initial: {
            stakeMinor: bet.stakeMinor,
            payoutMinor: 0n,
            balanceAfterMinor: bet.balanceAfterStakeMinor,
          },
          now,
        });
        await settleRound(trx, {
          roundId: round.id,
          payoutMinor: bet.payoutMinor,
          balanceAfterMinor: balanceAfter ?? bet.balanceAfterStakeMinor,
          now,
        });
      }
      settled += mine.length;
      return open.length;
    });
    if (batch < SETTLE_BATCH) break;
  }
  await store.markSettled(deps.db, issueId, now);
  for (const memberId of members) deps.publishBalance(memberId);
  return { settled, paid };
};

/** Settles every drawn issue (the scheduler's job after the draws). */
export const settleDrawnIssues = async (deps: Deps, now: Date) => {
  let settled = 0;
  for (const issue of await store.drawnIssues(deps.db, 100))
    settled += (await settleIssue(deps, issue.id, now)).settled;
  return settled;
};

/**
 * Voids an issue not settled yet and refunds every open bet once (`lottery:refund:<bet>`), in
 * one transaction per batch; the same exactly-once rule as settlement.
 */
export const voidIssue = async (
  deps: Deps,
  issueId: string,
  reason: string,
  now: Date,
  /** Written in the transaction that voids the issue (the back office's audit row). */
  audit?: (trx: Transaction<DB>) => Promise<unknown>,
) => {
  const issue = await store.issueById(deps.db, issueId);
  if (!issue) return { voided: false, refunded: 0 };
  const voided = await deps.db.transaction().execute(async (trx) => {
    const done = await store.markVoid(trx, issueId, reason, now);
    if (done) await audit?.(trx);
    return done;
  });
  let refunded = 0;
  const members = new Set<number>();
  for (;;) {
    const batch = await deps.db.transaction().execute(async (trx) => {
      const fresh = await store.issueById(trx, issueId, true);
      if (fresh?.status !== 'void') return 0;
      const open = await bets.openBets(trx, issueId, SETTLE_BATCH);
      const mine = await bets.settleBets(
        trx,
        open.map((b) => ({ id: b.id, status: 'void' as const, payoutMinor: 0n })),
        now,
      );
      for (const bet of mine) {
        const balanceAfter = await creditPayout(
          deps.wallet,
          trx,
          {
            merchantCode: bet.merchantCode,
            currency: bet.currency,
            memberId: bet.memberId,
            betId: bet.id,
            amountMinor: bet.stakeMinor,
            reason: 'refund',
            metadata: { issueNo: issue.issueNo, gameCode: issue.gameCode, reason },
          },
          deps.play,
        );
        members.add(bet.memberId);
        void balanceAfter;
      }
      refunded += mine.length;
      return open.length;
    });
    if (batch < SETTLE_BATCH) break;
  }
  for (const memberId of members) deps.publishBalance(memberId);
  return { voided, refunded };
};
