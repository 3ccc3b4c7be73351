import { beforeAll, describe, expect, it } from 'vitest';
import { createClock, useTestApp } from '../../../test/helpers';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { fundedMember, type TestMember } from '../wallet/test-support';
import { balanceOf, freshVnDraw } from './test-support';

/*
 * The Vietnamese lotteries' rules editor and liability cap (ADR 058): a region's rule saved as a
 * new version with each bet type's RTP, a table above 100 % refused; a number of a draw sold out
 * when its liability would pass the cap, also under 32 concurrent bets.
 */
const clock = createClock(new Date());
const t = useTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
let owner = '';

beforeAll(async () => {
  owner = await staffLogin(t.app, clock, 'owner');
});

const funded = (amount: bigint) => fundedMember(t, 'vnc', amount);

const place = (m: TestMember, requestKey: string, bets: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/lottery/vn/bets',
    headers: { authorization: m.token },
    payload: { requestKey, bets },
  });

const rulesOf = async () => {
  const res = await bo(t.app, owner, { method: 'GET', url: '/bo/api/lottery/vn/rules?merchant=khelabd' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { region: string; version: number; rtpBp: Record<string, number> }[];
};

const saveRule = (region: string, change: Record<string, unknown> = {}) =>
  bo(t.app, owner, {
    method: 'PUT',
    url: '/bo/api/lottery/vn/rules',
    payload: {
      merchant: 'khelabd',
      region,
      // đề pays 90× (90,000 thousandths); lô 2 số 3.6×.
      payouts: { de: 90_000, lo2: 3_600 },
      minStakeMinor: '100',
      maxStakeMinor: '10000',
      // Two 10.00 đề bets on one number (90,000 each) fit; a third does not.
      liabilityCapMinor: '200000',
      ...change,
    },
  });

describe('Vietnamese rules editor', () => {
  it("lists each region's rule with RTP; a new version is in force at once, audited", async () => {
    const before = await rulesOf();
    expect(before.map((r) => r.region)).toEqual(['north', 'south', 'central']);
    // The North's default đề pays 95×: one chance in 100 → 95 % (9,500 basis points).
    expect(before[0]?.rtpBp.de).toBe(9_500);
    const audit = (await auditRows(t.db)).length;
    const saved = await saveRule('south');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({
      region: 'south',
      version: (before[1]?.version ?? 0) + 1,
      payouts: { de: 90_000, lo2: 3_600 },
      rtpBp: { de: 9_000 },
      liabilityCapMinor: '200000',
    });
    expect((await auditRows(t.db)).length).toBe(audit + 1);
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'lottery.vn.rule.save',
      target: 'khelabd/south',
    });
  });

  it('refuses an RTP above 100 %, a minimum above the maximum and a cap below it; nothing saved', async () => {
    const versions = (await rulesOf()).map((r) => r.version);
    for (const bad of [
      { payouts: { de: 101_000 } }, // 101 %
      { minStakeMinor: '20000' },
      { liabilityCapMinor: '5000' },
    ]) {
      const res = await saveRule('north', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errorCode).toBe('lottery.payout.invalid');
    }
    expect((await rulesOf()).map((r) => r.version)).toEqual(versions);
  });
});

describe('liability cap per number per draw', () => {
  it('sells a number out when its next bet would pass the cap; another number still sells', async () => {
    const draw = await freshVnDraw(t);
    expect((await saveRule(draw.region)).statusCode).toBe(200);
    const m = await funded(100_000n);
    const de = (n: string, key: string) =>
      place(m, key, [{ issueNo: draw.issueNo, betType: 'de', numbers: [n], stakeMinor: '1000' }]);
    expect((await de('27', 'c1')).statusCode).toBe(200);
    expect((await de('27', 'c2')).statusCode).toBe(200);
    const balance = await balanceOf(t, m.member.id);
    const third = await de('27', 'c3');
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json()).toMatchObject({
      success: false,
      errorCode: 'lottery.sold.out',
      value: { number: '27' },
    });
    expect(await balanceOf(t, m.member.id)).toBe(balance);
    expect((await de('28', 'c4')).statusCode).toBe(200);

    const exposure = await bo(t.app, owner, {
      method: 'GET',
      url: `/bo/api/lottery/vn/exposure?merchant=khelabd&issueNo=${draw.issueNo}`,
    });
    expect(exposure.statusCode, exposure.body).toBe(200);
    expect(exposure.json().value).toEqual({
      issueNo: draw.issueNo,
      liabilityCapMinor: '200000',
      numbers: [
        { key: 'special:27', liabilityMinor: '180000' },
        { key: 'special:28', liabilityMinor: '90000' },
      ],
    });
  });

  it('a slip over the cap is refused whole: nothing debited, no bet, no exposure', async () => {
    const draw = await freshVnDraw(t);
    expect((await saveRule(draw.region)).statusCode).toBe(200);
    const m = await funded(100_000n);
    const bet = (n: string) => ({ issueNo: draw.issueNo, betType: 'de', numbers: [n], stakeMinor: '1000' });
    const res = await place(m, 'slip', [bet('31'), bet('45'), bet('45'), bet('45')]);
    expect(res.statusCode, res.body).toBe(409);
    expect(await balanceOf(t, m.member.id)).toBe(100_000n);
    const rows = await t.db
      .selectFrom('lottery_vn_exposure')
      .select('number_key')
      .where('draw_id', '=', draw.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('never passes the cap under 32 concurrent bets on one number', async () => {
    const draw = await freshVnDraw(t);
    expect((await saveRule(draw.region)).statusCode).toBe(200);
    const members = await Promise.all(Array.from({ length: 32 }, () => funded(10_000n)));
    const results = await Promise.all(
      members.map((m, i) =>
        place(m, `race-${i}`, [
          { issueNo: draw.issueNo, betType: 'de', numbers: ['77'], stakeMinor: '1000' },
        ]),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(30);
    const exposure = await t.db
      .selectFrom('lottery_vn_exposure')
      .select('liability_minor')
      .where('draw_id', '=', draw.id)
      .where('number_key', '=', 'special:77')
      .executeTakeFirstOrThrow();
    expect(BigInt(exposure.liability_minor)).toBe(180_000n);
    const bets = await t.db
      .selectFrom('lottery_vn_bet')
      .select('id')
      .where('draw_id', '=', draw.id)
      .execute();
    expect(bets).toHaveLength(2);
  });
});
