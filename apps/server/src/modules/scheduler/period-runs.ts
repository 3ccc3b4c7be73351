import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/** When a periodic job's periods fall and how long a claim holds. */
export type PeriodSpec = {
  /** Length of a period in ms (e.g. an hour, a day). */
  periodMs: number;
  /** Periods start this many ms after the Unix epoch's multiples (e.g. a day starting 18:00 UTC). */
  offsetMs?: number;
  /** How long a node's claim holds before another node may take the period over. Default 10 min. */
  leaseMs?: number;
  /** At most this many past periods are caught up after an outage. Default 3. */
  catchUp?: number;
};

export type Period = { start: Date; end: Date };

/**
 * Runs of periodic jobs recorded per (job, period) in `job_run` (ADR 041): on every check a node
 * claims each elapsed period not done yet — an INSERT that only one node wins, or the take-over of
 * a claim whose lease ran out (its node died or the run failed) — runs the job for it and marks it
 * finished. So each period's run completes once across nodes; a run cut off half-way is run again
 * by the next claimant, so the job itself stays idempotent per period (its own unique keys).
 */
export const createPeriodRuns = (deps: { db: Db; now: () => Date; node?: string }) => {
  const node = deps.node ?? randomUUID();

  /** The elapsed periods to look at, oldest first: up to `catchUp` ending at or before now. */
  const duePeriods = (spec: PeriodSpec, at: Date): Period[] => {
    const offset = spec.offsetMs ?? 0;
    const lastEnd = Math.floor((at.getTime() - offset) / spec.periodMs) * spec.periodMs + offset;
    const periods: Period[] = [];
    for (let i = (spec.catchUp ?? 3) - 1; i >= 0; i--) {
      const end = lastEnd - i * spec.periodMs;
      periods.push({ start: new Date(end - spec.periodMs), end: new Date(end) });
    }
    return periods;
  };

  /** True when this node now holds the period's claim. */
  const claim = async (job: string, period: Period, leaseMs: number) => {
    const at = deps.now();
    const lease = new Date(at.getTime() + leaseMs);
    const inserted = await deps.db
      .insertInto('job_run')
      .values({
        job,
        period_start: period.start,
        period_end: period.end,
        node,
        started_at: at,
        lease_until: lease,
      })
      .onConflict((oc) => oc.columns(['job', 'period_start']).doNothing())
      .returning('job')
      .executeTakeFirst();
    if (inserted) return true;
    const taken = await deps.db
      .updateTable('job_run')
      .set({ node, started_at: at, lease_until: lease, attempts: sql`attempts + 1` })
      .where('job', '=', job)
      .where('period_start', '=', period.start)
      .where('finished_at', 'is', null)
      .where('lease_until', '<=', at)
      .returning('job')
      .executeTakeFirst();
    return taken !== undefined;
  };

  const finish = (job: string, period: Period, error: unknown) =>
    deps.db
      .updateTable('job_run')
      .set(
        error === undefined
          ? { finished_at: deps.now(), last_error: null }
          : // A failed run gives its claim back at once: the next check (any node) tries again.
            { lease_until: deps.now(), last_error: error instanceof Error ? error.message : String(error) },
      )
      .where('job', '=', job)
      .where('period_start', '=', period.start)
      .where('node', '=', node)
      .execute();

  /** Runs every due period of the job this node can claim, oldest first; answers the periods run. */
  const runDue = async (job: string, spec: PeriodSpec, run: (period: Period) => Promise<void>) => {
    const done: Period[] = [];
    for (const period of duePeriods(spec, deps.now())) {
      if (!(await claim(job, period, spec.leaseMs ?? 600_000))) continue;
      try {
        await run(period);
      } catch (error) {
        await finish(job, period, error);
        throw error;
      }
      await finish(job, period, undefined);
      done.push(period);
    }
    return done;
  };

  return { node, runDue, duePeriods };
};
