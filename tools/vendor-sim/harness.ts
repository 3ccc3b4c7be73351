/**
 * A real Khela server process for the provider crash test and benchmark: its own database
 * (a fresh PGlite folder, or a fresh PostgreSQL database beside DATABASE_URL), seeded by the
 * server's first start, with funded players that hold a vendor session for EVO.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { hashProviderToken } from '../../apps/server/src/modules/provider';
import { ensureAccount, post } from '../../apps/server/src/modules/wallet';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const VENDOR = 'EVO';
export const MERCHANT = 'khelabd';
const FUNDS = 10_000_000n;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });

/** Bare imports of the bundle resolve from apps/server/node_modules: build beside dist. */
export const DEFAULT_SERVER_FILE = join(root, 'apps/server/dist/h3-crash/main.js');

export const buildServerAside = (outfile = DEFAULT_SERVER_FILE) => {
  execFileSync(process.execPath, [join(root, 'apps/server/build.mjs')], {
    env: { ...process.env, SERVER_OUTFILE: outfile },
    stdio: 'inherit',
  });
  return outfile;
};

export type Server = { child: ChildProcess; exited: Promise<number | null> };
export type Player = { playerId: string; token: string };

export type HarnessOptions = {
  players: number;
  /** PostgreSQL server URL; unset: PGlite. */
  databaseUrl?: string | undefined;
  serverFile?: string;
  log?: (line: string) => void;
};

export const createHarness = async (options: HarnessOptions) => {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const serverFile = options.serverFile ?? DEFAULT_SERVER_FILE;
  if (!existsSync(serverFile)) buildServerAside(serverFile);
  const players = options.players;
  // A database of our own.
  const dataDir = await mkdtemp(join(tmpdir(), 'khela-crash-'));
  let dbUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (options.databaseUrl) {
    const name = `khela_crash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(options.databaseUrl);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: options.databaseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const engine: 'pglite' | 'postgres' = dbUrl ? 'postgres' : 'pglite';
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const start = async (): Promise<Server> => {
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, [serverFile], {
      env: {
        ...env,
        KHELA_MODE: 'demo',
        PORT: String(port),
        HOST: '127.0.0.1',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'error',
        MERCHANT,
        DATA_DIR: dataDir,
        ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} while starting`);
      try {
        const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return { child, exited };
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error('server did not become healthy');
      await sleep(100);
    }
  };
  const stopGracefully = async (server: Server) => {
    server.child.kill('SIGTERM');
    await server.exited;
  };
  const openDb = () =>
    openDatabase(dbUrl ? { kind: 'postgres', url: dbUrl, poolSize: 2 } : { kind: 'pglite', dataDir });

  const cleanup = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dropDb?.();
  };
  try {
    // 1. First start migrates and seeds; then players are made while it is stopped (PGlite has
    //    one user at a time).
    log(`engine ${engine}, seeding`);
    await stopGracefully(await start());
    const tokens: { playerId: string; token: string }[] = [];
    {
      const database = await openDb();
      const { db } = database;
      const now = new Date();
      const houseId = await ensureAccount(
        db,
        { merchantCode: MERCHANT, currency: 'BDT', kind: 'house' },
        now,
      );
      for (let i = 0; i < players; i++) {
        const member = await db
          .insertInto('member')
          .values({
            merchant_code: MERCHANT,
            username: `crash${i}x${randomBytes(3).toString('hex')}`,
            mobile: null,
            email: null,
            password_hash: null,
            upline_id: null,
            nickname: `crash ${i}`,
            password_changed_at: now,
            created_at: now,
            last_login_at: null,
            payee_name: null,
            qq: null,
            line: null,
            whatsapp: null,
            facebook: null,
            wechat: null,
            id_number: null,
            recommender_id: null,
            affiliate_code: null,
            referral_code: null,
            payment_password_hash: null,
            register_ip: null,
            register_domain: null,
            agent_code: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Fund both wallets the vendor could play on (main and the vendor wallet).
        for (const ref of [
          { kind: 'member_main' as const, memberId: member.id },
          { kind: 'member_vendor' as const, memberId: member.id, vendorCode: VENDOR },
        ]) {
          const id = await ensureAccount(db, { merchantCode: MERCHANT, currency: 'BDT', ...ref }, now);
          await post(db, {
            merchantCode: MERCHANT,
            idempotencyKey: `crash-fund:${ref.kind}:${member.id}`,
            kind: 'demo.credit',
            lines: [
              { accountId: houseId, amount: -FUNDS },
              { accountId: id, amount: FUNDS },
            ],
          });
        }
        const token = randomBytes(24).toString('base64url');
        await db
          .insertInto('provider_session')
          .values({
            token_hash: hashProviderToken(token),
            merchant_code: MERCHANT,
            vendor_code: VENDOR,
            member_id: member.id,
            game_node_id: (
              await db
                .selectFrom('game')
                .select('node_id')
                .where('vendor_code', '=', VENDOR)
                .executeTakeFirstOrThrow()
            ).node_id,
            created_at: now,
            expires_at: new Date(now.getTime() + 24 * 3600_000),
          })
          .execute();
        tokens.push({ playerId: String(member.id), token });
      }
      await database.close();
    }
    const setup = await openDb();
    const gameId = (
      await setup.db
        .selectFrom('game')
        .select('node_id')
        .where('vendor_code', '=', VENDOR)
        .executeTakeFirstOrThrow()
    ).node_id;
    await setup.close();

    return { engine, baseUrl, start, stopGracefully, openDb, tokens, gameId, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
};
