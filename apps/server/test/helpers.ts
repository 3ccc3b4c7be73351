import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { type App, type AppDeps, buildApp } from '../src/app';
import type { DB } from '../src/db/schema';
import { verifyLedger } from '../src/modules/wallet';
import { createTestDatabase, type Template, type TestDatabase } from './test-databases';

export {
  createTestDatabase,
  DEMO_PUBLIC_URL,
  openPostgresPool,
  type Template,
  type TestDatabase,
} from './test-databases';

export type TestAppOptions = {
  /** Which template the app's own database is copied from (default: the seeded demo brand). */
  template?: Template;
  config?: Partial<AppDeps['config']>;
  webDist?: string;
  now?: () => Date;
  /** Connect to REDIS_URL (set in CI) and hand the client to the app. */
  redis?: boolean;
};

export type TestApp = { app: App; db: Kysely<DB>; database: TestDatabase; close: () => Promise<void> };

/** The whole server on a database of its own, not listening: drive it with `app.inject`. */
export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const database = await createTestDatabase(options.template ?? 'demo');
  let redis: Redis | undefined;
  try {
    if (options.redis) {
      const url = process.env.REDIS_URL;
      if (!url) throw new Error('createTestApp({ redis: true }) needs REDIS_URL');
      redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
    }
    const app = await buildApp({
      config: {
        LOG_LEVEL: 'silent',
        // The default template is the seeded demo brand, so the app runs in demo mode too.
        KHELA_MODE: 'demo',
        TRUST_PROXY: undefined,
        BLOCKED_COUNTRIES: undefined,
        ...options.config,
      },
      database,
      webDist: options.webDist,
      logger: false,
      ...(options.now ? { now: options.now } : {}),
      ...(redis ? { redis } : {}),
    });
    return {
      app,
      db: database.db,
      database,
      close: async () => {
        await app.close();
        redis?.disconnect();
        await database.close();
      },
    };
  } catch (error) {
    redis?.disconnect();
    await database.close();
    throw error;
  }
};

/**
 * One app for a test file: made before its tests (a later `beforeAll` of the file may use it) and
 * closed after them, with the ledger verified first unless `verifyLedger: false` — whatever a file
 * did, its books balance. Use the answer as a `TestApp` inside tests and hooks.
 */
export const useTestApp = (options: TestAppOptions & { verifyLedger?: boolean } = {}): TestApp => {
  let current: TestApp | undefined;
  const app = () => {
    if (!current) throw new Error('useTestApp: the app is made in beforeAll');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(options);
  }, 240_000);
  afterAll(async () => {
    if (!current) return;
    const report = options.verifyLedger === false ? null : await verifyLedger(current.db);
    await current.close();
    if (report) expect(report.findings).toEqual([]);
  });
  return {
    get app() {
      return app().app;
    },
    get db() {
      return app().db;
    },
    get database() {
      return app().database;
    },
    close: () => app().close(),
  };
};

/** A clock the test moves by hand; pass `clock.now` as the app's `now`. */
export const createClock = (start: Date | string | number = '2026-01-15T12:00:00Z') => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at: Date | string | number) => {
      current = new Date(at);
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
};

const TABLES = ['merchant', 'site_setting', 'site_version', 'media', 'announcement', 'help_article'] as const;

/**
 * Everything a call could have written, as one comparable value: every row of the small tables
 * (media by id and hash only), ordered.
 */
export const databaseFingerprint = async (db: Kysely<DB>) => {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows =
      table === 'media'
        ? await db.selectFrom('media').select(['id', 'sha256', 'mime']).orderBy('id').execute()
        : await db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
};

/** Parses a JSON answer of `app.inject`. */
export const json = <T = Record<string, unknown>>(response: { body: string }) =>
  JSON.parse(response.body) as T;

type FlagNode = { modId: string; enabled: '1' | '0'; childrenNodes: FlagNode[] };

const withFlag = (nodes: FlagNode[], modId: string, enabled: boolean): FlagNode[] =>
  nodes.map((node) => ({
    ...node,
    enabled: node.modId === modId ? (enabled ? '1' : '0') : node.enabled,
    childrenNodes: withFlag(node.childrenNodes, modId, enabled),
  }));

/** Turns one whitelabel module on or off for a merchant, through the site service. */
export const setModule = async (app: App, merchantCode: string, modId: string, enabled: boolean) => {
  const site = app.services.site;
  const tree = site.settingsOf(merchantCode).whitelabel as FlagNode[];
  if (!JSON.stringify(tree).includes(`"modId":"${modId}"`)) throw new Error(`no module ${modId} in the tree`);
  await site.updateSetting(merchantCode, 'whitelabel', withFlag(tree, modId, enabled));
};

/** The error envelope of API-FACTS §1.2: no value unless the error carries one. */
export const expectedError = (errorCode: string) => ({
  success: false,
  errorCode,
  message: `error.${errorCode}`,
});
