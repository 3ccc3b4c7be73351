import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import type { DB } from '../../db/schema';
import { cashierSteps, memberCall, staffCall } from '../cashier/test-support';
import { staffLogin } from '../staff/test-support';
import { newMember } from '../wallet/test-support';
import { createMoneyDashboard, type MoneySources } from './money-dashboard';

/** "500.00" → 50000n (the cashier answers amounts with two decimals). */
const toMinor = (amount: unknown) => BigInt(String(amount).replace('.', ''));

const owner = { id: 1, username: 'owner', role: 'owner' as const, ip: '127.0.0.1', requestId: 'test' };

describe('the money dashboard (figures from the owning modules)', () => {
  it('derives net deposits and GGR, sums per day and per merchant, counts a player once per window', async () => {
    const sources: MoneySources = {
      cashier: async () => [
        { day: '2026-11-19', merchant: 'khelabd', deposits: 10_000n, withdrawals: 2_500n },
        { day: '2026-11-20', merchant: 'khelain', deposits: 7_000n, withdrawals: 9_000n },
      ],
      play: async () => ({
        days: [
          { day: '2026-11-19', merchant: 'khelabd', bets: 5_000n, wins: 1_000n, players: 2 },
          { day: '2026-11-20', merchant: 'khelabd', bets: 1_000n, wins: 3_000n, players: 2 },
        ],
        // The same two members played on both days.
        playersPerMerchant: new Map([['khelabd', 2]]),
      }),
      bonus: async () => [{ day: '2026-11-20', merchant: 'khelabd', bonusCost: 700n }],
    };
    const dashboard = createMoneyDashboard({ sources, now: () => new Date('2026-11-20T18:00:00Z') });
    const result = await dashboard.figures(owner, undefined, 3);
    expect(result.days.map((d) => d.day)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    expect(result.days[0]).toMatchObject({ deposits: '0', ggr: '0', activePlayers: 0 });
    expect(result.days[1]).toMatchObject({
      deposits: '10000',
      withdrawals: '2500',
      netDeposits: '7500',
      bets: '5000',
      wins: '1000',
      ggr: '4000',
      activePlayers: 2,
    });
    expect(result.days[2]).toMatchObject({
      netDeposits: '-2000',
      ggr: '-2000',
      bonusCost: '700',
      activePlayers: 2,
    });
    expect(result.merchants).toEqual([
      {
        merchant: 'khelabd',
        deposits: '10000',
        withdrawals: '2500',
        netDeposits: '7500',
        bets: '6000',
        wins: '4000',
        ggr: '2000',
        bonusCost: '700',
        activePlayers: 2,
      },
      {
        merchant: 'khelain',
        deposits: '7000',
        withdrawals: '9000',
        netDeposits: '-2000',
        bets: '0',
        wins: '0',
        ggr: '0',
        bonusCost: '0',
        activePlayers: 0,
      },
    ]);
    expect(result.total).toMatchObject({
      deposits: '17000',
      netDeposits: '5500',
      ggr: '2000',
      activePlayers: 2,
    });
  });
});

describe('GET /bo/api/dashboard/money on a real database', () => {
  let t: TestApp;
  const clock = createClock('2026-11-20T10:00:00Z');
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
    finance = await staffLogin(t.app, clock, 'finance');
  });
  afterAll(async () => {
    await t?.close();
  });

  const round = (db: Kysely<DB>, memberId: number, stake: number, payout: number, mode: 'real' | 'demo') =>
    db
      .insertInto('game_round')
      .values({
        id: randomUUID(),
        merchant_code: 'khelabd',
        member_id: memberId,
        mode,
        vendor_code: 'PG',
        game_type: 'RNG',
        status: 'settled',
        stake_minor: stake,
        payout_minor: payout,
        currency: 'BDT',
        opened_at: clock.now(),
        updated_at: clock.now(),
        settled_at: clock.now(),
      })
      .execute();

  it("shows today's deposits, paid withdrawals, bets, wins, GGR, bonus cost and players of khelabd", async () => {
    const steps = cashierSteps(t.app, t.db);
    const before = steps.ok(
      await staffCall(t.app, finance, 'GET', '/bo/api/dashboard/money?days=7&merchant=khelabd'),
    ) as { total: Record<string, string | number> };
    const m = await newMember(t.db);
    const other = await newMember(t.db);
    await steps.ready(m, 2_000_000n);
    const deposit = steps.ok(
      await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
        channelId: await steps.channelId(),
        amount: 50_000,
        reference: `DASH${randomUUID().slice(0, 8)}`,
      }),
    );
    steps.ok(await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/approve', { id: deposit.id }));
    const w = await steps.withdraw(m, 60_000);
    await steps.act(finance, String(w.id), 'approve');
    await steps.act(finance, String(w.id), 'issue');
    // A withdrawal still waiting is no money out.
    await steps.withdraw(m, 70_000);
    await round(t.db, m.member.id, 1_000, 400, 'real');
    await round(t.db, m.member.id, 2_000, 0, 'real');
    await round(t.db, other.member.id, 500, 1_500, 'real');
    await round(t.db, other.member.id, 9_999, 0, 'demo');
    const wallet = t.app.services.wallet;
    const bonus = await wallet.accountOf({ merchantCode: 'khelabd', currency: 'BDT', kind: 'bonus' });
    const main = await wallet.accountOf({
      merchantCode: 'khelabd',
      currency: 'BDT',
      kind: 'member_main',
      memberId: other.member.id,
    });
    await wallet.post({
      merchantCode: 'khelabd',
      idempotencyKey: `test-bonus:${randomUUID()}`,
      kind: 'bonus.welcome',
      lines: [
        { accountId: bonus, amount: -3_000n },
        { accountId: main, amount: 3_000n },
      ],
    });

    const after = steps.ok(
      await staffCall(t.app, finance, 'GET', '/bo/api/dashboard/money?days=7&merchant=khelabd'),
    ) as {
      days: Record<string, string | number>[];
      merchants: { merchant: string }[];
      total: Record<string, string | number>;
    };
    const grew = (key: string) => BigInt(after.total[key] as string) - BigInt(before.total[key] as string);
    expect(grew('deposits')).toBe(toMinor(deposit.amount));
    expect(grew('withdrawals')).toBe(toMinor(w.amount));
    expect(grew('netDeposits')).toBe(toMinor(deposit.amount) - toMinor(w.amount));
    expect(grew('bets')).toBe(3_500n);
    expect(grew('wins')).toBe(1_900n);
    expect(grew('ggr')).toBe(1_600n);
    expect(grew('bonusCost')).toBe(3_000n);
    expect(Number(after.total.activePlayers) - Number(before.total.activePlayers)).toBe(2);
    expect(after.days).toHaveLength(7);
    expect(after.days[6]?.day).toBe('2026-11-20');
    expect(after.merchants.map((x) => x.merchant)).toEqual(['khelabd']);
  });

  it('is refused to a role without dashboard.read, and checks its query', async () => {
    const content = await staffLogin(t.app, clock, 'content');
    const refused = await staffCall(t.app, content, 'GET', '/bo/api/dashboard/money');
    expect(refused.statusCode).toBe(403);
    const bad = await staffCall(t.app, finance, 'GET', '/bo/api/dashboard/money?days=500');
    expect(bad.statusCode).toBe(400);
  });
});
