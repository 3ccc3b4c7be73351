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
 * bet type, each stake within the region's rule in force, whose payout the bet copies; no number
 * of a draw past the rule's liability cap (`lottery.sold.out`, ADR 058); each stake
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

/**
 * The events a bet wins on, as exposure keys (ADR 058): a tail among the prizes (lô, xiên: every
 * number of the bet), the special prize's last digits (đề, 3/4 càng, đuôi) or its tens digit
 * (đầu). Lô trượt wins when numbers do *not* come out: no number carries it (its stake limit does).
 */
const exposureKeysOf = (betType: VnBetType, numbers: string[]) => {
  if (betType.startsWith('truot')) return [];
  const group =
    betType.startsWith('lo') || betType.startsWith('xien') ? 'tail' : betType === 'dau' ? 'head' : 'special';
  return numbers.map((n) => `${group}:${n}`);
};

type Checked = {
  bet: VnBetInput;
  draw: vn.VnDrawRow;
  rule: vn.VnRuleRow;
  betType: VnBetType;
  numbers: string[];
  milli: number;
};

const inTransaction = (deps: Deps, input: VnPlaceInput) =>
  deps.db.transaction().execute(async (trx) => {
    const at = deps.now();
    const draws = new Map<string, vn.VnDrawRow>();
    const checked: Checked[] = [];
    for (const bet of input.bets) {
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
      checked.push({ bet, draw, rule, betType, numbers, milli });
    }
    // The liability cap: what one win of each bet pays (stake × payout, rounded up), added to each
    // number it wins on; per draw and number in sorted order (concurrent slips lock alike).
    const exposure = new Map<string, { drawId: string; key: string; cap: bigint; liability: bigint }>();
    for (const c of checked) {
      const liability = (c.bet.stakeMinor * BigInt(c.milli) + 999n) / 1000n;
      for (const key of exposureKeysOf(c.betType, c.numbers)) {
        const id = `${c.draw.id}|${key}`;
        const before = exposure.get(id);
        exposure.set(id, {
          drawId: c.draw.id,
          key,
          cap: c.rule.liabilityCapMinor,
          liability: (before?.liability ?? 0n) + liability,
        });
      }
    }
    for (const id of [...exposure.keys()].sort()) {
      const e = exposure.get(id);
      if (!e) continue;
      if (!(await vnBets.addVnExposure(trx, e.drawId, e.key, e.liability, e.cap)))
        throw new AppError('lottery.sold.out', { value: { number: e.key.split(':')[1] } });
    }
    const placed: vn.VnBetRow[] = [];
    for (const [seq, { bet, draw, rule, betType, numbers, milli }] of checked.entries()) {
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
