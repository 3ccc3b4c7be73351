import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { balanceOf } from './test-support';
import { createVnLottery, type VnLottery } from './vn-service';

/*
 * Vietnamese lotteries on the server (ADR 046): draws per weekday station, each bet type settled
 * against a hand-worked North result from the feed, exactly once; a manual correction approved by
 * a second staff member (never its author) re-settled as deltas; a holiday voiding and refunding
 * its draws; the lock-time boundary.
 */

// Friday 27 Nov 2026, 09:00 in Vietnam.
const clock = createClock('2026-11-27T02:00:00Z');
let t: TestApp;
let feedLottery: VnLottery;
let owner = '';
let risk = '';
const feed = new Map<string, unknown>();

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  owner = await staffLogin(t.app, clock, 'owner');
  risk = await staffLogin(t.app, clock, 'risk');
  // The production source: results from a feed (here a map the test fills in).
  feedLottery = createVnLottery({
    db: t.db,
    wallet: t.app.services.wallet,
    merchants: async () =>
      (await t.app.services.site.current()).merchants.map((m) => ({ code: m.code, currency: m.currency })),
    publishBalance: () => {},
    now: clock.now,
    source: { kind: 'feed', fetch: async (draw) => feed.get(draw.issueNo) },
  });
  await feedLottery.tick();
}, 240_000);

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const funded = async (amount: bigint) => {
  const m = await newMember(t.db, { prefix: 'vnl' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount });
  return m;
};

const place = (token: string, requestKey: string, bets: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/lottery/vn/bets',
    headers: { authorization: token },
    payload: { requestKey, bets },
  });

const myBets = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/lottery/vn/bets',
    headers: { authorization: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { betType: string; numbers: string[]; status: string; payoutMinor: string }[];
};

/** The hand-worked North result (prizes in the official order). */
const northPrizes = (special: string) => [
  { prize: 'DB', numbers: [special] },
  { prize: 'G1', numbers: ['67890'] },
  { prize: 'G2', numbers: ['11145', '22245'] },
  { prize: 'G3', numbers: ['33345', '44446', '55547', '66648', '77749', '88850'] },
  { prize: 'G4', numbers: ['1001', '2002', '3003', '4004'] },
  { prize: 'G5', numbers: ['5005', '6006', '7007', '8008', '9009', '0010'] },
  { prize: 'G6', numbers: ['111', '222', '333'] },
  { prize: 'G7', numbers: ['45', '67', '89', '01'] },
];

// One bet of each type on Hải Phòng's draw of Friday (stake 1,000 each).
const HP = '20261127-HP';
const slip = [
  ['lo2', ['45']],
  ['lo2', ['01']],
  ['lo2', ['99']],
  ['lo3', ['345']],
  ['lo4', ['2345']],
  ['de', ['45']],
  ['de', ['54']],
  ['dau', ['4']],
  ['duoi', ['5']],
  ['cang3', ['345']],
  ['cang4', ['2345']],
  ['xien2', ['45', '90']],
  ['xien3', ['01', '45', '99']],
  ['xien4', ['01', '02', '03', '04']],
  ['truot4', ['12', '13', '14', '15']],
  ['truot8', ['45', '12', '13', '14', '15', '16', '17', '18']],
] as const;

/*
 * Worked by hand from the result with ĐB 12345 (North payouts: thousandths per win):
 * tails of 2: 45 ×5 (ĐB, G2 ×2, G3 33345, G7), 01 ×2 (G4 1001, G7), 99 ×0; tails of 3: 345 ×2
 * (ĐB, G3 33345); tails of 4: 2345 ×1.
 */
const firstPayouts = [
  1000 * 3.6 * 5, // lô 45 five times
  1000 * 3.6 * 2, // lô 01 twice
  0,
  1000 * 40 * 2, // lô 3 số 345 twice
  1000 * 450, // lô 4 số 2345 once
  1000 * 95, // đề 45
  0,
  1000 * 9.5, // đầu 4
  1000 * 9.5, // đuôi 5
  1000 * 900, // 3 càng 345
  1000 * 8000, // 4 càng 2345
  1000 * 15, // xiên 2: 45 and 90 both appear
  0, // xiên 3: 99 is missing
  1000 * 300, // xiên 4: 01 02 03 04 all appear
  1000 * 2.5, // trượt 4: none of 12–15 appears
  0, // trượt 8: 45 appears
];
/*
 * The correction: ĐB 12399. 45 now ×4, 99 ×1 (ĐB); 345 ×1 (G3 only); 2345 ×0; đề 99, đầu 9,
 * đuôi 9, 3 càng 399, 4 càng 2399: those bets lose; xiên 3 (01, 45, 99) now wins.
 */
