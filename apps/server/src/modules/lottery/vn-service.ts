import { randomBytes, randomUUID } from 'node:crypto';
import { commitmentOf, VN_REGIONS, type VnRegion } from '@khela/fair';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PlayHooks } from '../activity';
import type { LotteryWallet } from './money';
import * as vnBets from './vn-bet-store';
import { DEFAULT_VN_LIMITS, defaultVnPayouts } from './vn-payouts';
import { placeVnBets, type VnBetInput } from './vn-place';
import { demoResultOf, type VnResultSource, vnResultOf } from './vn-results';
import { addDays, VN_STATIONS, vnDateOf, vnDrawsOn, vnGameOf } from './vn-schedule';
import { settleVnDraw, voidVnDraw } from './vn-settle';
import * as vn from './vn-store';

/** Draws exist this many Vietnamese days ahead (today included): bets can be placed on tomorrow's. */
export const VN_DAYS_AHEAD = 2;

export type VnLotteryDeps = {
  db: Kysely<DB>;
  wallet: LotteryWallet;
  merchants: () => Promise<{ code: string; currency: string }[]>;
  publishBalance: (memberId: number) => void;
  now: () => Date;
  play?: PlayHooks | undefined;
  /** Where results come from (the demo drawer unless a feed is configured). */
  source?: VnResultSource | undefined;
};

/** A draw as players see it: the commitment before, the seed and the result after. */
export const vnDrawView = (d: vn.VnDrawRow) => ({
  gameCode: vnGameOf(d.region),
  region: d.region,
  station: d.station,
  stationName: VN_STATIONS[d.station] ?? d.station,
  issueNo: d.issueNo,
  status: d.status,
  locksAt: d.locksAt.getTime(),
  drawsAt: d.drawsAt.getTime(),
  source: d.source,
  commitment: d.commitment,
  serverSeed: d.status === 'resulted' ? d.serverSeed : null,
  result: d.result,
  resultVersion: d.resultVersion,
});

/**
 * The Vietnamese lotteries (ADR 046): draws per station at the official times, voided on
 * holidays, results from the source adapter (demo drawer, or feed + two-person manual entry),
 * settled exactly once per result version.
 */
