import { randomUUID } from 'node:crypto';
import { GAME_TYPES } from '@khela/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClock, useTestApp } from '../../../test/helpers';
import { cashierSteps, mainBalance, memberCall, staffCall } from '../cashier/test-support';
import { auditRows, staffLogin } from '../staff/test-support';
import { newMember, type TestMember } from '../wallet/test-support';

/**
 * Risk rules as licence-profile data (issue 16, docs/decisions/057): each merchant's rapid-cycle
 * window and share, and a confirmed flag holding withdrawals until staff clear it.
 */
const HOUR = 3_600_000;
const clock = createClock(new Date());
const t = useTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
let risk: string;
let finance: string;
let steps: ReturnType<typeof cashierSteps>;

beforeAll(async () => {
  risk = await staffLogin(t.app, clock, 'risk');
  finance = await staffLogin(t.app, clock, 'finance');
  steps = cashierSteps(t.app, t.db);
});

const PROFILE = {
  minAge: 18,
  moneyMode: 'real',
  allowedProducts: [...GAME_TYPES],
  coolingOffHours: 24,
  limitPrompt: 'none',
  kycBeforeDeposit: false,
  kycWithdrawalAbove: null,
  amlRetentionYears: 5,
};

const saveProfile = async (merchant: string, change: Record<string, unknown>) => {
  const current = steps.ok(
    await staffCall(t.app, risk, 'GET', `/bo/api/protection/profile?merchant=${merchant}`),
  ) as { version: number };
  return steps.ok(
    await staffCall(t.app, risk, 'PUT', '/bo/api/protection/profile', {
      ...PROFILE,
      ...change,
      merchant,
      baseVersion: current.version,
    }),
  );
};

type Flag = { id: number; kind: string; status: string };
const scan = async () => steps.ok(await staffCall(t.app, risk, 'POST', '/bo/api/protection/risk/scan'));
const flagsOf = async (memberId: number, status = 'open') =>
  (
    steps.ok(
      await staffCall(t.app, risk, 'GET', `/bo/api/protection/risk?status=${status}&member=${memberId}`),
    ) as { items: Flag[] }
  ).items;
const decide = (id: number, decision: 'clear' | 'confirm', note: string) =>
  staffCall(t.app, risk, 'POST', '/bo/api/protection/risk/decide', { id, decision, note });

const uniqueNumber = () => `0181${randomUUID().replace(/\D/g, '').padEnd(7, '3').slice(0, 7)}`;

/** A member with a payout account and payment password, 3,000.00 in the main wallet. */
const readyMember = async (prefix: string, number = uniqueNumber()) => {
  const m = await newMember(t.db, { prefix });
  steps.ok(
    await memberCall(t.app, m.token, 'POST', '/wps/cashier/payout-account', {
      payeeName: 'Risk Rules',
      channel: 'NAGAD',
      number,
    }),
  );
  await steps.withPassword(m);
  await steps.fund(m, 300_000n);
  return m;
};

/** A deposit of `amount` minor units, approved by finance. */
const deposit = async (m: TestMember, amount: number) => {
  const made = steps.ok(
    await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
      channelId: await steps.channelId(),
      amount,
      reference: `RR${randomUUID().slice(0, 8)}`,
    }),
  ) as { id: string };
  steps.ok(await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/approve', { id: made.id }));
};

const cycles = async (m: TestMember) => (await flagsOf(m.member.id)).filter((f) => f.kind === 'rapidCycle');

