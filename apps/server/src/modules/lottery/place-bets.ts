import { randomUUID } from 'node:crypto';
import {
  type BetSelection,
  type BetType,
  exposureKeysOf,
  FairError,
  type LotteryKind,
  maxMultiplierOf,
  normalizeSelection,
} from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isRetryable } from '../../shared/db';
import type { PlayHooks } from '../activity';
import * as bets from './bet-store';
import { debitStake, type LotteryWallet } from './money';
import * as store from './store';

export type BetInput = { betType: BetType; selection: BetSelection; stakeMinor: bigint };

export type PlaceBetsInput = {
  merchantCode: string;
  currency: string;
  memberId: number;
  gameCode: string;
  issueNo: string;
  requestKey: string;
  bets: BetInput[];
};

type Deps = {
  db: Kysely<DB>;
  wallet: LotteryWallet;
  now: () => Date;
  /**
   * The play hooks (docs/decisions/035): each stake passes protection's limits and is counted as
   * turnover in the slip's transaction; a refusal (an AppError) rolls the whole slip back.
   */
  play?: PlayHooks | undefined;
};

/**
 * Places a slip of bets on an open issue, all or nothing, in one transaction:
 * - the issue must be open by the server's clock: opened, and now < its lock time (a bet 1 ms
 *   before the lock is taken, one at the lock is refused);
 * - each bet's selection fits its bet type, its stake is within the rule in force's limits and
 *   it copies that rule's payout table for its type;
 * - the liability a bet adds (stake × its largest multiplier) to each of its numbers stays within
 *   the cap per number per issue (`addExposure`, one conditional statement per number, numbers in
 *   one order so two slips never wait on each other in a cycle);
 * - each stake is debited through `debitStake` (key from the bet id) and the bet row written.
 * The member's request key makes it idempotent: the same key answers the first slip.
 */
export const placeBets = async (deps: Deps, input: PlaceBetsInput) => {
  const now = deps.now();
  const game = (await store.games(deps.db, input.merchantCode)).find((g) => g.code === input.gameCode);
  if (!game?.enabled) throw new AppError('lottery.game.unavailable');
  const replay = await replayOf(deps.db, input);
  if (replay) return replay;
  const rule = await store.ruleInForce(deps.db, input.merchantCode, input.gameCode, now);
  if (!rule) throw new AppError('lottery.game.unavailable');
  const prepared = input.bets.map((bet) => prepare(game.kind, rule, bet));
  const total = prepared.reduce((sum, bet) => sum + bet.stakeMinor, 0n);

  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(deps, input, rule, prepared, total);
    } catch (error) {
      // A twin request committed first: answer its slip.
      if (error instanceof SlipTaken) {
        const first = await replayOf(deps.db, input);
        if (first) return first;
        throw new AppError('lottery.request.conflict');
      }
      if (!isRetryable(error) || attempt >= 5) throw error;
    }
  }
};

/** The request key was claimed by another slip while this one waited. */
class SlipTaken extends Error {}

type Prepared = ReturnType<typeof prepare>;

