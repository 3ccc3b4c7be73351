import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/db/seed';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, seedDemoStaff } from '../src/db/seed/demo-staff';
import { MERCHANTS } from '../src/db/seed/settings';

/**
 * Graceful shutdown (issue 2, Server): the real server process (main.ts through tsx, as
 * `npm run dev:server` runs it) on PGlite, data written over HTTP, SIGTERM, a second start on the
 * same DATA_DIR. The data is there and the database was shut down cleanly: pg_control says
 * "shut down", so the next start needs no crash recovery.
 */
const ROOT = join(__dirname, '../../..');
let dataDir = '';
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const startServer = async (port: number) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      KHELA_MODE: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      KHELA_SCHEDULER: 'off',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** DBState in global/pg_control (after the 8-byte system id and two 4-byte versions): 1 = shut down. */
const controlState = async () => (await readFile(join(dataDir, 'global', 'pg_control'))).readUInt32LE(16);
const DB_SHUTDOWNED = 1;

const staffLogin = async (port: number) => {
  const owner = DEMO_STAFF.find((s) => s.role === 'owner')!;
  const totp = new TOTP({ secret: Secret.fromBase32(owner.totpSecret), digits: 6, period: 30 }).generate();
  const res = await fetch(`http://127.0.0.1:${port}/bo/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: owner.username, password: DEMO_STAFF_PASSWORD, totp }),
  });
  const body = (await res.json()) as { success: boolean; value?: { token?: string } };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value?.token as string;
};

describe('graceful shutdown', () => {
  it('keeps written data over SIGTERM and a restart, with a cleanly shut down database', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'khela-shutdown-'));
    // A small database made here (one merchant and the demo staff), so the server does not spend
    // a minute drawing the whole demo brand: it finds a merchant and seeds nothing.
    const prepared = await openDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(prepared.db);
    await seedIfEmpty(prepared.db, {
      mode: 'production',
      publicUrl: 'http://127.0.0.1',
      production: { brandName: 'Khela', merchant: MERCHANTS[0]! },
    });
    await seedDemoStaff(prepared.db, 'demo');
    await prepared.close();
    const port = await freePort();
    const first = await startServer(port);

    // Writes: a staff session (and its audit row) through the real HTTP API.
    const token = await staffLogin(port);
    const me = await fetch(`http://127.0.0.1:${port}/bo/api/session/me`, {
      headers: { Authorization: token },
    });
    expect(me.status).toBe(200);

    first.child.kill('SIGTERM');
    const [code] = (await once(first.child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(await controlState()).toBe(DB_SHUTDOWNED);

    const second = await startServer(port);
    try {
      // The same session answers: the row written before the signal is there.
      const again = await fetch(`http://127.0.0.1:${port}/bo/api/session/me`, {
        headers: { Authorization: token },
      });
      expect(again.status).toBe(200);
      // Reused, not seeded again, and no crash recovery on the way.
      expect(second.output()).toContain('database reused, nothing seeded');
      expect(second.output()).not.toMatch(/recovery|not properly shut down/i);
    } finally {
      second.child.kill('SIGTERM');
      await once(second.child, 'exit');
    }
    expect(await controlState()).toBe(DB_SHUTDOWNED);
  }, 300_000);
});
