import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';

/**
 * One Khela server per Playwright worker, each on a database of its own (ADR 027): journeys of
 * different workers never see each other's switches, flags or staff sign-ins, so nothing is
 * locked between workers.
 *
 * Worker `i` (its `parallelIndex`, which a worker started again after a failure keeps) uses port
 * `E2E_PORT + i` and the folder `<tmp>/khela-e2e-<E2E_PORT>/server-<i>/` (`data/` the PGlite
 * database, `mail/` the test SMTP server's captures, `server.log`). `e2e/global-setup.ts` clears
 * the run's folder, copies the built apps aside (a rebuild during the run cannot swap assets under
 * it) and starts every worker's server on a fresh database, which it migrates and seeds with the
 * demo brand; a worker started again after a failure goes on with its server (the `server`
 * fixture of `e2e/fixtures.ts` starts it again only if it is gone). `e2e/global-teardown.ts` stops
 * every server and verifies each database's ledger and audit chain.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BASE_PORT = Number(process.env.E2E_PORT ?? 8199);
export const RUN_ROOT = join(tmpdir(), `khela-e2e-${BASE_PORT}`);
/** The built apps, copied aside by the global set-up. */
export const WEB_DIST = join(RUN_ROOT, 'web');
export const BO_WEB_DIST = join(RUN_ROOT, 'bo');
/** Where the built web app and server come from (scripts/e2e-private.sh builds aside). */
export const WEB_SOURCE = resolve(ROOT, process.env.E2E_WEB_SOURCE ?? 'apps/web/dist');
export const BO_WEB_SOURCE = resolve(ROOT, process.env.E2E_BO_WEB_SOURCE ?? 'apps/backoffice/dist');
const SERVER_MAIN = resolve(ROOT, process.env.E2E_SERVER_MAIN ?? 'apps/server/dist/main.js');

export type E2eServer = {
  index: number;
  port: number;
  baseURL: string;
  dir: string;
  dataDir: string;
  mailDir: string;
  logFile: string;
  pidFile: string;
};

export const serverAt = (index: number): E2eServer => {
  const port = BASE_PORT + index;
  const dir = join(RUN_ROOT, `server-${index}`);
  return {
    index,
    port,
    baseURL: `http://127.0.0.1:${port}`,
    dir,
    dataDir: join(dir, 'data'),
    mailDir: join(dir, 'mail'),
    logFile: join(dir, 'server.log'),
    pidFile: join(dir, 'server.pid'),
  };
};

/** The server of the journey running now: its worker's. */
export const currentServer = () => serverAt(test.info().parallelIndex);

/** Every server folder the run made (for the teardown). */
export const serversOfRun = async () =>
  (await readdir(RUN_ROOT).catch(() => [] as string[]))
    .map((name) => /^server-(\d+)$/.exec(name)?.[1])
    .filter((index): index is string => index !== undefined)
    .map((index) => serverAt(Number(index)));

const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const pidOf = async (server: E2eServer) => {
  const pid = Number((await readFile(server.pidFile, 'utf8').catch(() => '')).trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
};

const healthy = (server: E2eServer) =>
  fetch(`${server.baseURL}/healthz`).then(
    (res) => res.ok,
    () => false,
  );

const logTail = async (server: E2eServer) =>
  (await readFile(server.logFile, 'utf8').catch(() => '')).split('\n').slice(-40).join('\n');

/**
 * Starts the built server `index` on a fresh database and waits for /healthz; a server of this run
 * already answering there (its worker was started again) is used as it is.
 */
export const startServer = async (index: number, timeoutMs = 300_000): Promise<E2eServer> => {
  const server = serverAt(index);
  const running = await pidOf(server);
  if (running !== null && alive(running) && (await healthy(server))) return server;
  await stopServer(server);
  await rm(server.dir, { recursive: true, force: true });
  await mkdir(server.mailDir, { recursive: true });
  const portFile = join(server.mailDir, 'port');
  // The shell starts the test SMTP server (its parent becomes the Khela server through exec, and it
  // stops when that is gone), waits for its port, then becomes the Khela server: the pid it writes
  // is the server's, the leader of a process group of its own that outlives the worker.
  const command = [
    `{ ${quote(process.execPath)} --import tsx e2e/smtp-capture.ts ${quote(server.mailDir)} & }`,
    `{ i=0; while [ ! -s ${quote(portFile)} ]; do i=$((i+1)); [ $i -lt 300 ] || exit 1; sleep 0.1; done; }`,
    `echo $$ > ${quote(server.pidFile)}`,
    `exec env SMTP_URL="smtp://127.0.0.1:$(cat ${quote(portFile)})" ${quote(process.execPath)} ${quote(SERVER_MAIN)}`,
  ].join(' && ');
  // The database, Redis and brand settings of the caller's shell must not leak into this run.
  const {
    DATABASE_URL: _database,
    REDIS_URL: _redis,
    PUBLIC_URL: _publicUrl,
    MERCHANT: _merchant,
    MAIL_FROM: _mailFrom,
    SMS_GATEWAY_URL: _sms,
    ...inherited
  } = process.env;
  const log = openSync(server.logFile, 'a');
  const child = spawn('sh', ['-c', command], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...inherited,
      KHELA_MODE: 'demo',
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      WEB_DIST,
      BO_WEB_DIST,
      // Every visitor but the region-blocked one comes from Bangladesh: the server trusts
      // X-Forwarded-For from loopback in this run (playwright.config.ts sends it).
      TRUST_PROXY: 'loopback',
      BLOCKED_COUNTRIES: 'US',
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'true',
    },
  });
  closeSync(log);
  child.unref();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `e2e server ${index} exited ${child.exitCode} while starting:\n${await logTail(server)}`,
      );
    if (await healthy(server)) return server;
    await sleep(100);
  }
  throw new Error(
    `e2e server ${index} did not answer /healthz within ${timeoutMs} ms:\n${await logTail(server)}`,
  );
};

/**
 * Stops a server with SIGTERM (it checkpoints and closes its database; the SMTP capture of its
 * process group stops with it) and waits for it to exit.
 */
export const stopServer = async (server: E2eServer, timeoutMs = 20_000) => {
  const pid = await pidOf(server);
  if (pid === null || !alive(pid)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    process.kill(pid, 'SIGTERM');
  }
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid))
    throw new Error(`e2e server ${server.index} (pid ${pid}) did not stop within ${timeoutMs} ms`);
};

/** Stops what an earlier run left, empties the run's folder and copies the built apps aside. */
export const prepareRun = async () => {
  for (const server of await serversOfRun()) await stopServer(server).catch(() => {});
  await rm(RUN_ROOT, { recursive: true, force: true });
  await mkdir(RUN_ROOT, { recursive: true });
  await cp(WEB_SOURCE, WEB_DIST, { recursive: true });
  await cp(BO_WEB_SOURCE, BO_WEB_DIST, { recursive: true });
  await writeFile(join(RUN_ROOT, 'started'), new Date().toISOString());
};