export const createVnLottery = (deps: VnLotteryDeps) => {
  const { db, now } = deps;
  const source: VnResultSource = deps.source ?? { kind: 'demo' };
  const money = { db, wallet: deps.wallet, publishBalance: deps.publishBalance, play: deps.play };
  const ready = new Set<string>();

  const ensureDefaults = async () => {
    for (const merchant of await deps.merchants()) {
      if (ready.has(merchant.code)) continue;
      for (const region of VN_REGIONS) {
        if ((await vn.countVnRules(db, merchant.code, region)) > 0) continue;
        try {
          await vn.insertVnRule(
            db,
            {
              merchantCode: merchant.code,
              region,
              payouts: defaultVnPayouts(region),
              ...DEFAULT_VN_LIMITS,
              effectiveFrom: new Date(0),
              createdBy: null,
            },
            now(),
          );
        } catch (error) {
          if ((await vn.countVnRules(db, merchant.code, region)) === 0) throw error;
        }
      }
      ready.add(merchant.code);
    }
  };

  /** Every merchant's draws of today and the days ahead, holidays left out; a seed per demo draw. */
  const generate = async () => {
    const at = now();
    const today = vnDateOf(at);
    const off = new Set((await vn.holidays(db, today)).map((h) => h.day));
    let created = 0;
    for (const merchant of await deps.merchants()) {
      const rows = [];
      for (let d = 0; d <= VN_DAYS_AHEAD; d++) {
        const date = addDays(today, d);
        if (off.has(date)) continue;
        for (const region of VN_REGIONS) {
          for (const times of vnDrawsOn(region, date)) {
            const serverSeed = source.kind === 'demo' ? randomBytes(32).toString('hex') : null;
            rows.push({
              ...times,
              id: randomUUID(),
              merchantCode: merchant.code,
              source: source.kind,
              serverSeed,
              commitment: serverSeed ? commitmentOf(serverSeed) : null,
            });
          }
        }
      }
      created += await vn.insertDraws(db, rows, at);
    }
    return created;
  };

  /** Makes a result final (a new version) with its entry row, in one transaction. */
  const finalize = async (
    trx: Transaction<DB>,
    draw: vn.VnDrawRow,
    entrySource: 'demo' | 'feed',
    result: unknown,
  ) => {
    const checked = vnResultOf(draw.region, result);
    await vn.insertEntry(
      trx,
      {
        drawId: draw.id,
        source: entrySource,
        result: checked,
        status: 'approved',
        enteredBy: null,
        approvedBy: null,
      },
      now(),
    );
    return vn.applyResult(trx, draw.id, checked);
  };

  /** Results of due draws: the demo drawer's, or the feed's when it has one. */
  const collectResults = async () => {
    let resulted = 0;
    const due =
      source.kind === 'demo' ? await vn.dueDemoDraws(db, now(), 100) : await vn.awaitingFeed(db, now(), 100);
    for (const draw of due) {
      let result: unknown;
      if (source.kind === 'demo') result = demoResultOf(draw);
      else {
        try {
          result = await source.fetch(draw);
          vnResultOf(draw.region, result);
        } catch {
          continue; // Not complete yet, or the feed is down: the next tick asks again.
        }
      }
      const done = await db.transaction().execute(async (trx) => {
        const fresh = await vn.drawById(trx, draw.id, true);
        if (fresh?.status !== 'scheduled') return false;
        return (await finalize(trx, fresh, source.kind, result)) !== undefined;
      });
      if (done) resulted += 1;
    }
    return resulted;
  };

  const settleDue = async () => {
    let settled = 0;
    for (const draw of await vn.drawsToSettle(db, 100))
      settled += (await settleVnDraw(money, draw.id, now())).settled;
    return settled;
  };

  const voidHolidays = async () => {
    let voided = 0;
    for (const draw of await vn.holidayDraws(db)) {
      if ((await voidVnDraw(money, draw.id, 'holiday', now())).voided) voided += 1;
    }
    return voided;
  };

  /** The scheduler's job: defaults, draws ahead, holiday voids, results, settlement. */
  const tick = async () => {
    await ensureDefaults();
    const generated = await generate();
    const voided = await voidHolidays();
    const resulted = await collectResults();
    const settled = await settleDue();
    return { generated, voided, resulted, settled };
  };

  const currencyOf = async (merchantCode: string) => {
    const merchant = (await deps.merchants()).find((m) => m.code === merchantCode);
    if (!merchant) throw new AppError('lottery.game.unavailable');
    return merchant.currency;
  };

  /** The page's board: open draws by region, rules in force (payouts, limits). */
  const board = async (merchantCode: string) => {
    await ensureDefaults();
    const at = now();
    const open = await vn.openDraws(db, merchantCode, at);
    const regions = [];
    for (const region of VN_REGIONS) {
      const rule = await vn.vnRuleInForce(db, merchantCode, region, at);
      if (!rule) continue;
      regions.push({
        region,
        gameCode: vnGameOf(region),
        payouts: rule.payouts,
        minStakeMinor: rule.minStakeMinor.toString(),
        maxStakeMinor: rule.maxStakeMinor.toString(),
        draws: open.filter((d) => d.region === region).map(vnDrawView),
      });
    }
    return { serverTime: at.getTime(), regions };
  };

  const results = async (merchantCode: string, region: VnRegion, count: number) =>
    (await vn.latestVnResults(db, merchantCode, region, count)).map(vnDrawView);

  const place = async (input: {
    merchantCode: string;
    memberId: number;
    requestKey: string;
    bets: VnBetInput[];
  }) => {
    await ensureDefaults();
    const result = await placeVnBets(
      { db, wallet: deps.wallet, now, play: deps.play },
      { ...input, currency: await currencyOf(input.merchantCode) },
    );
    if (!result.replayed) deps.publishBalance(input.memberId);
    const last = result.bets.at(-1);
    return {
      replayed: result.replayed,
      totalStakeMinor: result.bets.reduce((s, b) => s + b.stakeMinor, 0n).toString(),
      balanceMinor: (last?.balanceAfterStakeMinor ?? 0n).toString(),
      betIds: result.bets.map((b) => b.id),
    };
  };

  const myBets = async (memberId: number, count: number) =>
    (await vnBets.vnBetsOfMember(db, memberId, count)).map((b) => ({
      id: b.id,
      gameCode: vnGameOf(b.region as VnRegion),
      issueNo: b.issueNo,
      betType: b.betType,
      numbers: b.numbers,
      stakeMinor: b.stakeMinor.toString(),
      payoutMinor: b.payoutMinor.toString(),
      status: b.status,
      placedAt: b.placedAt.getTime(),
      settledAt: b.settledAt?.getTime() ?? null,
    }));

  return {
    source,
    ensureDefaults,
    tick,
    generate,
    collectResults,
    settleDue,
    voidHolidays,
    board,
    results,
    place,
    myBets,
    settleDraw: (drawId: string) => settleVnDraw(money, drawId, now()),
    voidDraw: (drawId: string, reason: string, audit?: (trx: Transaction<DB>) => Promise<unknown>) =>
      voidVnDraw(money, drawId, reason, now(), audit),
  };
};

export type VnLottery = ReturnType<typeof createVnLottery>;
