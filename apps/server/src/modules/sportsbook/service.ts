import { randomBytes, randomInt } from 'node:crypto';
import type { SportsbookOddsFormat } from '@khela/contract';
import { pariMutuelPrice } from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { cashOut as cashOutBet } from './cashout';
import type { Product, SportsFeed } from './feed';
import type { SportsbookPlayHooks, SportsbookWallet } from './money';
import { type PartialCashOutInput, partialCashOut as partialCashOutOf } from './partial-cashout';
import { type OddsPolicy, placeBet } from './place-bet';
import { preferencesOf, savePreferences as savePreferencesOf } from './preferences';
import { resultEvent, settleReadyBets } from './settle';
import { CADENCES, createFeedSimulator } from './simulator';
import * as store from './store';
import { betsOf, eventsWithMarkets } from './views';

export type SportsbookDeps = {
  db: Kysely<DB>;
  wallet: SportsbookWallet;
  /** The play hooks (protection checks, turnover): called in each money transaction. */
  hooks: SportsbookPlayHooks;
  /** The merchants and their currency (the site module's). */
  merchants: () => Promise<{ code: string; currency: string }[]>;
  publishBalance: (memberId: number) => void;
  now: () => Date;
  /** The feed; the demo simulator when none is given. */
  feed?: SportsFeed;
};

/** Fixtures are kept this many of their own intervals ahead (four football matches, four fights). */
const AHEAD_INTERVALS = 4;
/** Events still listed this long after their end (their result on the page). */
const LISTED_AFTER_END_MS = 10 * 60_000;

/**
 * The in-house sportsbook (issue 21): the feed's schedule kept ahead, bet stop at the start,
 * results from the feed at the end and settlement exactly once; bets placed through the ledger
 * and the play hooks.
 */
