import type { Scheduler } from '../scheduler';
import type { Loyalty } from './service';

/** Loyalty's job looks once per UTC hour whether a merchant's pay hour has come (ADR 047). */
export const LOYALTY_PERIOD_MS = 3_600_000;

type JobLog = { info: (obj: object, msg: string) => void };

/**
 * The daily rebate and points run, once per hour across every node (`scheduler.eachPeriod`, a
 * `job_run` row per hour): the hour's run commits yesterday for each merchant whose pay hour has
 * passed at the hour's end. The day's own `loyalty_run` row and the rebate's unique key (member,
 * day, product) keep a day from being paid twice when a later hour or another node looks again.
 */
export const registerLoyaltyJobs = (
  scheduler: Pick<Scheduler, 'eachPeriod'>,
  loyalty: Loyalty,
  log: JobLog,
) => {
  scheduler.eachPeriod(
    'loyalty.daily',
    { periodMs: LOYALTY_PERIOD_MS, checkEveryMs: 5 * 60_000 },
    async (p) => {
      const reports = await loyalty.tick(p.end);
      if (reports.length > 0) log.info({ reports }, 'loyalty: daily rebates and points run');
    },
  );
  // The birthday bonus (ADR 056): each hour pays the birthdays of the UTC day the hour is in that
  // are not paid yet (members verified since the last hour too); `loyalty_vip_bonus`'s unique
  // (member, 'birthday', year) key makes the day's later hours and other nodes pay nothing more.
  scheduler.eachPeriod(
    'loyalty.birthday',
    { periodMs: LOYALTY_PERIOD_MS, checkEveryMs: 5 * 60_000 },
    async (p) => {
      const report = await loyalty.birthdayRun(p.start);
      if (report.paid > 0) log.info({ report }, 'loyalty: birthday bonuses paid');
    },
  );
};
