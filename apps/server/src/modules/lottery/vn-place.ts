import { randomUUID } from 'node:crypto';
import { FairError, normalizeVnSelection, VN_BET_TYPES, type VnBetType } from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isRetryable, isUniqueViolation } from '../../shared/db';
import type { PlayHooks } from '../activity';
import { debitStake, type LotteryWallet } from './money';
import * as vnBets from './vn-bet-store';
import * as vn from './vn-store';

export type VnBetInput = { issueNo: string; betType: string; numbers: string[]; stakeMinor: bigint };

export type VnPlaceInput = {
  merchantCode: string;
  currency: string;
  memberId: number;
  requestKey: string;
  /** Several draws may be in one slip (a South bet on 2 or 3 stations is one bet per station). */
  bets: VnBetInput[];
};

type Deps = { db: Kysely<DB>; wallet: LotteryWallet; now: () => Date; play?: PlayHooks | undefined };

/**
 * Places a slip of Vietnamese lottery bets, all or nothing, in one transaction: each draw open by
 * the server's clock (now < lock time; taken 1 ms before, refused at it), each selection fits its
 * bet type, each stake within the region's rule in force, whose payout the bet copies; each stake
 * debited through the ledger after the play hooks (`lottery:stake:<bet>`). The member's request
 * key makes it idempotent: the same key answers the first slip and debits nothing.
 */
export const placeVnBets = async (deps: Deps, input: VnPlaceInput) => {
  const replay = await vnBets.betsOfRequest(deps.db, input.memberId, input.requestKey);
  if (replay.length > 0) return { replayed: true, bets: replay };
  for (const bet of input.bets) {
    if (!(VN_BET_TYPES as readonly string[]).includes(bet.betType))
      throw new AppError('lottery.bet.invalid', { value: { reason: 'bet type not offered' } });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return { replayed: false, bets: await inTransaction(deps, input) };
    } catch (error) {
      if (isUniqueViolation(error)) {
        const first = await vnBets.betsOfRequest(deps.db, input.memberId, input.requestKey);
        if (first.length > 0) return { replayed: true, bets: first };
      }
      if (!isRetryable(error) || attempt >= 5) throw error;
    }
  }
};

const inTransaction = (deps: Deps, input: VnPlaceInput) =>
  deps.db.transaction().execute(async (trx) => {
    const at = deps.now();
    const placed: vn.VnBetRow[] = [];
    const draws = new Map<string, vn.VnDrawRow>();
    for (const [seq, bet] of input.bets.entries()) {
      let draw = draws.get(bet.issueNo);
      if (!draw) {
        draw = await vn.drawByNo(trx, input.merchantCode, bet.issueNo, 'share');
        if (!draw) throw new AppError('lottery.game.unavailable');
        if (draw.status !== 'scheduled' || at >= draw.locksAt)
          throw new AppError('lottery.issue.closed', { value: { locksAt: draw.locksAt.getTime() } });
        draws.set(bet.issueNo, draw);
      }
      const rule = await vn.vnRuleInForce(trx, input.merchantCode, draw.region, at);
      const betType = bet.betType as VnBetType;
      const milli = rule?.payouts[betType];
      if (!rule || milli === undefined)
        throw new AppError('lottery.bet.invalid', { value: { reason: 'bet type not offered' } });
      let numbers: string[];
      try {
        numbers = normalizeVnSelection(betType, bet.numbers);
      } catch (error) {
        if (error instanceof FairError)
          throw new AppError('lottery.bet.invalid', { value: { reason: error.message } });
        throw error;
      }
      if (bet.stakeMinor < rule.minStakeMinor || bet.stakeMinor > rule.maxStakeMinor) {
        throw new AppError('lottery.stake.out.of.range', {
          value: {
            minStakeMinor: rule.minStakeMinor.toString(),
            maxStakeMinor: rule.maxStakeMinor.toString(),
          },
        });
      }
      const id = randomUUID();
      const balanceAfter = await debitStake(
        deps.wallet,
        trx,
        {
          merchantCode: input.merchantCode,
          currency: input.currency,
          memberId: input.memberId,
          betId: id,
          amountMinor: bet.stakeMinor,
          product: 'LOTT',
          metadata: { issueNo: draw.issueNo, region: draw.region, betType },
        },
        deps.play,
      );
      const row: vn.VnBetRow = {
        id,
        merchantCode: input.merchantCode,
        memberId: input.memberId,
        requestKey: input.requestKey,
        seq,
        drawId: draw.id,
        betType,
        numbers,
        stakeMinor: bet.stakeMinor,
        currency: input.currency,
        ruleId: rule.id,
        payoutMilli: BigInt(milli),
        status: 'open',
        payoutMinor: 0n,
        owedMinor: 0n,
        settledVersion: 0,
        balanceAfterStakeMinor: balanceAfter,
        placedAt: at,
        settledAt: null,
      };
      await vnBets.insertVnBet(trx, row);
      placed.push(row);
    }
    return placed;
  });
