import type { Scheduler } from '../scheduler';
import type { Agency } from './service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The real-time salary's slot (it pays the hour so far every 5 minutes). */
export const AGENCY_REALTIME_EVERY_MS = 5 * MINUTE;
/** How often a node looks for bills waiting for their payer's funds. */
export const AGENCY_PENDING_EVERY_MS = 15 * MINUTE;

/**
 * The agency's scheduler jobs (ADR 047). The salaries and dividends run once per period across
 * every node (`scheduler.eachPeriod`, a `job_run` row per job and period): the hourly salary per
 * UTC hour, the daily salary per UTC day, the dividend looked at once a day (its periods are parts
 * of a month: the day's run settles the part that ended), the real-time salary per 5-minute slot.
 * A period's bill also has its own unique key, so a run taken over after a node died writes
 * nothing twice. Paying bills that waited for funds stays a plain interval job: it pays each
 * bill once by its own conditional update, whatever node finds it.
 */
export const registerAgencyJobs = (scheduler: Pick<Scheduler, 'every' | 'eachPeriod'>, agency: Agency) => {
  scheduler.eachPeriod(
    'agency.salary.realtime',
    { periodMs: AGENCY_REALTIME_EVERY_MS, catchUp: 1, leaseMs: 5 * MINUTE },
    () => agency.settleRealtime(),
  );
  scheduler.eachPeriod('agency.salary.hourly', { periodMs: HOUR, checkEveryMs: 5 * MINUTE }, (p) =>
    agency.settleFinished('hourly', p.end),
  );
  scheduler.eachPeriod('agency.salary.daily', { periodMs: DAY, checkEveryMs: 15 * MINUTE }, (p) =>
    agency.settleFinished('daily', p.end),
  );
  scheduler.eachPeriod('agency.dividend', { periodMs: DAY, checkEveryMs: HOUR }, (p) =>
    agency.settleFinished('dividend', p.end),
  );
  scheduler.every('agency.pending', AGENCY_PENDING_EVERY_MS, async () => {
    await agency.payPending();
  });
};
