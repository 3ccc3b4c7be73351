import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps, memberCall } from '../cashier/test-support';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import {
  type ModelOp,
  type ModelTerms,
  modelStart,
  modelStep,
  opArb,
  promoSteps,
  ruleBody,
} from './test-support';

/**
 * A bonus's life beyond wagering (docs/decisions/036): withdrawal forfeits or is refused as the
 * promotion says, expiry and forfeit give the bonus back, "apply" promotions go through review,
 * conversion happens once under concurrent stakes, and the real listener and ledger follow the
 * independent model over random sequences.
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

/** A member with an approved deposit and the bonus of promotion `code` claimed. */
const withBonus = async (code: string, deposit = 100_000n) => {
  const m = await newMember(t.db, { prefix: 'prl' });
  await steps.deposit(m.member, deposit);
  ok(await memberCall(t.app, m.token, 'POST', '/wps/promotions/claim', { code }));
  return m;
};

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' }, now: clock.now });
  owner = await staffLogin(t.app, clock, 'owner');
  steps = promoSteps(t.app, t.db);
  await saveRule({
    code: 'forfeit-wd',
    kind: 'deposit_match',
    frequency: 'unlimited',
    withdrawPolicy: 'forfeit',
  });
  await saveRule({
    code: 'refuse-wd',
    kind: 'deposit_match',
    frequency: 'unlimited',
    withdrawPolicy: 'refuse',
  });
  await saveRule({
    code: 'vip-apply',
    kind: 'apply',
    frequency: 'unlimited',
    percentBp: 0,
    fixedMinor: 30_000,
    capMinor: 50_000,
    multiplier: 1,
  });
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

describe('withdrawal while a bonus is active', () => {
  it('forfeits the bonus when the promotion says so (the member is told in the bonus view)', async () => {
    const cashier = cashierSteps(t.app, t.db);
    const m = await withBonus('forfeit-wd');
    await cashier.bound(m);
    await cashier.withPassword(m);
    const view = ok(await memberCall(t.app, m.token, 'GET', '/wps/promotions/bonuses'));
    expect((view.bonuses as Record<string, string>[])[0]?.withdrawPolicy).toBe('forfeit');
    expect(view.withdrawableMinor).toBe('100000');
    await cashier.withdraw(m, 60_000);
    const row = await steps.bonusRow(m.member.id);
    expect(row).toMatchObject({ status: 'forfeited', ended_reason: 'forfeited' });
    expect(String(row?.returned_minor)).toBe('50000');
    expect(await steps.balance(m.member.id, 'member_bonus')).toBe(0n);
    expect(await steps.balance(m.member.id, 'member_main')).toBe(40_000n);
  });

  it('refuses the withdrawal when the promotion says so, and nothing moves', async () => {
    const cashier = cashierSteps(t.app, t.db);
    const m = await withBonus('refuse-wd');
    await cashier.bound(m);
    await cashier.withPassword(m);
    const view = ok(await memberCall(t.app, m.token, 'GET', '/wps/promotions/bonuses'));
    expect(view.withdrawableMinor).toBe('0');
    const res = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', {
      amount: 60_000,
      paymentPassword: 'pay12345',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('promotions.withdraw.refused');
    expect((await steps.bonusRow(m.member.id))?.status).toBe('active');
    expect(await steps.balance(m.member.id, 'member_main')).toBe(100_000n);
    // The member may give the bonus up, and then withdraw.
    const forfeited = ok(await memberCall(t.app, m.token, 'POST', '/wps/promotions/forfeit', {}));
    expect(forfeited.returnedMinor).toBe('50000');
    await cashier.withdraw(m, 60_000);
  });
});

