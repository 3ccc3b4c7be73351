import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { memberCall } from '../cashier/test-support';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { promoSteps, ruleBody } from './test-support';

/**
 * Promotions end to end on the server (docs/decisions/036): the designer's versions (audited),
 * claiming a first-deposit bonus, wagering through the play hook with weights and the max bet,
 * conversion, withdrawal (forfeit or refuse), expiry, and "apply" promotions with staff review.
 */
const clock = createClock('2026-03-02T10:00:00Z');
let t: TestApp;
let owner: string;
let steps: ReturnType<typeof promoSteps>;

const ok = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { value: Record<string, unknown> }).value;
};
const saveRule = async (over: Record<string, unknown>) =>
  ok(await bo(t.app, owner, { method: 'POST', url: '/bo/api/promotions/rules', payload: ruleBody(over) }));

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' }, now: clock.now });
  owner = await staffLogin(t.app, clock, 'owner');
  steps = promoSteps(t.app, t.db);
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

describe('promotion designer', () => {
  it('saves versions, audited; a bonus keeps the version it was granted under', async () => {
    expect((await saveRule({ code: 'welcome' })).version).toBe(1);
    expect((await saveRule({ code: 'welcome', multiplier: 10 })).version).toBe(2);
    const list = ok(
      await bo(t.app, owner, { method: 'GET', url: '/bo/api/promotions/rules?merchant=khelabd' }),
    );
    expect(
      (list.rules as { code: string; version: number }[])
        .filter((r) => r.code === 'welcome')
        .map((r) => r.version),
    ).toEqual([2, 1]);
    const audit = await auditRows(t.db);
    expect(audit.filter((a) => a.action === 'promotions.rule.save').length).toBeGreaterThanOrEqual(2);
    const bad = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/promotions/rules',
      payload: ruleBody({ weights: { RNG: 101 } }),
    });
    expect(bad.statusCode).toBe(400);
    const support = await staffLogin(t.app, clock, 'support');
    const refused = await bo(t.app, support, {
      method: 'POST',
      url: '/bo/api/promotions/rules',
      payload: ruleBody(),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('first-deposit bonus, wagering, conversion', () => {
  it('claims 50 % of the first deposit, counts weighted stakes, refuses over the max bet, converts once', async () => {
    const m = await newMember(t.db, { prefix: 'prw' });
    const id = m.member.id;
    // Nothing to claim before a deposit.
    const before = ok(await memberCall(t.app, m.token, 'GET', '/wps/promotions/offers'));
    expect(
      (before.offers as { code: string; action: string }[]).find((o) => o.code === 'welcome')?.action,
    ).toBe('none');
    const refused = await memberCall(t.app, m.token, 'POST', '/wps/promotions/claim', { code: 'welcome' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('promotions.not.eligible');

    await steps.deposit(m.member, 100_000n);
    const offers = ok(await memberCall(t.app, m.token, 'GET', '/wps/promotions/offers'));
    const welcome = (offers.offers as { code: string; action: string; bonusMinor: string }[]).find(
      (o) => o.code === 'welcome',
    );
    expect(welcome).toMatchObject({ action: 'claim', bonusMinor: '50000' });
    const rewards = ok(await memberCall(t.app, m.token, 'GET', '/wps/promotions/rewards'));
    expect(rewards.count).toBe(1);

    const claimed = ok(
      await memberCall(t.app, m.token, 'POST', '/wps/promotions/claim', { code: 'welcome' }),
    );
    expect(claimed.amountMinor).toBe('50000');
    expect(await steps.balance(id, 'member_bonus')).toBe(50_000n);
    // Once per member: no second claim.
    const again = await memberCall(t.app, m.token, 'POST', '/wps/promotions/claim', { code: 'welcome' });
    expect(again.statusCode).toBe(409);

    // Requirement: 50,000 × 10 = 500,000 weighted. Max bet 20,000.
    expect(await steps.bet(id, 'RNG', 20_001n)).toBe('promotions.max.bet');
    expect(await steps.balance(id, 'member_main')).toBe(100_000n);
    // Cash first: 100,000 cash pays five bets of 20,000 (RNG 100 %): 100,000 weighted.
    for (let i = 0; i < 5; i += 1) expect(await steps.bet(id, 'RNG', 20_000n)).toBe('ok');
    expect(await steps.balance(id, 'member_main')).toBe(0n);
    expect(await steps.balance(id, 'member_bonus')).toBe(50_000n);
    // Live counts 10 %: 10,000 staked adds 1,000, taken from the bonus (cash is 0); it wins 400,000.
    expect(await steps.bet(id, 'LIVE', 10_000n, 400_000n)).toBe('ok');
    expect(await steps.balance(id, 'member_bonus')).toBe(40_000n);
    expect(await steps.balance(id, 'member_main')).toBe(400_000n);
    let view = ok(await memberCall(t.app, m.token, 'GET', '/wps/promotions/bonuses'));
    let b = (view.bonuses as Record<string, string>[])[0];
    expect(b).toMatchObject({
      status: 'active',
      wageredMinor: '101000',
      remainingMinor: '399000',
      balanceMinor: '40000',
    });
    // A fishing stake counts 0 %; a voided RNG stake of 20,000 takes its 20,000 off again.
    expect(await steps.bet(id, 'FISH', 20_000n, 20_000n)).toBe('ok');
    expect(await steps.bet(id, 'RNG', 20_000n)).toBe('ok');
    await steps.voided(id, 'RNG', 20_000n);
    view = ok(await memberCall(t.app, m.token, 'GET', '/wps/promotions/bonuses'));
    expect((view.bonuses as Record<string, string>[])[0]?.wageredMinor).toBe('101000');
    // 20 RNG bets of 20,000: 481,000 after 19, 501,000 ≥ 500,000 on the 20th: the 40,000 left converts.
    for (let i = 0; i < 19; i += 1) expect(await steps.bet(id, 'RNG', 20_000n)).toBe('ok');
    expect(await steps.balance(id, 'member_bonus')).toBe(40_000n);
    expect(await steps.bet(id, 'RNG', 20_000n)).toBe('ok');
    expect(await steps.balance(id, 'member_bonus')).toBe(0n);
    expect(await steps.balance(id, 'member_main')).toBe(40_000n);
    view = ok(await memberCall(t.app, m.token, 'GET', '/wps/promotions/bonuses'));
    b = (view.bonuses as Record<string, string>[])[0];
    expect(b).toMatchObject({ status: 'completed', balanceMinor: '40000', remainingMinor: '0' });
    expect(view.withdrawableMinor).toBe('40000');
    const converts = await t.db
      .selectFrom('journal_entry')
      .select('id')
      .where('idempotency_key', '=', `promo:convert:${b?.id}`)
      .execute();
    expect(converts.length).toBe(1);
    // No max bet once the bonus is done.
    expect(await steps.bet(id, 'RNG', 30_000n)).toBe('ok');
  });
});

describe('cashback', () => {
  it('pays a share of yesterday’s net loss once a day, from the play activity', async () => {
    await saveRule({
      code: 'cashback',
      kind: 'cashback',
      frequency: 'daily',
      percentBp: 1_000,
      capMinor: 20_000,
      minDepositMinor: 0,
      multiplier: 1,
    });
    const m = await newMember(t.db, { prefix: 'prc' });
    const none = await memberCall(t.app, m.token, 'POST', '/wps/promotions/claim', { code: 'cashback' });
    expect(none.json().errorCode).toBe('promotions.not.eligible');
    // Yesterday (the clock is 2 March): staked 100,000 in slots, 40,000 back, 10,000 refunded.
    await t.db
      .insertInto('play_hourly')
      .values([
        {
          merchant_code: 'khelabd',
          member_id: m.member.id,
          product: 'RNG',
          hour: new Date('2026-03-01T12:00:00Z'),
          stake_minor: '100000',
          payout_minor: '40000',
          refund_minor: '10000',
          bets: 20,
        },
        {
          merchant_code: 'khelabd',
          member_id: m.member.id,
          product: 'RNG',
          hour: new Date('2026-03-02T09:00:00Z'),
          stake_minor: '900000',
          payout_minor: '0',
          refund_minor: '0',
          bets: 9,
        },
      ])
      .execute();
    // 10 % of (100,000 − 10,000 − 40,000) = 5,000 (today's play counts tomorrow).
    const claimed = ok(
      await memberCall(t.app, m.token, 'POST', '/wps/promotions/claim', { code: 'cashback' }),
    );
    expect(claimed.amountMinor).toBe('5000');
    ok(await memberCall(t.app, m.token, 'POST', '/wps/promotions/forfeit', {}));
    const again = await memberCall(t.app, m.token, 'POST', '/wps/promotions/claim', { code: 'cashback' });
    expect(again.json().errorCode).toBe('promotions.not.eligible');
  });
});
