import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgencyJobs } from '../src/modules/agency';
import { registerLoyaltyJobs } from '../src/modules/loyalty';
import { call, mainBalance, ok, saveRule, spin } from '../src/modules/loyalty/test-support';
import { createScheduler, type Scheduler } from '../src/modules/scheduler';
import { staffLogin } from '../src/modules/staff/test-support';
import { verifyLedger } from '../src/modules/wallet';
import { newMember } from '../src/modules/wallet/test-support';
import { createClock, createTestApp, type TestApp } from './helpers';

/**
 * Jobs once per period across nodes (issue 23, ADR 047): the app's own scheduler (node A) and a
 * second scheduler on the same database (node B, as a second server would be) run the loyalty and
 * agency jobs at the same moment. Each elapsed period is claimed by one node and run once
 * (`job_run`: one finished row per job and period, one attempt), and the day's rebate is paid once.
 * The expected periods follow from each job's period length and its catch-up of 3 (real-time: 1).
 */
const clock = createClock('2026-01-14T10:00:00Z');
let t: TestApp;
let nodeB: Scheduler;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  nodeB = createScheduler({ log: t.app.log, db: t.db, now: clock.now, node: 'B' });
  registerLoyaltyJobs(nodeB, t.app.services.loyalty, t.app.log);
  registerAgencyJobs(nodeB, t.app.services.agency);
});

afterAll(async () => {
  if (t) {
    await nodeB?.close();
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const JOBS = [
  'loyalty.daily',
  'agency.salary.realtime',
  'agency.salary.hourly',
  'agency.salary.daily',
  'agency.dividend',
];

const bothNodesRun = () =>
  Promise.all(JOBS.flatMap((job) => [t.app.services.scheduler.runNow(job), nodeB.runNow(job)]));

const runs = () =>
  t.db
    .selectFrom('job_run')
    .select(['job', 'period_start', 'period_end', 'node', 'attempts', 'finished_at'])
    .where('job', 'in', JOBS)
    .orderBy('job')
    .orderBy('period_start')
    .execute();

describe('loyalty and agency jobs on two nodes', () => {
  it('runs each period once across both schedulers and pays the rebate once', async () => {
    const owner = await staffLogin(t.app, clock, 'owner');
    const saved = await saveRule(t, owner, (rule) => {
      rule.rebate.ratesPpm[0] = { RNG: 10_000 };
      rule.rebate.payHour = 6;
      return rule;
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const m = await newMember(t.db, { prefix: 'jobs' });
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 1_000_000n });
    const { staked } = await spin(t, m.token, 4_000n, 400);
    expect(staked).toBe(4_000n);

    clock.set('2026-01-15T06:00:30Z');
    const before = await mainBalance(t, m.member.id);
    await bothNodesRun();
    await bothNodesRun();

    // 4,000 staked on slots on the 14th × 1 % = 40, paid once at the 15th's 06:00 hour.
    expect(await mainBalance(t, m.member.id)).toBe(before + 40n);
    expect(ok(await call(t, m.token, 'GET', '/wps/loyalty/rebates'))).toMatchObject({ mode: 'auto' });

    const rows = await runs();
    const periods = (job: string) =>
      rows
        .filter((r) => r.job === job)
        .map((r) => `${r.period_start.toISOString()}/${r.period_end.toISOString()}`);
    expect(periods('loyalty.daily')).toEqual([
      '2026-01-15T03:00:00.000Z/2026-01-15T04:00:00.000Z',
      '2026-01-15T04:00:00.000Z/2026-01-15T05:00:00.000Z',
      '2026-01-15T05:00:00.000Z/2026-01-15T06:00:00.000Z',
    ]);
    expect(periods('agency.salary.hourly')).toEqual(periods('loyalty.daily'));
    expect(periods('agency.salary.realtime')).toEqual(['2026-01-15T05:55:00.000Z/2026-01-15T06:00:00.000Z']);
    const days = [
      '2026-01-12T00:00:00.000Z/2026-01-13T00:00:00.000Z',
      '2026-01-13T00:00:00.000Z/2026-01-14T00:00:00.000Z',
      '2026-01-14T00:00:00.000Z/2026-01-15T00:00:00.000Z',
    ];
    expect(periods('agency.salary.daily')).toEqual(days);
    expect(periods('agency.dividend')).toEqual(days);
    // Each period ran to its end on the first try, by whichever node claimed it.
    expect(rows.every((r) => r.attempts === 1 && r.finished_at !== null)).toBe(true);
    const nodeA = rows.filter((r) => r.node !== 'B');
    expect(nodeA.length + rows.filter((r) => r.node === 'B').length).toBe(13);
    expect(new Set(nodeA.map((r) => r.node)).size).toBeLessThanOrEqual(1);

    // The next hour: one more loyalty and hourly period each, still nothing paid twice.
    clock.set('2026-01-15T07:00:10Z');
    await bothNodesRun();
    expect(await mainBalance(t, m.member.id)).toBe(before + 40n);
    const later = await runs();
    expect(later.filter((r) => r.job === 'loyalty.daily')).toHaveLength(4);
    expect(later.filter((r) => r.job === 'agency.salary.hourly')).toHaveLength(4);
    expect(later.filter((r) => r.job === 'agency.salary.daily')).toHaveLength(3);
    const rebates = await t.db
      .selectFrom('loyalty_rebate')
      .select(['member_id', 'amount_minor'])
      .where('member_id', '=', m.member.id)
      .execute();
    expect(rebates.map((r) => String(r.amount_minor))).toEqual(['40']);
  }, 120_000);
});
