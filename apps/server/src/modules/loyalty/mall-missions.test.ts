import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps } from '../cashier/test-support';
import { bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { call, mainBalance, ok, saveRule, spin } from './test-support';

/*
 * The points mall and missions over HTTP, with points and progress from real slot spins: a
 * redemption takes the points at once and waits in `processing` for staff (approve pays a cash
 * item, reject gives the points back), goods need an address and stock, a repeated request key
 * redeems once; conversion at the merchant's ratio; missions claimed once per period when done.
 */

const clock = createClock('2026-02-02T10:00:00Z');
let t: TestApp;
let owner = '';

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  owner = await staffLogin(t.app, clock, 'owner');
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const funded = async (prefix: string) => {
  const m = await newMember(t.db, { prefix });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 1_000_000n });
  return m;
};

const points = async (token: string) =>
  (ok(await call(t, token, 'GET', '/wps/relay/getPointBalance')) as { points: string }).points;

describe('points mall', () => {
  it('redeems, converts and reviews, each exactly once', async () => {
    expect(
      (
        await saveRule(t, owner, (rule) => {
          rule.points = {
            turnoverPerPoint: { RNG: '10' },
            convertMinorPerPoint: '5',
            convertMinPoints: '50',
          };
          return rule;
        })
      ).statusCode,
    ).toBe(200);
    const m = await funded('lmall');
    await cashierSteps(t.app, t.db).withPassword(m);
    // 10 × 400 = 4,000 of slot turnover → 400 points at the next day's run.
    expect((await spin(t, m.token, 4_000n, 400)).staked).toBe(4_000n);
    clock.set('2026-02-03T01:00:00Z');
    owner = await staffLogin(t.app, clock, 'owner');
    const run = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/loyalty/rebates/commit',
      payload: { merchant: 'khelabd', day: '2026-02-02' },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(await points(m.token)).toBe('400');

    const item = async (payload: object) => {
      const res = await bo(t.app, owner, {
        method: 'PUT',
        url: '/bo/api/loyalty/mall/items',
        payload: { merchant: 'khelabd', active: true, ...payload },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.id as number;
    };
    const cash = await item({
      kind: 'cash',
      name: { en: 'Cash 5', bn: 'নগদ ৫' },
      pointsCost: '100',
      cashMinor: '500',
      stock: null,
    });
    const goods = await item({
      kind: 'goods',
      name: { en: 'Cap' },
      pointsCost: '50',
      cashMinor: '0',
      stock: 1,
    });
    const listed = ok(await call(t, m.token, 'GET', '/wps/relay/getPointReward')) as {
      items: { id: number }[];
    };
    expect(listed.items.map((i) => i.id)).toEqual([cash, goods]);

    const redeem = (body: object) =>
      call(t, m.token, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', body);
    const wrong = await redeem({ itemId: cash, paymentPassword: 'nope9999', requestKey: 'r1' });
    expect(wrong.json().errorCode).toBe('payment.password.wrong');
    const first = ok(await redeem({ itemId: cash, paymentPassword: 'pay12345', requestKey: 'r1' }));
    const again = ok(await redeem({ itemId: cash, paymentPassword: 'pay12345', requestKey: 'r1' }));
    expect(again.redemptionId).toBe(first.redemptionId);
    expect(await points(m.token)).toBe('300');

    const noAddress = await redeem({ itemId: goods, paymentPassword: 'pay12345', requestKey: 'g1' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errorCode).toBe('loyalty.address.required');
    const cap = ok(
      await redeem({
        itemId: goods,
        paymentPassword: 'pay12345',
        requestKey: 'g2',
        address: 'House 1, Road 2, Dhaka',
      }),
    );
    const soldOut = await redeem({
      itemId: goods,
      paymentPassword: 'pay12345',
      requestKey: 'g3',
      address: 'House 1',
    });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().errorCode).toBe('loyalty.item.unavailable');
    expect(await points(m.token)).toBe('250');

    const records = ok(await call(t, m.token, 'GET', '/wps/relay/getRedeemPointList')) as {
      redemptions: { id: string; status: string }[];
    };
    expect(records.redemptions.map((r) => [r.id, r.status])).toEqual([
      [cap.redemptionId, 'processing'],
      [first.redemptionId, 'processing'],
    ]);

    const decide = (id: string, approve: boolean) =>
      bo(t.app, owner, {
        method: 'POST',
        url: '/bo/api/loyalty/mall/redemptions/decide',
        payload: { merchant: 'khelabd', id, approve },
      });
    const before = await mainBalance(t, m.member.id);
    expect((await decide(String(first.redemptionId), true)).statusCode).toBe(200);
    expect(await mainBalance(t, m.member.id)).toBe(before + 500n);
    const twice = await decide(String(first.redemptionId), false);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorCode).toBe('loyalty.redemption.state');
    expect((await decide(String(cap.redemptionId), false)).statusCode).toBe(200);
    expect(await points(m.token)).toBe('300');
    const queue = await bo(t.app, owner, {
      method: 'GET',
      url: '/bo/api/loyalty/mall/redemptions?merchant=khelabd',
    });
    expect(queue.json().value.items.map((r: { status: string }) => r.status)).toEqual([
      'rejected',
      'approved',
    ]);
    const csv = await bo(t.app, owner, {
      method: 'GET',
      url: '/bo/api/loyalty/mall/redemptions.csv?merchant=khelabd',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('House 1, Road 2, Dhaka');

    const convert = (body: object) =>
      call(t, m.token, 'POST', '/wps/relay/passwordCheck/MCS2_convertPoint', body);
    const tooFew = await convert({ points: '40', paymentPassword: 'pay12345', requestKey: 'c0' });
    expect(tooFew.json().errorCode).toBe('loyalty.convert.min');
    const tooMany = await convert({ points: '301', paymentPassword: 'pay12345', requestKey: 'c1' });
    expect(tooMany.json().errorCode).toBe('loyalty.points.insufficient');
    const converted = ok(await convert({ points: '100', paymentPassword: 'pay12345', requestKey: 'c2' }));
    // 100 points × 5 = 500.
    expect(converted).toEqual({ points: '100', cashMinor: '500' });
    ok(await convert({ points: '100', paymentPassword: 'pay12345', requestKey: 'c2' }));
    expect(await points(m.token)).toBe('200');
    expect(await mainBalance(t, m.member.id)).toBe(before + 1_000n);
  });
});

describe('missions', () => {
  it('shows progress, claims once per period when done, and ranks the week', async () => {
    owner = await staffLogin(t.app, clock, 'owner');
    const mission = async (payload: object) => {
      const res = await bo(t.app, owner, {
        method: 'PUT',
        url: '/bo/api/loyalty/missions',
        payload: { merchant: 'khelabd', active: true, ...payload },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.id as number;
    };
    const spin5 = await mission({
      code: 'spin5',
      period: 'daily',
      kind: 'rounds',
      product: 'RNG',
      target: '5',
      rewardMinor: '1000',
      name: { en: 'Spin 5 times' },
    });
    const wager = await mission({
      code: 'wager3k',
      period: 'weekly',
      kind: 'wager',
      product: null,
      target: '3000',
      rewardMinor: '700',
      name: { en: 'Wager 30' },
    });
    const m = await funded('lmis');
    const summary = async () =>
      ok(await call(t, m.token, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails')) as {
        badgeCount: number;
        missions: { code: string; progress: string; done: boolean; claimed: boolean }[];
      };
    const claim = (missionId: number) =>
      call(t, m.token, 'POST', '/wps/loyalty/missions/claim', { missionId });

    // Paid rounds and stakes as the spins answered them (a free spin stakes nothing).
    const first = await spin(t, m.token, 600n, 200);
    expect((await summary()).missions).toEqual([
      expect.objectContaining({ code: 'spin5', progress: String(first.rounds), done: false, claimed: false }),
      expect.objectContaining({ code: 'wager3k', progress: '600', done: false }),
    ]);
    const early = await claim(spin5);
    expect(early.statusCode).toBe(409);
    expect(early.json().errorCode).toBe('loyalty.mission.incomplete');

    await spin(t, m.token, 400n, 200);
    expect((await summary()).badgeCount).toBe(1);
    const before = await mainBalance(t, m.member.id);
    const [one, two] = await Promise.all([claim(spin5), claim(spin5)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(await mainBalance(t, m.member.id)).toBe(before + 1_000n);
    expect((await summary()).badgeCount).toBe(0);

    // 1,000 wagered so far this week; 2,000 more makes the 3,000.
    await spin(t, m.token, 2_000n, 200);
    const beforeWager = await mainBalance(t, m.member.id);
    expect(ok(await claim(wager))).toEqual({ rewardMinor: '700', periodStart: '2026-02-02' });
    expect(await mainBalance(t, m.member.id)).toBe(beforeWager + 700n);

    // The next day the daily mission starts again from zero.
    clock.set('2026-02-04T08:00:00Z');
    expect((await summary()).missions[0]).toMatchObject({ code: 'spin5', progress: '0', claimed: false });
    const board = ok(await call(t, m.token, 'GET', '/wps/relay/getMissionLeaderboard')) as {
      rows: { rank: number; claims: number; me: boolean }[];
    };
    expect(board.rows).toEqual([expect.objectContaining({ rank: 1, claims: 2, me: true })]);
  });
});
