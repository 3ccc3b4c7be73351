/**
 * Wallet transfers per second through the whole HTTP stack (issue 6), beside `pgbench -b
 * tpcb-like` on the same PostgreSQL database in the same run, and the same load on PGlite.
 *
 * The load: each connection is one funded member (the five funded demo members, then members
 * registered for the run), moving 1.00 between the main wallet and a vendor wallet, each call a
 * ledger entry with its own `Idempotency-Key` (POST /wps/relay/GCS_walletTransfer):
 * authentication, validation, the idempotency claim, two row locks, two guarded balance updates,
 * two journal lines, the commit-time balance check, commit. On PostgreSQL, rounds of transfers and
 * of pgbench alternate on the same database and the round with the median ratio counts; the CPU time per
 * transfer and per pgbench transaction (from `/proc`) is reported beside them.
 *
 * Use (bench/run.ts does):
 *   import { measureTransfers } from './transfers';
 *   const r = await measureTransfers({ serverMain, nodeBin, pgAdminUrl: 'postgres://postgres@127.0.0.1:5432/postgres' });
 *   // r.postgres.transfersPerSecond, r.pgbench.tps, r.ratio (target >= 0.5), r.pglite.transfersPerSecond
 * Or alone: `npx tsx bench/transfers.ts` (after building the server).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { machineBusyMs, processCpu } from '../tools/proc-cpu';
import { prepareMembers } from './transfer-members';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

type CannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
type CannonRequest = {
  method: string;
  path: string;
  setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: CannonRequest[];
}) => Promise<CannonResult>;

export type TransfersOptions = {
  /** The built server (default apps/server/dist/main.js). */
  serverMain?: string;
  nodeBin?: string;
  /** PostgreSQL admin URL: a fresh database is created beside it, measured and dropped. */
  pgAdminUrl?: string;
  connections?: number;
  durationS?: number;
  /** Alternating rounds of transfers and pgbench on PostgreSQL; the round of the median ratio counts (default 3). */
  rounds?: number;
  /** Also measure on PGlite (default true). */
  pglite?: boolean;
  log?: (message: string) => void;
};

/** CPU time per operation in a measured window (Linux `/proc`; null elsewhere). */
export type CpuPerOp = {
  /** The whole machine's busy time (user, system, interrupts; not idle, I/O wait or steal). */
  machineMs: number;
  /** The Khela server process (transfers only). */
  serverMs?: number;
  /** Every PostgreSQL process (transfers on PostgreSQL only). */
  postgresMs?: number;
};

export type TransferFigure = {
  transfersPerSecond: number;
  cpuPerTransfer: CpuPerOp | null;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};
export type TransfersResult = {
  connections: number;
  durationS: number;
  postgres: TransferFigure;
  pgbench: { tps: number; clients: number; cpuPerTransaction: CpuPerOp | null };
  /** Every round's figure, in order (transfers/s and pgbench tps). */
  rounds: { transfers: number[]; pgbench: number[] };
  /** postgres.transfersPerSecond / pgbench.tps: the target is >= 0.5. */
  ratio: number;
  pglite: TransferFigure | null;
};

/** CPU time so far of every PostgreSQL process, by pid. */
const postgresCpu = async () => {
  const found = new Map<string, number>();
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const cpu = await processCpu(pid);
    if (cpu?.name === 'postgres') found.set(pid, cpu.ms);
  }
  return found;
};

/**
 * Starts a CPU window; the function it answers gives the CPU per operation: the whole machine's,
 * the server process's (`serverPid`) and, with `postgres`, every PostgreSQL process's. Backends
 * that start or exit inside the window are counted only for the part the snapshots see, so
 * `postgres` is for windows the server's pool spans.
 */
