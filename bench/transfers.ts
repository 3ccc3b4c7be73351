/**
 * Wallet transfers per second through the whole HTTP stack (issue 6), beside `pgbench -b
 * tpcb-like` on the same PostgreSQL database in the same run, and the same load on PGlite.
 *
 * The load: the connections take the five funded demo members (demo01, agent01, team01-03) round
 * robin, moving 1.00
 * between the main wallet and a vendor wallet, each call a ledger entry with its own
 * `Idempotency-Key` (POST /wps/relay/GCS_walletTransfer): authentication, validation, the
 * idempotency claim, two row locks, two guarded balance updates, two journal lines, the deferred
 * balance check, commit.
 *
 * Use (the lead wires it into bench/run.ts):
 *   import { measureTransfers } from './transfers';
 *   const r = await measureTransfers({ serverMain, nodeBin, pgAdminUrl: 'postgres://postgres@127.0.0.1:5432/postgres' });
 *   // r.postgres.transfersPerSecond, r.pgbench.tps, r.ratio (target >= 0.5), r.pglite.transfersPerSecond
 * Or alone: `npx tsx bench/transfers.ts` (after building the server).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

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
  /** Also measure on PGlite (default true). */
  pglite?: boolean;
  log?: (message: string) => void;
};

export type TransferFigure = {
  transfersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};
export type TransfersResult = {
  connections: number;
  durationS: number;
  postgres: TransferFigure;
  pgbench: { tps: number; clients: number };
  /** postgres.transfersPerSecond / pgbench.tps: the target is >= 0.5. */
  ratio: number;
  pglite: TransferFigure | null;
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
  return { base, stop };
};

const json = async (res: Response) =>
  (await res.json()) as { success: boolean; value: Record<string, unknown> };

/**
 * Five demo members, each funded by a finance adjustment (the answer is checked: a refused funding
 * would make every transfer fail and the figure meaningless); returns their tokens and the vendor
 * wallet type.
 */
const prepareMembers = async (base: string) => {
  const { TOTP, Secret } = await import('otpauth');
  const { DEMO_STAFF } = await import('../apps/server/src/db/seed/demo-staff');
  const staff = DEMO_STAFF.find((s) => s.username === 'finance');
  if (!staff) throw new Error('no finance staff');
  const totp = new TOTP({
    label: 'finance',
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(staff.totpSecret),
  });
  const staffLogin = await json(
    await fetch(`${base}/bo/api/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'finance', password: 'Staff1234!', totp: totp.generate() }),
    }),
  );
  if (!staffLogin.success) throw new Error('bench: staff login failed');
  const staffToken = String(staffLogin.value.token);
  const tokens: string[] = [];
  let vendorTypeId = 0;
  for (const username of ['demo01', 'agent01', 'team01', 'team02', 'team03']) {
    const login = await json(
      await fetch(`${base}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: username === 'agent01' ? 'Agent1234' : 'Demo1234' }),
      }),
    );
    if (!login.success) throw new Error(`bench: login ${username} failed`);
    const token = String(login.value.token);
    const info = await json(await fetch(`${base}/wps/member/info`, { headers: { authorization: token } }));
    const funded = await fetch(`${base}/bo/api/cashier/adjust`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: staffToken,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        memberId: info.value.id,
        direction: 'credit',
        amount: 100_000_000,
        reason: 'benchmark funds',
      }),
    });
    const fundedBody = await json(funded);
    if (!funded.ok || !fundedBody.success)
      throw new Error(`bench: funding ${username} refused: ${funded.status} ${JSON.stringify(fundedBody)}`);
    const balance = await json(
      await fetch(`${base}/wps/v2/wallets/balance`, { headers: { authorization: token } }),
    );
    const vendor = (balance.value.balance as { accountTypeId: number }[]).find((b) => b.accountTypeId !== 2);
    if (!vendor) throw new Error('bench: no vendor wallet (is FUNDTRANS3 on?)');
    vendorTypeId = vendor.accountTypeId;
    tokens.push(token);
  }
  return { tokens, vendorTypeId };
};

const transferLoad = async (
  base: string,
  connections: number,
  durationS: number,
): Promise<TransferFigure> => {
  const { tokens, vendorTypeId } = await prepareMembers(base);
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
  // Warm-up, then the measured run.
  await autocannon({ url: base, connections, duration: 1, requests: [request] });
  const r = await autocannon({ url: base, connections, duration: durationS, requests: [request] });
  return {
    transfersPerSecond: Math.round((r.requests.total - r.non2xx) / durationS),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
};

const pgbench = async (url: string, clients: number, durationS: number) => {
  // tpcb-like updates one of `scale` branch rows per transaction: with scale 1 every client waits on
  // the same row and pgbench measures lock queueing, not the database. Scale >= clients, as the
  // pgbench documentation advises.
  const scale = Math.max(clients, 1);
  await run('pgbench', ['-i', '-s', String(scale), '-q', url], { maxBuffer: 16 * 1024 * 1024 });
  const { stdout } = await run(
    'pgbench',
    ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(durationS), url],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const tps = /tps = ([0-9.]+)/.exec(stdout);
  if (!tps?.[1]) throw new Error(`pgbench: no tps in\n${stdout}`);
  return Number(tps[1]);
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

  const { postgres, tps } = await withPg(adminUrl, async (url) => {
    const server = await startServer(serverMain, nodeBin, { DATABASE_URL: url });
    let figure: TransferFigure;
    try {
      figure = await transferLoad(server.base, connections, durationS);
    } finally {
      await server.stop();
    }
    log(
      `postgres: ${figure.transfersPerSecond} transfers/s (p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, non-2xx ${figure.non2xx})`,
    );
    const tps = await pgbench(url, connections, durationS);
    log(`pgbench -b tpcb-like -c ${connections}: ${tps.toFixed(0)} tps`);
    return { postgres: figure, tps };
  });

  let pglite: TransferFigure | null = null;
  if (options.pglite !== false) {
    const dir = await mkdtemp(join(tmpdir(), 'khela-bench-pglite-'));
    try {
      const server = await startServer(serverMain, nodeBin, { DATA_DIR: dir });
      try {
        pglite = await transferLoad(server.base, connections, durationS);
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
  return { connections, durationS, postgres, pgbench: { tps, clients: connections }, ratio, pglite };
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
