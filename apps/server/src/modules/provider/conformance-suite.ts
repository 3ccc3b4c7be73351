import { afterAll, beforeAll, expect } from 'vitest';
import type { VendorClient } from '../../../../../tools/vendor-sim/client';
import { createTestApp, setModule, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { balanceOf, clientFor, newPlayer, newPlayers, vendorGame } from './test-support';

/**
 * Conformance of every configured vendor adapter (docs/decisions/010-provider-api.md): each
 * ordering of bet (B), win (W) and rollback of that bet (R) — every non-empty subset, every
 * permutation — with 0 to 3 duplicates of each call delivered at later positions, then endRound:
 * 492 scenarios, and EVERY vendor runs all of them. In half of each vendor's scenarios (the other
 * half for the next vendor) the duplicates are delivered concurrently: each duplicate goes out
 * at the same time as the delivery before it, so a copy of a call races its own original (two
 * copies of one txId at once) or a different call.
 * The final balance, every answer and the round record are checked against a model:
 *   - B is debited unless R exists (R before B leaves a tombstone, R after B refunds it);
 *   - W is always credited;
 *   - every duplicate gets the first answer of its call;
 *   - after endRound the round is settled when stake or payout remain, cancelled when both are 0,
 *     and absent when no money ever moved.
 * The vendors are split over three test files (conformance*.test.ts) that vitest runs side by side.
 * Cheap per scenario: each runs on a member of its own, the members of a vendor are made in a
 * few statements (`newPlayers`), and scenarios run many at a time on one database.
 */

export type Op = 'B' | 'W' | 'R';

const permutations = <T>(items: T[]): T[][] =>
  items.length <= 1
    ? [items]
    : items.flatMap((item, i) =>
        permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
      );

const subsets = (ops: Op[]): Op[][] => {
  const out: Op[][] = [[]];
  for (const op of ops) for (const s of [...out]) out.push([...s, op]);
  return out.filter((s) => s.length > 0);
};

/** Small deterministic PRNG (mulberry32): where the duplicates land is reproducible. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

export type Scenario = { order: Op[]; duplicates: Record<Op, number>; deliveries: Op[] };

/** Every scenario: orderings × duplicate counts, with duplicates placed after their original. */
export const scenarios = (seed = 7): Scenario[] => {
  const random = prng(seed);
  const out: Scenario[] = [];
  for (const subset of subsets(['B', 'W', 'R'])) {
    for (const order of permutations(subset)) {
      const counts = order.reduce<Record<Op, number>[]>(
        (acc, op) => acc.flatMap((c) => [0, 1, 2, 3].map((n) => ({ ...c, [op]: n }))),
        [{ B: 0, W: 0, R: 0 }],
      );
      for (const duplicates of counts) {
        const deliveries: Op[] = [...order];
        for (const op of order) {
          for (let n = 0; n < duplicates[op]; n++) {
            const first = deliveries.indexOf(op);
            const at = first + 1 + Math.floor(random() * (deliveries.length - first));
            deliveries.splice(at, 0, op);
          }
        }
        out.push({ order, duplicates, deliveries });
      }
    }
  }
  return out;
};

export const model = (s: Scenario, start: bigint, bet: bigint, win: bigint) => {
  const has = (op: Op) => s.order.includes(op);
  const betApplied = has('B') && (!has('R') || s.order.indexOf('B') < s.order.indexOf('R'));
  const stake = has('B') && !has('R') ? bet : 0n;
  const payout = has('W') ? win : 0n;
  const balance = start - stake + payout;
  const roundRecorded = betApplied || has('W');
  const status = !roundRecorded ? null : stake === 0n && payout === 0n ? 'cancelled' : 'settled';
  return { balance, stake, payout, status, betAnswer: betApplied ? 'OK' : 'TX_ROLLED_BACK' };
};

export type Vendor = { merchantCode: string; vendorCode: string };

/** How many vendors the suite runs: the 4 demo vendors on the transfer-wallet merchant, EVO on a single-wallet one. */
export const VENDOR_COUNT = 5;

/** Half of a vendor's scenarios deliver their duplicates concurrently, the other half for the next vendor. */
export const isConcurrent = (scenarioIndex: number, vendorIndex: number) =>
  (scenarioIndex + vendorIndex) % 2 === 0;

/**
 * One test file's app: khelabd plays on vendor wallets (transfer wallet), khelain on the main
 * wallet (single wallet); the vendors in a fixed order (index 0..4). The ledger verifies after.
 */
export const useConformanceApp = () => {
  const state = { t: undefined as unknown as TestApp, vendors: [] as Vendor[] };
  beforeAll(async () => {
    state.t = await createTestApp();
    await setModule(state.t.app, 'khelain', 'FUNDTRANS3', false);
    const rows = await state.t.db
      .selectFrom('provider_vendor')
      .select(['merchant_code', 'vendor_code'])
      .execute();
    state.vendors = rows
      .map((r) => ({ merchantCode: r.merchant_code, vendorCode: r.vendor_code }))
      // Every vendor on the transfer-wallet merchant, one on the single-wallet merchant.
      .filter((v) => v.merchantCode === 'khelabd' || v.vendorCode === 'EVO')
      .sort((a, b) => `${a.merchantCode}${a.vendorCode}`.localeCompare(`${b.merchantCode}${b.vendorCode}`));
  });
  afterAll(async () => {
    if (!state.t) return;
    const report = await verifyLedger(state.t.db);
    expect(report.findings).toEqual([]);
    await state.t.close();
  });
  return state;
};

export const START = 1_000_000n;

type Player = Awaited<ReturnType<typeof newPlayers>>[number];

/**
 * The deliveries as they go out: one after the other, or (concurrent) each duplicate together
 * with the delivery before it, a group at a time.
 */
export const groupsOf = (deliveries: Op[], concurrent: boolean): Op[][] => {
  const groups: Op[][] = [];
  const seen = new Set<Op>();
  for (const op of deliveries) {
    const last = groups[groups.length - 1];
    if (concurrent && seen.has(op) && last) last.push(op);
    else groups.push([op]);
    seen.add(op);
  }
  return groups;
};

const runScenario = async (
  t: TestApp,
  client: VendorClient,
  merchantCode: string,
  vendorCode: string,
  gameId: string,
  currency: string,
  s: Scenario,
  n: number,
  player: Player,
  concurrent: boolean,
) => {
  const tag = `${vendorCode}-${merchantCode}-${n}-${process.pid}`;
  const roundId = `round-${tag}`;
  const bet = 1_000n + BigInt(n % 97);
  const win = 700n + BigInt(n % 89);
  const calls: Record<Op, () => ReturnType<VendorClient['call']>> = {
    B: () =>
      client.bet({
        playerId: player.playerId,
        token: player.token,
        txId: `bet-${tag}`,
        roundId,
        gameId,
        amount: Number(bet),
        currency,
      }),
    W: () =>
      client.win({
        playerId: player.playerId,
        txId: `win-${tag}`,
        roundId,
        gameId,
        amount: Number(win),
        currency,
      }),
    R: () =>
      client.rollback({ playerId: player.playerId, txId: `rb-${tag}`, roundId, refTxId: `bet-${tag}` }),
  };
  const label = `${vendorCode}@${merchantCode} ${s.deliveries.join('')}${concurrent ? ' (concurrent)' : ''}`;
  const first = new Map<Op, unknown>();
  for (const group of groupsOf(s.deliveries, concurrent)) {
    const results = await Promise.all(group.map((op) => calls[op]()));
    group.forEach((op, i) => {
      const answer = results[i]?.answer;
      if (!first.has(op)) first.set(op, answer);
      else expect(answer, `${label} duplicate ${op}`).toEqual(first.get(op));
    });
  }
  const end = await client.endRound({ playerId: player.playerId, txId: `end-${tag}`, roundId });
  const expected = model(s, START, bet, win);
  expect(end.answer, label).toMatchObject({ status: 'OK', balance: Number(expected.balance) });
  expect(await balanceOf(t, player.walletId), label).toBe(expected.balance);
  if (first.has('B')) {
    const answer = first.get('B') as { status: string; code?: string };
    expect(answer.status === 'OK' ? 'OK' : answer.code, label).toBe(expected.betAnswer);
  }
  for (const op of ['W', 'R'] as const) {
    if (first.has(op)) expect((first.get(op) as { status: string }).status, `${label} ${op}`).toBe('OK');
  }
  const round = await t.db
    .selectFrom('game_round')
    .select(['status', 'stake_minor', 'payout_minor'])
    .where('merchant_code', '=', merchantCode)
    .where('vendor_code', '=', vendorCode)
    .where('external_round_id', '=', roundId)
    .executeTakeFirst();
  if (expected.status === null) {
    expect(round, label).toBeUndefined();
  } else {
    expect(round && [round.status, String(round.stake_minor), String(round.payout_minor)], label).toEqual([
      expected.status,
      String(expected.stake),
      String(expected.payout),
    ]);
  }
};

/** Runs `work` over `items`, `limit` at a time. */
export const inParallel = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
};

