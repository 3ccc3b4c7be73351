import { KIND_BET_TYPES } from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PlayHooks } from '../activity';
import * as bets from './bet-store';
import { drawDueIssues } from './draw-issues';
import { DEFAULT_GAMES, DEFAULT_LIMITS, defaultPayoutsOf } from './games';
import { generateIssues } from './generate-issues';
import type { LotteryWallet } from './money';
import { type PlaceBetsInput, placeBets } from './place-bets';
import { settleDrawnIssues, settleIssue, voidIssue } from './settle-issue';
import * as store from './store';
import { betView, issueView } from './views';
import type { VnResultSource } from './vn-results';
import { createVnLottery } from './vn-service';

export type LotteryDeps = {
  db: Kysely<DB>;
  wallet: LotteryWallet;
  /** The merchants and their currency (the site module's). */
  merchants: () => Promise<{ code: string; currency: string }[]>;
  /** Tells the member's open pages that the balance moved (the wallet's balance push). */
  publishBalance: (memberId: number) => void;
  now?: () => Date;
  /** The play hooks (docs/decisions/035): protection's limits and turnover, in the bets' transactions. */
  play?: PlayHooks | undefined;
  /** Where the Vietnamese lotteries' results come from (ADR 046; the demo drawer when unset). */
  vnSource?: VnResultSource | undefined;
};

/**
 * The lottery module (issue 17): in-house lotteries whose games and rules are per-merchant
 * versioned data; issues generated from the rules, drawn provably fair, settled exactly once.
 */
export const createLottery = (deps: LotteryDeps) => {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const ready = new Set<string>();
  const money = { db, wallet: deps.wallet, publishBalance: deps.publishBalance, play: deps.play };
  const vn = createVnLottery({ ...deps, now, source: deps.vnSource });

  /** Every merchant's default games and their first rule (once; racing nodes insert once). */
  const ensureDefaults = async () => {
    for (const merchant of await deps.merchants()) {
      if (ready.has(merchant.code)) continue;
      const at = now();
      for (const def of DEFAULT_GAMES) {
        await store.insertGame(
          db,
          { merchantCode: merchant.code, code: def.code, kind: def.kind, enabled: true },
          at,
        );
        if ((await store.countRules(db, merchant.code, def.code)) > 0) continue;
        try {
          await store.insertRule(
            db,
            {
              merchantCode: merchant.code,
              gameCode: def.code,
              intervalSeconds: def.intervalSeconds,
              lockSeconds: def.lockSeconds,
              payouts: defaultPayoutsOf(def.kind),
              ...DEFAULT_LIMITS,
              effectiveFrom: new Date(0),
              createdBy: null,
            },
            at,
          );
        } catch (error) {
          // Another node wrote version 1 first.
          if ((await store.countRules(db, merchant.code, def.code)) === 0) throw error;
        }
      }
      ready.add(merchant.code);
    }
  };

  const currencyOf = async (merchantCode: string) => {
    const merchant = (await deps.merchants()).find((m) => m.code === merchantCode);
    if (!merchant) throw new AppError('lottery.game.unavailable');
    return merchant.currency;
  };

  /** The scheduler's job: defaults, issues ahead, due draws, then their settlement. */
  const tick = async () => {
    await ensureDefaults();
    const generated = await generateIssues(db, now());
    const drawn = await drawDueIssues(db, now());
    const settled = await settleDrawnIssues(money, now());
    return { generated, drawn, settled };
  };

  const gamesOf = async (merchantCode: string) => {
    await ensureDefaults();
    const at = now();
    const views = [];
    for (const game of await store.games(db, merchantCode)) {
      if (!game.enabled) continue;
      const rule = await store.ruleInForce(db, merchantCode, game.code, at);
      if (!rule) continue;
      const [first, second] = await store.upcomingIssues(db, merchantCode, game.code, at);
      const current = first && first.opensAt <= at ? first : undefined;
      const next = current ? second : first;
      views.push({
        code: game.code,
        kind: game.kind,
        betTypes: [...KIND_BET_TYPES[game.kind]],
        intervalSeconds: rule.intervalSeconds,
        lockSeconds: rule.lockSeconds,
        minStakeMinor: rule.minStakeMinor.toString(),
        maxStakeMinor: rule.maxStakeMinor.toString(),
        payouts: rule.payouts as Record<string, Record<string, number>>,
        current: current ? issueView(current) : null,
        next: next ? issueView(next) : null,
      });
    }
    return { serverTime: at.getTime(), games: views };
  };

  const results = async (merchantCode: string, gameCode: string, count: number) =>
    (await store.latestResults(db, merchantCode, gameCode, count)).map(issueView);

  const drawProof = async (merchantCode: string, gameCode: string, issueNo: string) => {
    const issue = await store.issueByNo(db, merchantCode, gameCode, issueNo);
    const game = (await store.games(db, merchantCode)).find((g) => g.code === gameCode);
    if (!issue || !game) throw new AppError('not.found');
    return { ...issueView(issue), kind: game.kind };
  };

  const place = async (input: Omit<PlaceBetsInput, 'currency'>) => {
    await ensureDefaults();
    const result = await placeBets(
      { db, wallet: deps.wallet, now, play: deps.play },
      { ...input, currency: await currencyOf(input.merchantCode) },
    );
    if (!result.replayed) deps.publishBalance(input.memberId);
    return {
      slipId: result.slipId,
      replayed: result.replayed,
      totalStakeMinor: result.totalStakeMinor.toString(),
      balanceMinor: result.balanceMinor.toString(),
      bets: result.bets.map((b) => betView({ ...b, issueNo: result.issueNo })),
    };
  };

  const myBets = async (memberId: number, gameCode: string | undefined, count: number) =>
    (await bets.betsOfMember(db, memberId, gameCode, count)).map(betView);

  return {
    /** The Vietnamese lotteries (ADR 046), their own job and routes. */
    vn,
    ensureDefaults,
    tick,
    gamesOf,
    results,
    drawProof,
    place,
    myBets,
    settleIssue: (issueId: string) => settleIssue(money, issueId, now()),
    voidIssue: (issueId: string, reason: string) => voidIssue(money, issueId, reason, now()),
    generateIssues: () => generateIssues(db, now()),
    drawDueIssues: () => drawDueIssues(db, now()),
  };
};

export type Lottery = ReturnType<typeof createLottery>;
