import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics (issue 23, docs/decisions/041-operations.md): one registry per
 * app (tests build several apps in one process), the process's default metrics, and the figures the
 * operator watches — HTTP requests and their time, ledger entries written, job runs and their lag,
 * open sockets, database connections, journal entries inserted. Served at `/metrics` behind `METRICS_TOKEN` (http/probes.ts).
 */
export type Metrics = ReturnType<typeof createMetrics>;

export type MetricsSources = {
  /** The scheduler's jobs: name, runs, failures, last finish. */
  jobs?: () => { name: string; runs: number; failures: number; lastFinishedAt: Date | null }[];
  /** Sockets open now (balance pushes, rooms). */
  sockets?: () => number;
  /** Journal entries inserted so far (the database's statistics). */
  ledgerEntries?: () => Promise<number | null>;
  /** PostgreSQL pool connections. */
  pool?: (() => { total: number; idle: number; waiting: number }) | undefined;
  now?: () => Date;
};

export const createMetrics = () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'khela_' });
  const httpRequests = new Counter({
    name: 'khela_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'khela_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  let sources: MetricsSources = {};

  new Gauge({
    name: 'khela_ledger_entries_inserted',
    help: "Journal entries inserted into the database by every node (PostgreSQL's table statistics; a rolled-back one counts too)",
    registers: [registry],
    async collect() {
      const inserted = await sources.ledgerEntries?.().catch(() => null);
      if (typeof inserted === 'number') this.set(inserted);
    },
  });

  new Gauge({
    name: 'khela_job_runs',
    help: 'Runs of each scheduled job on this node since it started',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const job of sources.jobs?.() ?? []) {
        this.set({ job: job.name, outcome: 'ok' }, job.runs - job.failures);
        this.set({ job: job.name, outcome: 'failed' }, job.failures);
      }
    },
  });
  new Gauge({
    name: 'khela_job_seconds_since_last_run',
    help: 'Seconds since each scheduled job last finished on this node (-1: not yet)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const now = (sources.now ?? (() => new Date()))().getTime();
      for (const job of sources.jobs?.() ?? []) {
        const last = job.lastFinishedAt;
        this.set({ job: job.name }, last ? (now - last.getTime()) / 1000 : -1);
      }
    },
  });
  new Gauge({
    name: 'khela_open_sockets',
    help: 'WebSocket connections open on this node',
    registers: [registry],
    collect() {
      this.set(sources.sockets?.() ?? 0);
    },
  });
  new Gauge({
    name: 'khela_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on PGlite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    httpRequests,
    httpDuration,
    /** Hands in what the gauges read when scraped (set once the app's parts exist). */
    observe: (next: MetricsSources) => {
      sources = { ...sources, ...next };
    },
  };
};