/** Scenarios in flight at once (each on its own member). */
const PARALLEL = 12;

/**
 * Every scenario for the vendors at `indexes` (of the 5), each on a member of its own, PARALLEL
 * at a time; half of each vendor's scenarios with concurrent duplicates.
 */
export const runVendors = async (state: ReturnType<typeof useConformanceApp>, indexes: number[]) => {
  const { t } = state;
  expect(state.vendors).toHaveLength(VENDOR_COUNT);
  const all = scenarios();
  const runs: (() => Promise<void>)[] = [];
  const ran = new Map<string, { sequential: Set<number>; concurrent: Set<number> }>();
  for (const index of indexes) {
    const { merchantCode, vendorCode } = state.vendors[index] as Vendor;
    const client = await clientFor(t, { merchantCode, vendorCode });
    const gameId = await vendorGame(t, vendorCode);
    const currency = t.app.services.site.findMerchant(merchantCode)?.currency ?? '';
    const players = await newPlayers(t, {
      merchantCode,
      vendorCode,
      balance: START,
      gameId,
      count: all.length,
    });
    const seen = { sequential: new Set<number>(), concurrent: new Set<number>() };
    ran.set(`${vendorCode}@${merchantCode}`, seen);
    all.forEach((s, i) => {
      const concurrent = isConcurrent(i, index);
      runs.push(async () => {
        await runScenario(
          t,
          client,
          merchantCode,
          vendorCode,
          gameId,
          currency,
          s,
          i,
          players[i] as Player,
          concurrent,
        );
        (concurrent ? seen.concurrent : seen.sequential).add(i);
      });
    });
  }
  await inParallel(runs, PARALLEL, (run) => run());
  for (const [vendor, seen] of ran) {
    expect(seen.sequential.size + seen.concurrent.size, vendor).toBe(all.length);
    expect(seen.concurrent.size, vendor).toBeGreaterThan(200);
  }
};