describe('rapid-cycle rule per merchant', () => {
  it("follows the licence profile's window and share, saved as a new version", async () => {
    // Default rule (24 h, 80 %): 600.00 out of a 1,000.00 deposit within a minute is no cycle.
    const before = await readyMember('rrd');
    await deposit(before, 100_000);
    clock.advance(60_000);
    await steps.withdraw(before, 60_000);
    await scan();
    expect(await cycles(before)).toHaveLength(0);

    // The merchant's rule becomes 2 h and 50 %: the same withdrawal is now a cycle…
    const saved = (await saveProfile('khelabd', { riskCycleHours: 2, riskCyclePercent: 50 })) as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({ riskCycleHours: 2, riskCyclePercent: 50, riskHoldWithdrawals: true });
    await scan();
    expect(await cycles(before)).toHaveLength(1);

    // …but one three hours after its deposit is outside the window (the deposit is moved back
    // three hours: sessions would not survive the clock moving that far).
    const late = await readyMember('rrl');
    await deposit(late, 100_000);
    await t.db
      .updateTable('cashier_deposit')
      .set({ decided_at: new Date(clock.now().getTime() - 3 * HOUR) })
      .where('member_id', '=', late.member.id)
      .execute();
    await steps.withdraw(late, 90_000);
    await scan();
    expect(await cycles(late)).toHaveLength(0);
  });

  it('refuses a rule outside its bounds (400), nothing saved', async () => {
    const current = steps.ok(
      await staffCall(t.app, risk, 'GET', '/bo/api/protection/profile?merchant=khelain'),
    ) as { version: number };
    for (const bad of [{ riskCycleHours: 0 }, { riskCycleHours: 169 }, { riskCyclePercent: 5 }]) {
      const res = await staffCall(t.app, risk, 'PUT', '/bo/api/protection/profile', {
        ...PROFILE,
        ...bad,
        merchant: 'khelain',
        baseVersion: current.version,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const after = steps.ok(
      await staffCall(t.app, risk, 'GET', '/bo/api/protection/profile?merchant=khelain'),
    ) as { version: number };
    expect(after.version).toBe(current.version);
  });
});

describe('a confirmed flag holds withdrawals', () => {
  it('refuses the withdrawal (403, nothing written) until staff clear the flag (audited)', async () => {
    const number = uniqueNumber();
    const a = await readyMember('rrha', number);
    await readyMember('rrhb', number);
    await scan();
    const [flag] = (await flagsOf(a.member.id)).filter((f) => f.kind === 'sharedPayout');
    if (!flag) throw new Error('no flag');

    // Open: nothing held.
    await steps.withdraw(a, 50_000);
    expect((await decide(flag.id, 'confirm', 'one person, two accounts')).statusCode).toBe(200);

    const balance = await mainBalance(t.db, a.member.id);
    const count = async () =>
      (
        await t.db
          .selectFrom('cashier_withdrawal')
          .select('id')
          .where('member_id', '=', a.member.id)
          .execute()
      ).length;
    const withdrawals = await count();
    const held = await memberCall(t.app, a.token, 'POST', '/wps/cashier/withdrawals', {
      amount: 50_000,
      paymentPassword: 'pay12345',
    });
    expect(held.statusCode, held.body).toBe(403);
    expect(held.json()).toMatchObject({
      success: false,
      errorCode: 'protection.risk.hold',
      value: { kind: 'sharedPayout' },
    });
    expect(await mainBalance(t.db, a.member.id)).toBe(balance);
    expect(await count()).toBe(withdrawals);

    // Confirming twice is refused; clearing the confirmed flag lifts the hold, audited once.
    expect((await decide(flag.id, 'confirm', 'again')).statusCode).toBe(409);
    const audit = (await auditRows(t.db)).length;
    const cleared = await decide(flag.id, 'clear', 'documents checked: two brothers');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().value).toMatchObject({
      status: 'cleared',
      note: 'documents checked: two brothers',
    });
    expect((await auditRows(t.db)).length).toBe(audit + 1);
    await steps.withdraw(a, 50_000);
    expect(await count()).toBe(withdrawals + 1);
  });

  it('does not hold where the licence profile says so', async () => {
    await saveProfile('khelabd', { riskHoldWithdrawals: false });
    const number = uniqueNumber();
    const a = await readyMember('rrna', number);
    await readyMember('rrnb', number);
    await scan();
    const [flag] = (await flagsOf(a.member.id)).filter((f) => f.kind === 'sharedPayout');
    if (!flag) throw new Error('no flag');
    expect((await decide(flag.id, 'confirm', 'shared wallet')).statusCode).toBe(200);
    clock.advance(2_000); // past the profile memory of this node (1 s)
    const w = (await steps.withdraw(a, 50_000)) as { status: string };
    expect(w.status).toBe('in_process');
  });
});
