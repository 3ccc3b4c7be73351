import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { createPeriodRuns, createScheduler } from '.';

/**
 * Periodic jobs once per period across nodes (ADR 041): several "nodes" (period runners on one
 * database) check at once, a claim whose node died is taken over after its lease, a failed run is
 * retried, and an outage is caught up to the configured number of periods.
 */
const HOUR = 3_600_000;
const clock = createClock('2026-05-01T10:20:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
});

afterAll(async () => {
  await t?.close();
});

const rows = (job: string) =>
  t.db.selectFrom('job_run').selectAll().where('job', '=', job).orderBy('period_start').execute();

describe('period runs', () => {
  it('runs each elapsed period once when five nodes check at the same time', async () => {
    const ran: string[] = [];
    const nodes = Array.from({ length: 5 }, (_, i) =>
      createPeriodRuns({ db: t.db, now: clock.now, node: `n${i}` }),
    );
    const spec = { periodMs: HOUR, catchUp: 2 };
    const job = async (period: { start: Date }) => {
      ran.push(period.start.toISOString());
    };
    await Promise.all(nodes.map((n) => n.runDue('five', spec, job)));
    await Promise.all(nodes.map((n) => n.runDue('five', spec, job)));
    expect(ran.sort()).toEqual(['2026-05-01T08:00:00.000Z', '2026-05-01T09:00:00.000Z']);
    clock.set(Date.parse('2026-05-01T11:00:00Z'));
    await Promise.all(nodes.map((n) => n.runDue('five', spec, job)));
    expect(ran.sort()).toEqual([
      '2026-05-01T08:00:00.000Z',
      '2026-05-01T09:00:00.000Z',
      '2026-05-01T10:00:00.000Z',
    ]);
    const recorded = await rows('five');
    expect(recorded).toHaveLength(3);
    expect(recorded.every((r) => r.finished_at !== null && r.attempts === 1)).toBe(true);
  });

  it('takes over a claim whose node died once its lease ran out, and retries a failed run', async () => {
    clock.set(Date.parse('2026-05-02T00:30:00Z'));
    const spec = { periodMs: HOUR, catchUp: 1, leaseMs: 5 * 60_000 };
    const a = createPeriodRuns({ db: t.db, now: clock.now, node: 'a' });
    const b = createPeriodRuns({ db: t.db, now: clock.now, node: 'b' });
    // Node a claims 23:00–00:00 and dies in the middle of the run.
    await expect(
      a.runDue('takeover', spec, async () => {
        throw new Error('SIGKILL');
      }),
    ).rejects.toThrow('SIGKILL');
    // A failed run gives the claim back at once: b runs it now.
    const runs: string[] = [];
    await b.runDue('takeover', spec, async (p) => void runs.push(`b:${p.start.toISOString()}`));
    expect(runs).toEqual(['b:2026-05-01T23:00:00.000Z']);
    expect(await rows('takeover')).toMatchObject([{ node: 'b', attempts: 2, last_error: null }]);

    // A claim whose node vanished without a word: held until its lease ends, then taken over.
    clock.set(Date.parse('2026-05-02T01:10:00Z'));
    await t.db
      .insertInto('job_run')
      .values({
        job: 'takeover',
        period_start: new Date('2026-05-02T00:00:00Z'),
        period_end: new Date('2026-05-02T01:00:00Z'),
        node: 'dead',
        started_at: clock.now(),
        lease_until: new Date(clock.now().getTime() + spec.leaseMs),
      })
      .execute();
    await b.runDue('takeover', spec, async (p) => void runs.push(`b:${p.start.toISOString()}`));
    expect(runs).toHaveLength(1);
    clock.set(Date.parse('2026-05-02T01:16:00Z'));
    await a.runDue('takeover', spec, async (p) => void runs.push(`a:${p.start.toISOString()}`));
    expect(runs).toEqual(['b:2026-05-01T23:00:00.000Z', 'a:2026-05-02T00:00:00.000Z']);
    expect((await rows('takeover'))[1]).toMatchObject({ node: 'a', attempts: 2 });
  });

  it('registers on the scheduler with offsets: a day that starts at 18:00 UTC', async () => {
    clock.set(Date.parse('2026-05-03T18:05:00Z'));
    const scheduler = createScheduler({
      log: { error: () => undefined },
      now: clock.now,
      db: t.db,
      node: 'x',
    });
    const days: string[] = [];
    scheduler.eachPeriod('daily', { periodMs: 24 * HOUR, offsetMs: 18 * HOUR, catchUp: 1 }, async (p) => {
      days.push(`${p.start.toISOString()}/${p.end.toISOString()}`);
    });
    await scheduler.runNow('daily');
    await scheduler.runNow('daily');
    expect(days).toEqual(['2026-05-02T18:00:00.000Z/2026-05-03T18:00:00.000Z']);
    await scheduler.close();
    expect(() =>
      createScheduler({ log: { error: () => undefined } }).eachPeriod(
        'x',
        { periodMs: HOUR },
        async () => undefined,
      ),
    ).toThrow('needs a db');
  });
});
