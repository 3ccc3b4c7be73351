import { type BetType, KIND_BET_TYPES, lotteryRtpOf, type PayoutTable } from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PlayHooks } from '../activity';
import { type Actor, appendAudit, assertCan, csvStream } from '../staff';
import * as bets from './bet-store';
import type { LotteryWallet } from './money';
import { voidIssue } from './settle-issue';
import * as store from './store';
import { betView } from './views';
import { createVnBackoffice } from './vn-backoffice';
import { createVnRulesBackoffice } from './vn-rules-bo';
import type { VnLottery } from './vn-service';

type Deps = {
  db: Kysely<DB>;
  wallet: LotteryWallet;
  publishBalance: (memberId: number) => void;
  /** The play hooks (docs/decisions/035): refunds of a voided issue come off the turnover. */
  play?: PlayHooks | undefined;
  now: () => Date;
  /** The lottery service's: every merchant's default games and first rules exist. */
  ensureDefaults: () => Promise<void>;
  /** The Vietnamese lotteries (ADR 046): their results desk, holidays and void. */
  vnLottery: VnLottery;
};

/**
 * The lottery's back office (issue 17): each service checks its permission first and audits its
 * change in the change's own transaction. Rules are never edited: a save is a new version, in
 * force from now, refused when any bet type's RTP would be above 100 %.
 */