export const createSportsbook = (deps: SportsbookDeps) => {
  const { db, now } = deps;
  const feed = deps.feed ?? createFeedSimulator();
  let defaults: Promise<void> | null = null;

  const ensureDefaults = () => {
    defaults ??= (async () => {
      const merchants = await deps.merchants();
      await store.ensureDefaults(
        db,
        merchants.map((m) => m.code),
        now(),
      );
    })().catch((error) => {
      defaults = null;
      throw error;
    });
    return defaults;
  };

  const currencyOf = async (merchantCode: string) => {
    const merchant = (await deps.merchants()).find((m) => m.code === merchantCode);
    if (!merchant) throw new AppError('sportsbook.selection.unavailable');
    return merchant.currency;
  };

  /** New fixtures of the coming intervals, for every merchant. */
  const scheduleAhead = async () => {
    const at = now();
    const longest = Math.max(...CADENCES.map((c) => c.everyMs * AHEAD_INTERVALS));
    const seeds = new Map<string, string>();
    const seedOf = (key: string) => {
      let seed = seeds.get(key);
      if (!seed) {
        seed = randomBytes(32).toString('hex');
        seeds.set(key, seed);
      }
      return seed;
    };
    const fixtures = feed.fixtures(at, new Date(at.getTime() + longest), seedOf).filter((f) => {
      const cadence = CADENCES.find((c) => c.sportCode === f.sportCode);
      return f.startsAt.getTime() < at.getTime() + (cadence?.everyMs ?? 0) * AHEAD_INTERVALS;
    });
    let inserted = 0;
    for (const merchant of await deps.merchants()) {
      const known = await store.existingFeedKeys(
        db,
        merchant.code,
        fixtures.map((f) => f.feedKey),
      );
      const fresh = fixtures.filter((f) => !known.has(f.feedKey));
      if (fresh.length === 0) continue;
      const rule = await store.ruleInForce(db, merchant.code, at);
      inserted += await db
        .transaction()
        .execute((trx) =>
          store.insertFixtures(
            trx,
            merchant.code,
            fresh,
            seeds,
            rule?.cockfightDrawOdds ?? store.DEFAULT_RULE.cockfightDrawOdds,
            at,
          ),
        );
    }
    return inserted;
  };

  /** Cockfight Meron/Wala prices follow the pools; a few fixed prices drift (live odds). */
  const moveOdds = async () => {
    const fights = await db
      .selectFrom('sb_market as m')
      .innerJoin('sb_event as e', 'e.id', 'm.event_id')
      .select(['m.id', 'e.merchant_code'])
      .where('m.pari_mutuel', '=', true)
      .where('m.status', '=', 'open')
      .execute();
    for (const f of fights) {
      const sides = await db
        .selectFrom('sb_selection')
        .select(['id', 'code', 'pool_minor'])
        .where('market_id', '=', f.id)
        .where('code', 'in', ['meron', 'wala'])
        .execute();
      const pools = {
        meron: BigInt(sides.find((s) => s.code === 'meron')?.pool_minor ?? '0'),
        wala: BigInt(sides.find((s) => s.code === 'wala')?.pool_minor ?? '0'),
      };
      const rule = await store.ruleInForce(db, f.merchant_code, now());
      for (const s of sides) {
        const price = pariMutuelPrice(pools, s.code as 'meron' | 'wala', rule?.cockfightCutBp ?? 500);
        if (price !== null && price > 10_000n)
          await db.updateTable('sb_selection').set({ odds: price }).where('id', '=', s.id).execute();
      }
    }
    const drifting = await db
      .selectFrom('sb_selection as s')
      .innerJoin('sb_market as m', 'm.id', 's.market_id')
      .select(['s.id', 's.odds'])
      .where('m.status', '=', 'open')
      .where('m.pari_mutuel', '=', false)
      .orderBy('s.id')
      .limit(200)
      .execute();
    for (let i = 0; i < Math.min(2, drifting.length); i += 1) {
      const pick = drifting[randomInt(drifting.length)];
      if (!pick) continue;
      const step = BigInt((randomInt(2) === 0 ? -1 : 1) * 100 * (1 + randomInt(3)));
      const next = BigInt(pick.odds) + step;
      if (next >= 10_100n && next <= 500_000n)
        await db.updateTable('sb_selection').set({ odds: next }).where('id', '=', pick.id).execute();
    }
  };

  /** The scheduler's job: schedule, bet stop, results, settlement, price moves. */
  const tick = async () => {
    await ensureDefaults();
    const scheduled = await scheduleAhead();
    const started = await store.startDueEvents(db, now());
    let resulted = 0;
    for (const event of await store.endedEvents(db, now(), 50)) {
      const result = feed.result({
        feedKey: event.feedKey,
        sportCode: event.sportCode,
        serverSeed: event.serverSeed,
      });
      if (await resultEvent(settleDeps, event.id, result)) resulted += 1;
    }
    const settled = await settleReadyBets(settleDeps);
    await moveOdds();
    return { scheduled, started, resulted, settled };
  };

  const settleDeps = {
    db,
    wallet: deps.wallet,
    hooks: deps.hooks,
    now,
    publishBalance: deps.publishBalance,
  };

  const events = async (merchantCode: string, product: Product) => {
    await ensureDefaults();
    const at = now();
    const rows = await store.listEvents(db, {
      merchantCode,
      products: [product],
      from: new Date(at.getTime() - LISTED_AFTER_END_MS),
      to: new Date(at.getTime() + 6 * 3_600_000),
      limit: 80,
    });
    return { serverTime: at.getTime(), events: await eventsWithMarkets(db, rows) };
  };

  const results = async (merchantCode: string, sportCode: string, count: number) =>
    eventsWithMarkets(db, await store.recentResults(db, merchantCode, sportCode, count));

  const place = async (input: {
    merchantCode: string;
    memberId: number;
    requestKey: string;
    kind: 'single' | 'multiple' | 'system';
    stakeMinor: bigint;
    systemSizes?: number[] | undefined;
    oddsPolicy: OddsPolicy;
    legs: { selectionId: string; odds: bigint }[];
  }) => {
    await ensureDefaults();
    const currency = await currencyOf(input.merchantCode);
    const placed = await placeBet(settleDeps, { ...input, currency });
    const [bet] = await betsOf(db, { betIds: [placed.betId], count: 1 });
    const row = await db
      .selectFrom('sb_bet')
      .select('balance_after_stake_minor')
      .where('id', '=', placed.betId)
      .executeTakeFirstOrThrow();
    if (!placed.replayed) deps.publishBalance(input.memberId);
    if (!bet) throw new AppError('not.found');
    return { replayed: placed.replayed, balanceMinor: String(row.balance_after_stake_minor), bet };
  };

  const myBets = (memberId: number, status: 'open' | 'settled' | undefined, count: number) =>
    betsOf(db, { memberId, status, count, offersAt: now() });

  /** Cashes out the member's open bet at the offer now if not below the one seen (ADR 050). */
  const cashOut = async (input: { memberId: number; betId: string; offerMinor: bigint }) => {
    const done = await cashOutBet(settleDeps, input);
    const [bet] = await betsOf(db, { betIds: [input.betId], count: 1 });
    if (!bet) throw new AppError('not.found');
    return { offerMinor: done.offerMinor.toString(), balanceMinor: done.balanceMinor.toString(), bet };
  };

  /** Cashes out part of the member's open bet's stake; the bet runs on with the rest (ADR 055). */
  const partialCashOut = async (input: PartialCashOutInput) => {
    const done = await partialCashOutOf(settleDeps, input);
    const [bet] = await betsOf(db, { betIds: [input.betId], count: 1, offersAt: now() });
    if (!bet) throw new AppError('not.found');
    return {
      replayed: done.replayed,
      valueMinor: done.valueMinor.toString(),
      offerMinor: done.offerMinor.toString(),
      balanceMinor: done.balanceMinor.toString(),
      bet,
    };
  };

  /** The member's odds format kept with the account (issue 21). */
  const preferences = (memberId: number) => preferencesOf(db, memberId);
  const savePreferences = (memberId: number, input: { oddsFormat: SportsbookOddsFormat }) =>
    savePreferencesOf(db, memberId, input, now());

  /** Settles every bet whose legs all have an outcome (the job's pass; exactly once per bet). */
  const settleReady = () => settleReadyBets(settleDeps);

  return {
    ensureDefaults,
    tick,
    scheduleAhead,
    events,
    results,
    place,
    myBets,
    cashOut,
    partialCashOut,
    preferences,
    savePreferences,
    settleReadyBets: settleReady,
    settleDeps,
  };
};

export type Sportsbook = ReturnType<typeof createSportsbook>;
