import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { call, mainBalance, ok, saveRule, spin } from './test-support';

/*
 * Loyalty end to end over HTTP, with turnover from real slot spins (recorded by the activity
 * module): the daily run at the pay hour pays each (member, day, product) once — run again, by the
 * scheduler or by staff, it pays nothing more; the preview writes nothing; manual mode waits for
 * the member's claim; VIP goes up at most one level a day and down one when the 60-day retention is
 * missed. Expected amounts are the spins' own stakes times the rates set here.
 */

const clock = createClock('2026-01-14T10:00:00Z');
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

describe('daily rebates and points', () => {
  it('pays the day at the pay hour once, whoever runs it again', async () => {
    // 1 % on slots at level 0, a point per 100 of slot turnover, paid at 06:00 UTC.
    const saved = await saveRule(t, owner, (rule) => {
      rule.rebate.ratesPpm[0] = { RNG: 10_000 };
      rule.points.turnoverPerPoint = { RNG: '100' };
      return rule;
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.version).toBe(1);

    const m = await funded('lrb');
    const { staked } = await spin(t, m.token, 4_000n, 400);
    expect(staked).toBe(4_000n);

    const preview = await bo(t.app, owner, {
      method: 'GET',
      url: '/bo/api/loyalty/rebates/preview?merchant=khelabd&day=2026-01-14',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    // 4,000 × 1 % = 40; 4,000 / 100 = 40 points.
    expect(preview.json().value).toMatchObject({
      rebates: 1,
      members: 1,
      amountMinor: '40',
      pointEntries: 1,
    });
    const afterPreview = await t.db.selectFrom('loyalty_rebate').selectAll().execute();
    expect(afterPreview).toEqual([]);

    // Before the pay hour of the next day nothing runs.
    clock.set('2026-01-15T05:59:00Z');
    await t.app.services.scheduler.runNow('loyalty.daily');
    expect(await t.db.selectFrom('loyalty_rebate').selectAll().execute()).toEqual([]);

    const before = await mainBalance(t, m.member.id);
    clock.set('2026-01-15T06:00:00Z');
    await t.app.services.scheduler.runNow('loyalty.daily');
    expect(await mainBalance(t, m.member.id)).toBe(before + 40n);
    expect(ok(await call(t, m.token, 'GET', '/wps/relay/getPointBalance'))).toEqual({
      points: '40',
      pointsEarned: '40',
    });

    // Again by the scheduler, then by staff: nothing more.
    await t.app.services.scheduler.runNow('loyalty.daily');
    owner = await staffLogin(t.app, clock, 'owner');
    const commit = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/loyalty/rebates/commit',
      payload: { merchant: 'khelabd', day: '2026-01-14' },
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().value).toMatchObject({ committed: true, rebates: 0, pointEntries: 0, paid: 0 });
    expect(await mainBalance(t, m.member.id)).toBe(before + 40n);
    const list = ok(await call(t, m.token, 'GET', '/wps/loyalty/rebates')) as unknown as {
      mode: string;
      accruedMinor: string;
      rebates: { day: string; product: string; amountMinor: string; status: string }[];
    };
    expect(list.rebates).toEqual([
      expect.objectContaining({
        day: '2026-01-14',
        product: 'RNG',
        amountMinor: '40',
        status: 'paid',
        ratePpm: 10_000,
      }),
    ]);
    expect((await auditRows(t.db)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['loyalty.rule.save', 'loyalty.rebate.run']),
    );
    const csv = await bo(t.app, owner, {
      method: 'GET',
      url: '/bo/api/loyalty/rebates.csv?merchant=khelabd&day=2026-01-14',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\r\n')[1]).toContain(`,${m.member.id},RNG,4000,10000,0,40,paid`);
  });

  it('waits for the member in manual mode: claimed once', async () => {
    owner = await staffLogin(t.app, clock, 'owner');
    const saved = await saveRule(t, owner, (rule) => {
      rule.rebate.mode = 'manual';
      rule.rebate.ratesPpm[0] = { RNG: 10_000 };
      return rule;
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.set('2026-01-15T09:00:00Z');
    const m = await funded('lrm');
    const { staked } = await spin(t, m.token, 2_000n, 200);
    clock.set('2026-01-16T07:00:00Z');
    await t.app.services.scheduler.runNow('loyalty.daily');
    const before = await mainBalance(t, m.member.id);
    const list = ok(await call(t, m.token, 'GET', '/wps/loyalty/rebates'));
    // 2,000 × 1 % = 20, accrued, not paid.
    expect(staked).toBe(2_000n);
    expect(list).toMatchObject({ mode: 'manual', accruedMinor: '20' });
    expect(await mainBalance(t, m.member.id)).toBe(before);

    const claimed = ok(await call(t, m.token, 'POST', '/wps/loyalty/rebates/claim'));
    expect(claimed).toEqual({ paid: 1, amountMinor: '20' });
    expect(await mainBalance(t, m.member.id)).toBe(before + 20n);
    const again = await call(t, m.token, 'POST', '/wps/loyalty/rebates/claim');
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('loyalty.nothing.to.claim');
  });

  it('refuses rules that contradict themselves, with nothing saved', async () => {
    owner = await staffLogin(t.app, clock, 'owner');
    const refused = await saveRule(t, owner, (rule) => {
      rule.vip.tiers[2] = { ...(rule.vip.tiers[2] as (typeof rule.vip.tiers)[number]), turnoverMinor: '1' };
      return rule;
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe('loyalty.rule.invalid');
    const current = await bo(t.app, owner, { method: 'GET', url: '/bo/api/loyalty/rule?merchant=khelabd' });
    expect(current.json().value.version).toBe(2);
    const support = await staffLogin(t.app, clock, 'support');
    const forbidden = await saveRule(t, support, (rule) => rule);
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('VIP', () => {
  it('goes up one level a day at most, and down one when the retention is missed', async () => {
    owner = await staffLogin(t.app, clock, 'owner');
    const saved = await saveRule(t, owner, (rule) => {
      const tier = (level: number, turnover: string, retention: string) => ({
        ...(rule.vip.tiers[level] as (typeof rule.vip.tiers)[number]),
        turnoverMinor: turnover,
        depositMinor: '0',
        retentionTurnoverMinor: retention,
      });
      rule.vip.tiers = [tier(0, '0', '0'), tier(1, '2000', '0'), tier(2, '2000', '100000')];
      rule.rebate.ratesPpm = [{}, {}, {}];
      return rule;
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.set('2026-01-20T10:00:00Z');
    const m = await funded('lvip');
    const vip = async () =>
      ok(await call(t, m.token, 'GET', '/wps/loyalty/vip')).me as unknown as {
        level: number;
        turnoverMinor: string;
      };

    expect(await vip()).toMatchObject({ level: 0, turnoverMinor: '0' });
    // 4,000 of turnover: enough for level 1 and (counted afresh from there) level 2 — one a day.
    await spin(t, m.token, 2_000n, 200);
    expect(await vip()).toMatchObject({ level: 1, turnoverMinor: '0' });
    // The next hour's play counts towards level 2 (the upgrade's own hour does not).
    clock.set('2026-01-20T11:00:00Z');
    await spin(t, m.token, 2_000n, 200);
    expect(await vip()).toMatchObject({ level: 1, turnoverMinor: '2000' });
    clock.set('2026-01-21T00:10:00Z');
    expect(await vip()).toMatchObject({ level: 2 });
    // 60 days at level 2 with no play: down to level 1.
    clock.set('2026-03-22T00:10:00Z');
    expect(await vip()).toMatchObject({ level: 1 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/wps/loyalty/vip' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().value.me).toBeNull();
    expect(anonymous.json().value.tiers).toHaveLength(3);
  });
});