export const createLotteryBackoffice = (deps: Deps) => {
  const { db, now } = deps;

  const gameOf = async (merchantCode: string, gameCode: string) => {
    await deps.ensureDefaults();
    const game = (await store.games(db, merchantCode)).find((g) => g.code === gameCode);
    if (!game) throw new AppError('not.found');
    return game;
  };

  const ruleView = (kind: store.GameRow['kind'], rule: store.RuleRow) => ({
    gameCode: rule.gameCode,
    kind,
    version: rule.version,
    intervalSeconds: rule.intervalSeconds,
    lockSeconds: rule.lockSeconds,
    minStakeMinor: rule.minStakeMinor.toString(),
    maxStakeMinor: rule.maxStakeMinor.toString(),
    liabilityCapMinor: rule.liabilityCapMinor.toString(),
    payouts: rule.payouts as Record<string, Record<string, number>>,
    rtpBp: Object.fromEntries(
      Object.entries(rule.payouts).map(([type, table]) => [
        type,
        lotteryRtpOf(kind, type as BetType, table ?? {}).maxRtpBp,
      ]),
    ),
    effectiveFrom: rule.effectiveFrom.getTime(),
  });

  const rules = async (actor: Actor, merchantCode: string, gameCode: string) => {
    assertCan(actor, 'lottery.read');
    const game = await gameOf(merchantCode, gameCode);
    const rule = await store.ruleInForce(db, merchantCode, gameCode, now());
    if (!rule) throw new AppError('not.found');
    return ruleView(game.kind, rule);
  };

  const saveRule = async (
    actor: Actor,
    body: {
      merchant: string;
      gameCode: string;
      intervalSeconds: number;
      lockSeconds: number;
      minStakeMinor: bigint;
      maxStakeMinor: bigint;
      liabilityCapMinor: bigint;
      payouts: Partial<Record<BetType, PayoutTable>>;
    },
  ) => {
    assertCan(actor, 'lottery.write');
    const game = await gameOf(body.merchant, body.gameCode);
    const refuse = (reason: string): never => {
      throw new AppError('lottery.payout.invalid', { value: { reason } });
    };
    if (86_400 % body.intervalSeconds !== 0) refuse('the interval must divide a day');
    if (body.lockSeconds >= body.intervalSeconds) refuse('the lock must be shorter than the interval');
    if (body.minStakeMinor > body.maxStakeMinor) refuse('minimum stake above the maximum');
    for (const [type, table] of Object.entries(body.payouts)) {
      if (!KIND_BET_TYPES[game.kind].includes(type as BetType)) refuse(`${game.kind} takes no ${type} bet`);
      if (lotteryRtpOf(game.kind, type as BetType, table ?? {}).aboveHundred)
        refuse(`${type}: RTP above 100 %`);
    }
    const at = now();
    return db.transaction().execute(async (trx) => {
      const before = await store.ruleInForce(trx, body.merchant, body.gameCode, at);
      const rule = await store.insertRule(
        trx,
        {
          merchantCode: body.merchant,
          gameCode: body.gameCode,
          intervalSeconds: body.intervalSeconds,
          lockSeconds: body.lockSeconds,
          payouts: body.payouts,
          minStakeMinor: body.minStakeMinor,
          maxStakeMinor: body.maxStakeMinor,
          liabilityCapMinor: body.liabilityCapMinor,
          effectiveFrom: at,
          createdBy: actor.username,
        },
        at,
      );
      await appendAudit(
        trx,
        actor,
        {
          action: 'lottery.rule.save',
          target: `${body.merchant}/${body.gameCode}`,
          before: before ? { version: before.version } : null,
          after: { version: rule.version, intervalSeconds: rule.intervalSeconds, payouts: rule.payouts },
        },
        at,
      );
      return ruleView(game.kind, rule);
    });
  };

  const exposure = async (actor: Actor, merchantCode: string, gameCode: string) => {
    assertCan(actor, 'lottery.read');
    await gameOf(merchantCode, gameCode);
    const at = now();
    const rule = await store.ruleInForce(db, merchantCode, gameCode, at);
    const [open] = await store.upcomingIssues(db, merchantCode, gameCode, at);
    const numbers = open ? await bets.exposureOf(db, open.id) : [];
    return {
      issueNo: open?.issueNo ?? null,
      liabilityCapMinor: (rule?.liabilityCapMinor ?? 0n).toString(),
      numbers: numbers.map((n) => ({ key: n.key, liabilityMinor: n.liabilityMinor.toString() })),
    };
  };

  const voidOne = async (
    actor: Actor,
    body: { merchant: string; gameCode: string; issueNo: string; reason: string },
  ) => {
    assertCan(actor, 'lottery.write');
    const issue = await store.issueByNo(db, body.merchant, body.gameCode, body.issueNo);
    if (!issue) throw new AppError('not.found');
    const at = now();
    return voidIssue(deps, issue.id, body.reason, at, (trx) =>
      appendAudit(
        trx,
        actor,
        {
          action: 'lottery.issue.void',
          target: `${body.merchant}/${body.gameCode}/${body.issueNo}`,
          before: { status: issue.status },
          after: { status: 'void', reason: body.reason },
        },
        at,
      ),
    );
  };

  const searchBets = async (actor: Actor, filter: bets.BetSearch, page: number, pageSize: number) => {
    assertCan(actor, 'lottery.read');
    const { total, rows } = await bets.searchBets(db, filter, page, pageSize);
    return { items: rows.map((r) => ({ ...betView(r), memberId: r.memberId })), total, page, pageSize };
  };

  const betsCsv = async (actor: Actor, filter: bets.BetSearch) => {
    assertCan(actor, 'lottery.read');
    const columns = [
      'id',
      'placedAt',
      'memberId',
      'gameCode',
      'issueNo',
      'betType',
      'selection',
      'stakeMinor',
      'payoutMinor',
      'status',
      'settledAt',
    ] as const;
    return csvStream([...columns], async (limit, offset) =>
      (await bets.searchRows(db, filter, limit, offset)).map((r) => ({
        id: r.id,
        placedAt: r.placedAt.toISOString(),
        memberId: r.memberId,
        gameCode: r.gameCode,
        issueNo: r.issueNo,
        betType: r.betType,
        selection: JSON.stringify(r.selection),
        stakeMinor: r.stakeMinor.toString(),
        payoutMinor: r.payoutMinor.toString(),
        status: r.status,
        settledAt: r.settledAt?.toISOString() ?? '',
      })),
    );
  };

  const vn = createVnBackoffice({ db, now, vnLottery: deps.vnLottery });
  const vnRules = createVnRulesBackoffice({ db, now, ensureDefaults: deps.vnLottery.ensureDefaults });

  return { rules, saveRule, exposure, voidIssue: voidOne, searchBets, betsCsv, vn, vnRules };
};

export type LotteryBackoffice = ReturnType<typeof createLotteryBackoffice>;
