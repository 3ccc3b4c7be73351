/**
 * In-process job scheduler for housekeeping work (session purge, round sweeper, jackpot,
 * withdrawal auto-confirm …).
 *
 * Usage (any module, from `buildApp`):
 *
 *   app.services.scheduler.every('identity.purge', 15 * 60_000, () => identity.purgeExpired());
 *
 * - A job never overlaps itself: the next run is planned only after the current one settles, so a
 *   slow run pushes the next one back instead of stacking up.
 * - A failing job is logged (`scheduler job failed`) and runs again at its next interval.
 * - Timers only run once `start()` is called. `buildApp` starts the scheduler when the server
 *   listens (`onListen`), so tests that drive the app with `inject` never have timers running and
 *   call `runNow(name)` instead. `KHELA_SCHEDULER=off` keeps the timers off for a listening server.
 * - `close()` stops every timer and waits for runs in flight; `buildApp` calls it on app close.
 *
 * Every node runs its own timers: jobs must be idempotent and safe to run on several nodes at once
 * (purges, sweeps and confirmations all are: they use conditional updates and idempotency keys).
 */

import type { Db } from '../../shared/db';
import { createPeriodRuns, type Period, type PeriodSpec } from './period-runs';

export { createPeriodRuns, type Period, type PeriodSpec } from './period-runs';

export type SchedulerLog = {
  error: (obj: object, msg: string) => void;
  debug?: (obj: object, msg: string) => void;
};

export type JobStatus = {
  name: string;
  intervalMs: number;
  running: boolean;
  runs: number;
  failures: number;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastError: string | null;
};

export type Scheduler = {
  /** Registers a job to run every `intervalMs` (first run one interval after start). Names are unique. */
  every(name: string, intervalMs: number, job: () => Promise<void>): void;
  /**
   * Registers a job that runs once per period across every node (`period-runs.ts`, ADR 041): it
   * checks every `checkEveryMs` (default the period, at most a minute) and runs each elapsed
   * period no node has finished. Needs the scheduler's `db`.
   */
  eachPeriod(
    name: string,
    spec: PeriodSpec & { checkEveryMs?: number },
    job: (period: Period) => Promise<void>,
  ): void;
  /** Runs a job now and waits for it; when a run is already in flight, waits for that run instead. */
  runNow(name: string): Promise<void>;
  /** Starts the timers of the jobs registered so far and of those registered later. Idempotent. */
  start(): void;
  /** Stops all timers and waits for runs in flight. The scheduler cannot be restarted. */
  close(): Promise<void>;
  status(): JobStatus[];
};

type Job = {
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
  timer: ReturnType<typeof setTimeout> | undefined;
  inFlight: Promise<void> | undefined;
  status: JobStatus;
};

export type SchedulerDeps = {
  log: SchedulerLog;
  /** The database of `job_run` (periodic jobs); `every` jobs need none. */
  db?: Db;
  /** This node's name in `job_run` (default a random id per process). */
  node?: string;
  now?: () => Date;
  /** Timer functions; tests may pass fakes. */
  timers?: {
    setTimeout: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => void;
  };
};

export const createScheduler = (deps: SchedulerDeps): Scheduler => {
  const now = deps.now ?? (() => new Date());
  const timers = deps.timers ?? {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (t: ReturnType<typeof setTimeout>) => clearTimeout(t),
  };
  const jobs = new Map<string, Job>();
  let started = false;
  let closed = false;

  const execute = (job: Job): Promise<void> => {
    if (job.inFlight) return job.inFlight;
    job.status.running = true;
    job.status.lastStartedAt = now();
    job.inFlight = (async () => {
      try {
        await job.run();
        job.status.lastError = null;
      } catch (err) {
        job.status.failures += 1;
        job.status.lastError = err instanceof Error ? err.message : String(err);
        deps.log.error({ err, job: job.name }, 'scheduler job failed');
      } finally {
        job.status.runs += 1;
        job.status.running = false;
        job.status.lastFinishedAt = now();
        job.inFlight = undefined;
      }
    })();
    return job.inFlight;
  };

  const plan = (job: Job) => {
    if (closed || !started) return;
    const timer = timers.setTimeout(() => {
      job.timer = undefined;
      void execute(job).then(() => plan(job));
    }, job.intervalMs);
    // Housekeeping timers never keep the process alive on their own.
    if (typeof timer === 'object' && timer && 'unref' in timer) timer.unref();
    job.timer = timer;
  };

  const periodRuns = deps.db ? createPeriodRuns({ db: deps.db, now, node: deps.node }) : undefined;

  const scheduler: Scheduler = {
    eachPeriod(name, spec, job) {
      if (!periodRuns) throw new Error(`scheduler job "${name}" runs per period: the scheduler needs a db`);
      const check = spec.checkEveryMs ?? Math.min(spec.periodMs, 60_000);
      scheduler.every(name, check, async () => {
        await periodRuns.runDue(name, spec, job);
      });
    },
    every(name, intervalMs, run) {
      if (closed) throw new Error('scheduler is closed');
      if (jobs.has(name)) throw new Error(`scheduler job "${name}" is already registered`);
      if (!Number.isFinite(intervalMs) || intervalMs < 1) throw new Error(`bad interval for "${name}"`);
      const job: Job = {
        name,
        intervalMs,
        run,
        timer: undefined,
        inFlight: undefined,
        status: {
          name,
          intervalMs,
          running: false,
          runs: 0,
          failures: 0,
          lastStartedAt: null,
          lastFinishedAt: null,
          lastError: null,
        },
      };
      jobs.set(name, job);
      plan(job);
    },
    runNow(name) {
      const job = jobs.get(name);
      if (!job) return Promise.reject(new Error(`no scheduler job "${name}"`));
      return execute(job);
    },
    start() {
      if (started || closed) return;
      started = true;
      for (const job of jobs.values()) plan(job);
    },
    async close() {
      closed = true;
      for (const job of jobs.values()) {
        if (job.timer) timers.clearTimeout(job.timer);
        job.timer = undefined;
      }
      await Promise.all([...jobs.values()].map((job) => job.inFlight));
    },
    status: () => [...jobs.values()].map((job) => ({ ...job.status })),
  };
  return scheduler;
};