const inTransaction = (
  deps: Deps,
  input: PlaceBetsInput,
  rule: store.RuleRow,
  prepared: Prepared[],
  total: bigint,
) =>
  deps.db.transaction().execute(async (trx) => {
    const issue = await store.issueByNo(trx, input.merchantCode, input.gameCode, input.issueNo, 'share');
    if (!issue) throw new AppError('lottery.game.unavailable');
    const at = deps.now();
    if (issue.status !== 'scheduled' || at < issue.opensAt || at >= issue.locksAt) {
      throw new AppError('lottery.issue.closed', { value: { locksAt: issue.locksAt.getTime() } });
    }
    const slipId = randomUUID();
    const claimed = await bets.claimSlip(
      trx,
      {
        id: slipId,
        merchantCode: input.merchantCode,
        memberId: input.memberId,
        requestKey: input.requestKey,
        issueId: issue.id,
        totalStakeMinor: total,
      },
      at,
    );
    if (!claimed) throw new SlipTaken();
    // Liability per number, summed over the slip, added in key order.
    const exposure = new Map<string, bigint>();
    for (const bet of prepared) {
      for (const key of bet.exposureKeys) exposure.set(key, (exposure.get(key) ?? 0n) + bet.liabilityMinor);
    }
    for (const key of [...exposure.keys()].sort()) {
      const ok = await bets.addExposure(trx, issue.id, key, exposure.get(key) ?? 0n, rule.liabilityCapMinor);
      if (!ok) throw new AppError('lottery.sold.out', { value: { number: key } });
    }
    let balanceMinor = 0n;
    const placed: store.BetRow[] = [];
    for (const [seq, bet] of prepared.entries()) {
      const id = randomUUID();
      balanceMinor = await debitStake(
        deps.wallet,
        trx,
        {
          merchantCode: input.merchantCode,
          currency: input.currency,
          memberId: input.memberId,
          betId: id,
          amountMinor: bet.stakeMinor,
          metadata: { gameCode: input.gameCode, issueNo: input.issueNo },
        },
        deps.play,
      );
      const row: store.BetRow = {
        id,
        slipId,
        seq,
        merchantCode: input.merchantCode,
        memberId: input.memberId,
        issueId: issue.id,
        gameCode: input.gameCode,
        betType: bet.betType,
        selection: bet.selection,
        stakeMinor: bet.stakeMinor,
        currency: input.currency,
        ruleId: rule.id,
        payoutTable: bet.payoutTable,
        status: 'open',
        payoutMinor: 0n,
        balanceAfterStakeMinor: balanceMinor,
        placedAt: at,
        settledAt: null,
      };
      await bets.insertBet(trx, row);
      placed.push(row);
    }
    return {
      slipId,
      replayed: false,
      totalStakeMinor: total,
      balanceMinor,
      bets: placed,
      issueNo: issue.issueNo,
    };
  });

const prepare = (kind: LotteryKind, rule: store.RuleRow, bet: BetInput) => {
  let selection: BetSelection;
  try {
    selection = normalizeSelection(kind, bet.betType, bet.selection);
  } catch (error) {
    if (error instanceof FairError)
      throw new AppError('lottery.bet.invalid', { value: { reason: error.message } });
    throw error;
  }
  const payoutTable = rule.payouts[bet.betType];
  if (!payoutTable) throw new AppError('lottery.bet.invalid', { value: { reason: 'bet type not offered' } });
  if (bet.stakeMinor < rule.minStakeMinor || bet.stakeMinor > rule.maxStakeMinor) {
    throw new AppError('lottery.stake.out.of.range', {
      value: { minStakeMinor: rule.minStakeMinor.toString(), maxStakeMinor: rule.maxStakeMinor.toString() },
    });
  }
  const liabilityMinor =
    (bet.stakeMinor * BigInt(maxMultiplierOf(bet.betType, selection, payoutTable))) / 1000n;
  return {
    betType: bet.betType,
    selection,
    stakeMinor: bet.stakeMinor,
    payoutTable,
    liabilityMinor,
    exposureKeys: exposureKeysOf(bet.betType, selection),
  };
};

/** The first answer of a request key already used (its balance is the one after that slip). */
const replayOf = async (db: Kysely<DB>, input: PlaceBetsInput) => {
  const slip = await bets.slipByKey(db, input.memberId, input.requestKey);
  if (!slip) return undefined;
  const issue = await store.issueById(db, slip.issue_id);
  if (issue?.gameCode !== input.gameCode || issue.issueNo !== input.issueNo) {
    throw new AppError('lottery.request.conflict');
  }
  const placed = await bets.betsOfSlip(db, slip.id);
  return {
    slipId: slip.id,
    replayed: true,
    totalStakeMinor: BigInt(slip.total_stake_minor),
    balanceMinor: placed.at(-1)?.balanceAfterStakeMinor ?? 0n,
    bets: placed,
    issueNo: issue.issueNo,
  };
};