const cpuWindow = async (serverPid?: number, postgres = false) => {
  const machine0 = await machineBusyMs();
  const server0 = serverPid === undefined ? null : await processCpu(serverPid);
  const pg0 = postgres ? await postgresCpu() : null;
  return async (ops: number): Promise<CpuPerOp | null> => {
    const machine1 = await machineBusyMs();
    if (machine0 === null || machine1 === null || ops <= 0) return null;
    const perOp = (ms: number) => Math.round((ms / ops) * 1000) / 1000;
    const result: CpuPerOp = { machineMs: perOp(machine1 - machine0) };
    if (serverPid !== undefined && server0) {
      const server1 = await processCpu(serverPid);
      if (server1) result.serverMs = perOp(server1.ms - server0.ms);
    }
    if (pg0 && pg0.size > 0) {
      let pgMs = 0;
      for (const [pid, ms] of await postgresCpu()) pgMs += ms - (pg0.get(pid) ?? ms);
      result.postgresMs = perOp(pgMs);
    }
    return result;
  };
};

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });

const startServer = async (serverMain: string, nodeBin: string, env: Record<string, string>) => {
  const port = await freePort();
  const child: ChildProcess = spawn(nodeBin, [serverMain], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      KHELA_MODE: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      KHELA_SCHEDULER: 'off',
      // The registered members come from their own addresses (X-Forwarded-For from the bench).
      TRUST_PROXY: 'loopback',
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${stderr}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { base, stop, pid: child.pid };
};

/**
 * Prepares the members and warms up; answers a function that measures one round of `durationS`
 * seconds.
 */
const transferLoad = async (
  server: { base: string; pid: number | undefined },
  connections: number,
  postgresBackends: boolean,
) => {
  const { base } = server;
  const { tokens, vendorTypeId } = await prepareMembers(base, connections);
  let nextMember = 0;
  let seq = 0;
  const request: CannonRequest = {
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    setupRequest: (req, context) => {
      if (context.token === undefined) {
        context.token = tokens[nextMember % tokens.length];
        context.flip = false;
        nextMember += 1;
      }
      context.flip = !context.flip;
      seq += 1;
      const toVendor = context.flip === true;
      return {
        ...req,
        headers: {
          'content-type': 'application/json',
          authorization: String(context.token),
          'idempotency-key': `bench-${process.pid}-${seq}`,
        },
        body: JSON.stringify({
          fromAccountTypeId: toVendor ? 2 : vendorTypeId,
          toAccountTypeId: toVendor ? vendorTypeId : 2,
          amount: 100,
        }),
      };
    },
  };
  // Warm-up: the server's JIT settles before a round counts (pgbench has none to settle).
  await autocannon({ url: base, connections, duration: 3, requests: [request] });
  return async (durationS: number): Promise<TransferFigure> => {
    const cpu = await cpuWindow(server.pid, postgresBackends);
    const r = await autocannon({ url: base, connections, duration: durationS, requests: [request] });
    const cpuPerTransfer = await cpu(r.requests.total - r.non2xx);
    return {
      transfersPerSecond: Math.round((r.requests.total - r.non2xx) / durationS),
      cpuPerTransfer,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    };
  };
};

const pgbenchInit = async (url: string, clients: number) => {
  // tpcb-like updates one of `scale` branch rows per transaction: with scale 1 every client waits on
  // the same row and pgbench measures lock queueing, not the database. Scale >= clients, as the
  // pgbench documentation advises.
  const scale = Math.max(clients, 1);
  await run('pgbench', ['-i', '-s', String(scale), '-q', url], { maxBuffer: 16 * 1024 * 1024 });
};

const pgbench = async (url: string, clients: number, durationS: number) => {
  const cpu = await cpuWindow();
  const { stdout } = await run(
    'pgbench',
    ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(durationS), url],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const tps = /tps = ([0-9.]+)/.exec(stdout);
  if (!tps?.[1]) throw new Error(`pgbench: no tps in\n${stdout}`);
  const transactions = /number of transactions actually processed: (\d+)/.exec(stdout);
  // The window includes pgbench's connecting and its vacuum before the run: a little more than the
  // transactions cost, never less.
  return { tps: Number(tps[1]), cpuPerTransaction: await cpu(Number(transactions?.[1] ?? 0)) };
};

const withPg = async <T>(adminUrl: string, fn: (url: string) => Promise<T>) => {
  const pg = (await import('pg')).default;
  const name = `khela_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
};

/** Measures transfers/s on PostgreSQL, pgbench tpcb-like on the same database, and transfers/s on PGlite. */
export const measureTransfers = async (options: TransfersOptions = {}): Promise<TransfersResult> => {
  const serverMain = options.serverMain ?? join(root, 'apps/server/dist/main.js');
  const nodeBin = options.nodeBin ?? process.execPath;
  const adminUrl =
    options.pgAdminUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const connections = options.connections ?? 10;
  const durationS = options.durationS ?? 5;
  const log = options.log ?? ((m: string) => process.stdout.write(`bench transfers: ${m}\n`));

  const rounds = options.rounds ?? 3;
  const { postgres, tps, cpuPerTransaction, roundFigures } = await withPg(adminUrl, async (url) => {
    const server = await startServer(serverMain, nodeBin, { DATABASE_URL: url });
    const transfers: TransferFigure[] = [];
    const benches: { tps: number; cpuPerTransaction: CpuPerOp | null }[] = [];
    try {
      const measure = await transferLoad(server, connections, true);
      await pgbenchInit(url, connections);
      // Alternating rounds on the same database; the server stays up, idle, while pgbench runs.
      for (let round = 1; round <= rounds; round++) {
        const figure = await measure(durationS);
        transfers.push(figure);
        log(
          `round ${round} postgres: ${figure.transfersPerSecond} transfers/s (p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, non-2xx ${figure.non2xx}), CPU per transfer ${JSON.stringify(figure.cpuPerTransfer)}`,
        );
        const bench = await pgbench(url, connections, durationS);
        benches.push(bench);
        log(
          `round ${round} pgbench -b tpcb-like -c ${connections}: ${bench.tps.toFixed(0)} tps, CPU per transaction ${JSON.stringify(bench.cpuPerTransaction)}`,
        );
      }
    } finally {
      await server.stop();
    }
    // Each round's ratio compares the two sides a few seconds apart, under the same state of the
    // machine; the median round counts (its own figures are the ones reported).
    const ratios = transfers.map(
      (t, i) => t.transfersPerSecond / (benches[i]?.tps || Number.POSITIVE_INFINITY),
    );
    const median =
      [...ratios.keys()].sort((a, b) => (ratios[a] ?? 0) - (ratios[b] ?? 0))[Math.floor(ratios.length / 2)] ??
      0;
    const bench = benches[median];
    const figure = transfers[median];
    if (!bench || !figure) throw new Error('bench: no round measured');
    return {
      postgres: figure,
      tps: bench.tps,
      cpuPerTransaction: bench.cpuPerTransaction,
      roundFigures: {
        transfers: transfers.map((f) => f.transfersPerSecond),
        pgbench: benches.map((b) => b.tps),
      },
    };
  });

  let pglite: TransferFigure | null = null;
  if (options.pglite !== false) {
    const dir = await mkdtemp(join(tmpdir(), 'khela-bench-pglite-'));
    try {
      const server = await startServer(serverMain, nodeBin, { DATA_DIR: dir });
      try {
        pglite = await (await transferLoad(server, connections, false))(durationS);
      } finally {
        await server.stop();
      }
      log(
        `pglite: ${pglite.transfersPerSecond} transfers/s (p50 ${pglite.p50Ms} ms, p99 ${pglite.p99Ms} ms)`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const ratio = tps > 0 ? postgres.transfersPerSecond / tps : 0;
  log(`ratio transfers/s : pgbench tps = ${ratio.toFixed(2)} (target >= 0.5)`);
  return {
    connections,
    durationS,
    postgres,
    pgbench: { tps, clients: connections, cpuPerTransaction },
    rounds: roundFigures,
    ratio,
    pglite,
  };
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const serverMain = process.argv[2] ?? undefined;
  measureTransfers(serverMain ? { serverMain } : {}).then(
    (r) => {
      process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