describe('apply promotions', () => {
  it('remark ≤ 140, one pending application, staff approval grants the bonus (audited)', async () => {
    const m = await newMember(t.db, { prefix: 'pra' });
    const long = await memberCall(t.app, m.token, 'POST', '/wps/promotions/apply', {
      code: 'vip-apply',
      remark: 'x'.repeat(141),
    });
    expect(long.statusCode).toBe(400);
    const applied = ok(
      await memberCall(t.app, m.token, 'POST', '/wps/promotions/apply', {
        code: 'vip-apply',
        remark: 'VIP since 2020',
      }),
    );
    const twice = await memberCall(t.app, m.token, 'POST', '/wps/promotions/apply', {
      code: 'vip-apply',
      remark: 'again',
    });
    expect(twice.json().errorCode).toBe('promotions.application.pending');
    const queue = ok(
      await bo(t.app, owner, { method: 'GET', url: '/bo/api/promotions/applications?merchant=khelabd' }),
    );
    expect((queue.items as { id: string }[]).some((i) => i.id === applied.applicationId)).toBe(true);
    const decided = ok(
      await bo(t.app, owner, {
        method: 'POST',
        url: '/bo/api/promotions/applications/decide',
        payload: { id: applied.applicationId, approve: true, amountMinor: 90_000 },
      }),
    );
    expect(decided.bonusId).toBeTruthy();
    // Above the cap (50,000): the cap is granted.
    expect(await steps.balance(m.member.id, 'member_bonus')).toBe(50_000n);
    const again = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/promotions/applications/decide',
      payload: { id: applied.applicationId, approve: false },
    });
    expect(again.json().errorCode).toBe('promotions.application.decided');
    expect((await auditRows(t.db)).some((a) => a.action === 'promotions.application.approve')).toBe(true);
    const list = ok(
      await bo(t.app, owner, { method: 'GET', url: `/bo/api/promotions/bonuses?memberId=${m.member.id}` }),
    );
    expect(list.total).toBe(1);
    const csv = await bo(t.app, owner, {
      method: 'GET',
      url: `/bo/api/promotions/bonuses.csv?memberId=${m.member.id}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[1]).toContain('vip-apply');
  });
});

describe('conversion exactly once under concurrency', () => {
  it('40 concurrent stakes that each complete the wagering convert the bonus once', async () => {
    await saveRule({
      code: 'race',
      kind: 'deposit_match',
      frequency: 'unlimited',
      multiplier: 1,
      maxBetMinor: 100_000,
    });
    const m = await withBonus('race', 100_000n);
    // Requirement 50,000; every stake of 60,000 alone completes it. Cash 100,000 + bonus 50,000.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => steps.bet(m.member.id, 'RNG', 60_000n)),
    );
    const accepted = answers.filter((a) => a === 'ok').length;
    const row = await steps.bonusRow(m.member.id);
    expect(row?.status).toBe('completed');
    const converts = await t.db
      .selectFrom('journal_entry')
      .select('id')
      .where('idempotency_key', 'like', `promo:convert:${row?.id}`)
      .execute();
    expect(converts.length).toBe(1);
    expect(await steps.balance(m.member.id, 'member_bonus')).toBe(0n);
    // Whatever ran first, every unit is accounted for: 150,000 in, 60,000 per accepted stake out.
    expect(await steps.balance(m.member.id, 'member_main')).toBe(150_000n - BigInt(accepted) * 60_000n);
    expect(accepted).toBe(2);
  });
});

describe('the listener and the ledger follow the independent model', () => {
  it('random sequences: balances, status and progress agree after every step', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('cash_first' as const, 'bonus_first' as const),
        fc.array(opArb, { minLength: 1, maxLength: 14 }),
        async (order, ops) => {
          const code = `m-${order}`;
          const weights = { RNG: 100, LIVE: 15, SPORTS: 60, FISH: 0, PVP: 35 };
          if (
            !(await t.db.selectFrom('promo_rule').select('code').where('code', '=', code).executeTakeFirst())
          )
            await saveRule({
              code,
              kind: 'deposit_match',
              frequency: 'unlimited',
              spendingOrder: order,
              multiplier: 2,
              weights,
              maxBetMinor: 4_000,
            });
          // 2 % of 60,000: bonus 1,200, requirement 2,400; stakes of up to 5,000.
          await t.db.updateTable('promo_rule').set({ percent_bp: 200 }).where('code', '=', code).execute();
          const m = await withBonus(code, 60_000n);
          const id = m.member.id;
          const terms: ModelTerms = { order, weights, maxBet: 4_000n, requirement: 2_400n };
          let model = modelStart(60_000n, 1_200n);
          for (const op of ops as ModelOp[]) {
            const [next, said] = modelStep(model, terms, op);
            let told: string;
            if (op.op === 'forfeit') {
              const out = ok(await memberCall(t.app, m.token, 'POST', '/wps/promotions/forfeit', {}));
              told = out.returnedMinor === null ? 'none' : 'ok';
            } else if (op.op === 'bet') {
              told = await steps.bet(id, op.product, op.amount, op.win);
              if (told === 'promotions.max.bet') told = 'max.bet';
            } else {
              told = await steps.bet(id, op.product, op.amount);
              if (told === 'promotions.max.bet') told = 'max.bet';
              if (told === 'ok') await steps.voided(id, op.product, op.amount);
            }
            expect(told === 'ok' || told === 'max.bet' || told === 'none' ? told : 'insufficient').toBe(said);
            model = next;
            expect(await steps.balance(id, 'member_main')).toBe(model.cash);
            expect(await steps.balance(id, 'member_bonus')).toBe(model.bonus);
            const row = await steps.bonusRow(id);
            expect(row?.status).toBe(model.status);
            if (model.status === 'active') expect(BigInt(row?.wagered_centi ?? -1)).toBe(model.progress100);
            if (model.converted !== null) expect(BigInt(row?.converted_minor ?? -1)).toBe(model.converted);
          }
        },
      ),
      { numRuns: 40 },
    );
    // Up to 40 × 14 ledger round trips: room for a busy machine.
  }, 180_000);
});

// Last: moving the clock 73 hours ends every session.
describe('expiry', () => {
  it('an expired bonus goes back to the bonus account, once; a stake after it has no max bet', async () => {
    const m = await withBonus('forfeit-wd');
    clock.advance(73 * 3_600_000);
    expect(await t.app.services.promotions.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.promotions.expireDue()).toBe(0);
    const row = await steps.bonusRow(m.member.id);
    expect(row?.status).toBe('expired');
    expect(await steps.balance(m.member.id, 'member_bonus')).toBe(0n);
    expect(await steps.bet(m.member.id, 'RNG', 30_000n)).toBe('ok');
  });
});