/** Tampered bodies and signatures, a stale timestamp, a replay, a locked member, per vendor. */
export const tamperChecks = async (state: ReturnType<typeof useConformanceApp>) => {
  const { t, vendors } = state;
  for (const { merchantCode, vendorCode } of vendors) {
    const client = await clientFor(t, { merchantCode, vendorCode });
    const gameId = await vendorGame(t, vendorCode);
    const currency = t.app.services.site.findMerchant(merchantCode)?.currency ?? '';
    const p = await newPlayer(t, { merchantCode, vendorCode, balance: 10_000n, gameId });
    const tag = `${vendorCode}-${merchantCode}-x-${process.pid}`;
    const bet = {
      playerId: p.playerId,
      token: p.token,
      txId: `b1-${tag}`,
      roundId: `r-${tag}`,
      gameId,
      amount: 1_000,
      currency,
    };
    for (const tamper of [
      { kind: 'body' as const, bit: 200 },
      { kind: 'body' as const, bit: 8 * 70 + 3 },
      { kind: 'signature' as const, bit: 0 },
      { kind: 'signature' as const, bit: 255 },
      { kind: 'age' as const, seconds: 301 },
    ]) {
      const r = await client.bet(bet, { tamper });
      expect(r.answer.status, `${vendorCode} ${tamper.kind}`).toBe('ERROR');
      expect(r.status).toBeGreaterThanOrEqual(400);
    }
    expect(await balanceOf(t, p.walletId)).toBe(10_000n);
    const first = await client.bet(bet);
    expect(first.answer).toMatchObject({ status: 'OK', balance: 9_000 });
    expect((await client.bet(bet)).answer).toEqual(first.answer);
    await t.db.updateTable('member').set({ status: 'locked' }).where('id', '=', p.memberId).execute();
    const refused = await client.bet({ ...bet, txId: `b2-${tag}` });
    expect(refused.answer).toEqual({ status: 'ERROR', code: 'PLAYER_BLOCKED' });
    const win = await client.win({
      playerId: p.playerId,
      txId: `w-${tag}`,
      roundId: bet.roundId,
      gameId,
      amount: 4_000,
      currency,
    });
    expect(win.answer).toMatchObject({ status: 'OK', balance: 13_000 });
    expect(await balanceOf(t, p.walletId)).toBe(13_000n);
  }
  const report = await verifyLedger(t.db);
  expect(report.findings).toEqual([]);
};