const correctedPayouts = [
  1000 * 3.6 * 4,
  1000 * 3.6 * 2,
  1000 * 3.6,
  1000 * 40,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1000 * 15,
  1000 * 60,
  1000 * 300,
  1000 * 2.5,
  0,
];
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The results desk's row of a draw (ADR 051). */
const deskRow = async (token: string, issueNo: string) => {
  const res = await bo(t.app, token, {
    method: 'GET',
    url: '/bo/api/lottery/vn/draws?merchant=khelabd&date=2026-11-27&region=north',
  });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value as {
    date: string;
    draws: {
      issueNo: string;
      deskStatus: string;
      bets: number;
      paidMinor: string;
      pending: { enteredBy: string } | null;
    }[];
  };
  expect(value.date).toBe('2026-11-27');
  return value.draws.find((d) => d.issueNo === issueNo);
};

describe('Vietnamese lotteries', () => {
  let player: Awaited<ReturnType<typeof funded>>;

  it('opens the stations of each weekday at the official times', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/lottery/vn/board' });
    expect(res.statusCode, res.body).toBe(200);
    const regions = res.json().value.regions as {
      gameCode: string;
      draws: { issueNo: string; drawsAt: number; locksAt: number }[];
    }[];
    const issues = (code: string) =>
      regions.find((r) => r.gameCode === code)?.draws.map((d) => d.issueNo) ?? [];
    expect(issues('VNS')).toEqual([
      '20261127-BD',
      '20261127-TV',
      '20261127-VL',
      '20261128-BP',
      '20261128-HCM',
      '20261128-HG',
      '20261128-LA',
      '20261129-DL',
      '20261129-KG',
      '20261129-TG',
    ]);
    expect(issues('VNN')).toEqual(['20261127-HP', '20261128-ND', '20261129-TB']);
    expect(issues('VNC')).toEqual([
      '20261127-GL',
      '20261127-NT',
      '20261128-DNG',
      '20261128-DNO',
      '20261128-QNG',
      '20261129-KH',
      '20261129-KT',
      '20261129-TTH',
    ]);
    const hp = regions.find((r) => r.gameCode === 'VNN')?.draws[0];
    expect(hp?.drawsAt).toBe(Date.parse('2026-11-27T11:15:00Z'));
    expect(hp?.locksAt).toBe(Date.parse('2026-11-27T11:14:00Z'));
  });

  it('takes a bet 1 ms before the lock and refuses it at the lock', async () => {
    const m = await funded(10_000n);
    // Vĩnh Long, Friday 16:15 in Vietnam: betting locks at 09:14 UTC.
    const bet = { issueNo: '20261127-VL', betType: 'lo2', numbers: ['33'], stakeMinor: '500' };
    clock.set(Date.parse('2026-11-27T09:14:00Z') - 1);
    expect((await place(m.token, 'lock-1', [bet])).statusCode).toBe(200);
    clock.set('2026-11-27T09:14:00Z');
    const late = await place(m.token, 'lock-2', [bet]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject(expectedError('lottery.issue.closed'));
    expect(await balanceOf(t, m.member.id)).toBe(9_500n);
  });

  it('settles each bet type against a hand-worked result, exactly once', async () => {
    player = await funded(100_000n);
    const bets = slip.map(([betType, numbers]) => ({
      issueNo: HP,
      betType,
      numbers: [...numbers],
      stakeMinor: '1000',
    }));
    const placed = await place(player.token, 'slip-1', bets);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().value.totalStakeMinor).toBe('16000');
    // The same request key again: the first slip, nothing debited.
    const again = await place(player.token, 'slip-1', bets);
    expect(again.json().value.replayed).toBe(true);
    expect(await balanceOf(t, player.member.id)).toBe(84_000n);

    clock.set('2026-11-27T11:20:00Z');
    feed.set(HP, { prizes: northPrizes('12345') });
    await feedLottery.tick();
    const settled = (await myBets(player.token)).reverse();
    expect(settled.map((b) => Number(b.payoutMinor))).toEqual(firstPayouts);
    expect(settled.map((b) => b.status)).toEqual(firstPayouts.map((p) => (p > 0 ? 'won' : 'lost')));
    const after = 84_000n + BigInt(sum(firstPayouts));
    expect(await balanceOf(t, player.member.id)).toBe(after);
    // Again (another node, after a crash): nothing moves.
    await feedLottery.tick();
    await feedLottery.settleDue();
    expect(await balanceOf(t, player.member.id)).toBe(after);
  });

  it('takes a manual correction only with a second staff member, and re-settles it as deltas', async () => {
    // Staff sessions end after 30 idle minutes: sign in again after the clock's jump.
    owner = await staffLogin(t.app, clock, 'owner');
    risk = await staffLogin(t.app, clock, 'risk');
    const before = await balanceOf(t, player.member.id);
    expect(await deskRow(owner, HP)).toMatchObject({
      deskStatus: 'settled',
      bets: slip.length,
      paidMinor: String(sum(firstPayouts)),
      pending: null,
    });
    const bad = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/lottery/vn/results',
      payload: { merchant: 'khelabd', issueNo: HP, result: { prizes: northPrizes('12399').slice(0, 7) } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'lottery.result.invalid' });

    const entered = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/lottery/vn/results',
      payload: { merchant: 'khelabd', issueNo: HP, result: { prizes: northPrizes('12399') } },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const entryId = entered.json().value.id as string;
    expect(entered.json().value.status).toBe('pending');
    expect(await deskRow(risk, HP)).toMatchObject({ deskStatus: 'entered', pending: { enteredBy: 'owner' } });

    const self = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/lottery/vn/results/approve',
      payload: { merchant: 'khelabd', entryId },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ success: false, errorCode: 'lottery.result.approval.self' });
    expect(await balanceOf(t, player.member.id)).toBe(before);

    const approved = await bo(t.app, risk, {
      method: 'POST',
      url: '/bo/api/lottery/vn/results/approve',
      payload: { merchant: 'khelabd', entryId },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ resultVersion: 2, settled: slip.length });
    // The re-settlement's summary: the payouts before and after, their difference, nothing owed.
    expect(approved.json().value.delta).toEqual({
      corrected: true,
      bets: slip.length,
      paidBeforeMinor: String(sum(firstPayouts)),
      paidAfterMinor: String(sum(correctedPayouts)),
      deltaMinor: String(sum(correctedPayouts) - sum(firstPayouts)),
      owedMinor: '0',
    });
    expect(await deskRow(owner, HP)).toMatchObject({
      deskStatus: 'corrected',
      resultVersion: 2,
      paidMinor: String(sum(correctedPayouts)),
    });
    const corrected = (await myBets(player.token)).reverse();
    expect(corrected.map((b) => Number(b.payoutMinor))).toEqual(correctedPayouts);
    const expected = before + BigInt(sum(correctedPayouts) - sum(firstPayouts));
    expect(await balanceOf(t, player.member.id)).toBe(expected);
    // Approving twice or settling again changes nothing.
    const twice = await bo(t.app, risk, {
      method: 'POST',
      url: '/bo/api/lottery/vn/results/approve',
      payload: { merchant: 'khelabd', entryId },
    });
    expect(twice.statusCode).toBe(409);
    await feedLottery.tick();
    expect(await balanceOf(t, player.member.id)).toBe(expected);
  });

  it('voids and refunds every draw of a holiday', async () => {
    const m = await funded(10_000n);
    const placed = await place(m.token, 'hol-1', [
      { issueNo: '20261128-HCM', betType: 'de', numbers: ['07'], stakeMinor: '2000' },
      { issueNo: '20261128-ND', betType: 'xien2', numbers: ['07', '08'], stakeMinor: '1000' },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await balanceOf(t, m.member.id)).toBe(7_000n);
    const added = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/lottery/vn/holidays',
      payload: { day: '2026-11-28', reason: 'test holiday' },
    });
    expect(added.statusCode, added.body).toBe(200);
    // Saturday: North 1 + South 4 + Central 3 draws, of each merchant (the calendar is national).
    const merchants = (await t.app.services.site.current()).merchants.length;
    expect(added.json().value.voided).toBe(8 * merchants);
    expect(await balanceOf(t, m.member.id)).toBe(10_000n);
    expect((await myBets(m.token)).map((b) => b.status)).toEqual(['void', 'void']);
    await feedLottery.tick();
    const board = await t.app.inject({ method: 'GET', url: '/wps/lottery/vn/board' });
    const issues = (board.json().value.regions as { draws: { issueNo: string }[] }[]).flatMap((r) =>
      r.draws.map((d) => d.issueNo),
    );
    expect(issues.filter((i) => i.startsWith('20261128'))).toEqual([]);
  });
});
