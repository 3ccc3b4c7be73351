import { isDeepStrictEqual } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { DB } from '../src/db/schema';
import { seedIfEmpty } from '../src/db/seed';
import { createTestDatabase, DEMO_PUBLIC_URL, databaseFingerprint, json, type TestDatabase } from './helpers';

/** The seed: idempotent, deterministic, and free of demo content in production mode. */
const opened: TestDatabase[] = [];
const fresh = async () => {
  const database = await createTestDatabase('empty');
  opened.push(database);
  return database;
};

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

const PUBLIC_URL = 'https://khela.example';

/** Tables that hold configuration rather than content: the only ones production seeds. */
const CONFIGURATION_TABLES = new Set(['merchant', 'site_setting']);

const rowCounts = async (db: Kysely<DB>) => {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const result = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table_name)}`.execute(
      db,
    );
    counts[table_name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
};

describe('demo seed', () => {
  /** Content without generated ids and timestamps, for comparing two databases. */
  const content = async (db: Kysely<DB>) => ({
    media: await db.selectFrom('media').select(['id', 'sha256']).orderBy('id').execute(),
    announcements: await db
      .selectFrom('announcement')
      .select(['merchant_code', 'kind', 'group_name', 'title', 'content', 'media_id', 'execution', 'sort'])
      .orderBy('id')
      .execute(),
    help: await db
      .selectFrom('help_article')
      .select(['merchant_code', 'tag', 'title', 'sort'])
      .orderBy('id')
      .execute(),
    settings: await db
      .selectFrom('site_setting')
      .select(['merchant_code', 'key', 'value'])
      .orderBy('merchant_code')
      .orderBy('key')
      .execute(),
  });

  /** The generated catalogue: every vendor and game as seeded, without timestamps. */
  const catalogue = async (db: Kysely<DB>) => ({
    vendors: await db
      .selectFrom('vendor')
      .select([
        'code',
        'game_type',
        'display_name',
        'lane',
        'is_hot',
        'account_type_id',
        'account_type_name',
        'is_game',
        'game_code',
        'logo_media_id',
        'icon_media_id',
        'sort',
        'enabled',
        'allow_demo',
      ])
      .orderBy('code')
      .execute(),
    games: await db
      .selectFrom('game')
      .select([
        'node_id',
        'game_id',
        'vendor_code',
        'game_type',
        'display_name',
        'classify',
        sql<string>`min_bet::text`.as('min_bet'),
        'min_line_num',
        'hot_rank',
        'is_new',
        'icon_media_id',
        'sort',
        'enabled',
        'launch',
      ])
      .orderBy('node_id')
      .execute(),
  });

  /** Same rows in the same order; on a difference, the first differing row of each side (10,000 games make a whole diff unreadable). */
  const expectSameRows = <T>(label: string, ours: readonly T[], theirs: readonly T[]) => {
    expect(ours.length, `${label}: row count`).toBe(theirs.length);
    const at = ours.findIndex((row, i) => !isDeepStrictEqual(row, theirs[i]));
    expect(at === -1 ? null : { row: at, seeded: ours[at], template: theirs[at] }, label).toBeNull();
  };

  it('fills an empty database once, the same way every time; a second run changes nothing', async () => {
    const { db } = await fresh();
    expect(await seedIfEmpty(db, { mode: 'demo', publicUrl: DEMO_PUBLIC_URL })).toBe(true);
    const first = await databaseFingerprint(db);
    const firstCounts = await rowCounts(db);
    expect(await seedIfEmpty(db, { mode: 'demo', publicUrl: DEMO_PUBLIC_URL })).toBe(false);
    expect(await databaseFingerprint(db)).toEqual(first);
    expect(await rowCounts(db)).toEqual(firstCounts);

    expect(firstCounts).toMatchObject({ merchant: 2, site_version: 1 });
    // 13 banner groups (3 on the home page, 2 elsewhere) + 3 notices + 4 popups + 5 promotions, per merchant.
    expect(firstCounts.announcement).toBe(2 * (27 + 3 + 4 + 5));
    expect(firstCounts.help_article).toBe(2 * 8);
    const missingMedia = await db
      .selectFrom('announcement')
      .leftJoin('media', 'media.id', 'announcement.media_id')
      .select('announcement.id')
      .where('announcement.media_id', 'is not', null)
      .where('media.id', 'is', null)
      .execute();
    expect(missingMedia).toEqual([]);

    // Deterministic: the template of the other tests was seeded by the global set-up, in another process.
    const template = await createTestDatabase('demo');
    opened.push(template);
    expect(await content(db)).toEqual(await content(template.db));
    const [ours, theirs] = [await catalogue(db), await catalogue(template.db)];
    expectSameRows('vendors', ours.vendors, theirs.vendors);
    expectSameRows('games', ours.games, theirs.games);
    // Not vacuous: the demo catalogue, with names in every language, min bets, hot and new games.
    expect(ours.vendors.length).toBeGreaterThanOrEqual(60);
    expect(ours.games.length).toBeGreaterThanOrEqual(9500);
    expect(ours.vendors.filter((v) => v.is_hot).length).toBeGreaterThan(0);
    expect(ours.games.every((g) => g.display_name.en && g.display_name.bn && g.display_name.hi)).toBe(true);
    expect(new Set(ours.games.map((g) => g.min_bet)).size).toBeGreaterThan(1);
    expect(ours.games.filter((g) => g.hot_rank !== null).length).toBeGreaterThan(0);
    expect(ours.games.filter((g) => g.is_new).length).toBeGreaterThan(0);
  }, 120_000); // the full demo seed draws every banner and game icon and hashes the demo passwords

  it('refuses a brand merchant it does not know', async () => {
    const { db } = await fresh();
    await expect(
      seedIfEmpty(db, { mode: 'demo', publicUrl: PUBLIC_URL, brandMerchant: 'nobody' }),
    ).rejects.toThrow(/MERCHANT=nobody/);
    expect(await db.selectFrom('merchant').select('code').execute()).toEqual([]);
  });

  it('makes MERCHANT the brand merchant', async () => {
    const database = await fresh();
    await seedIfEmpty(database.db, { mode: 'demo', publicUrl: PUBLIC_URL, brandMerchant: 'khelain' });
    const app = await buildApp({
      config: { LOG_LEVEL: 'silent', TRUST_PROXY: undefined, BLOCKED_COUNTRIES: undefined },
      database,
      logger: false,
    });
    try {
      const status = json<{ value: { info: { merchant: { code: string }; brand: { merchant: string } } } }>(
        await app.inject({ url: '/wps/system/status' }),
      );
      expect(status.value.info.merchant.code).toBe('khelain');
      expect(status.value.info.brand.merchant).toBe('khelain');
    } finally {
      await app.close();
    }
  });
});

describe('production seed', () => {
  const production = {
    brandName: 'Lucky Bazi',
    merchant: {
      code: 'luckybd',
      name: 'Lucky Bazi Bangladesh',
      country: 'BD',
      currency: 'BDT',
      currencySymbol: '৳',
      languages: ['bn' as const, 'en' as const],
      defaultLanguage: 'bn' as const,
      dialCode: '+880',
    },
  };

  it('needs the merchant of the configuration', async () => {
    const { db } = await fresh();
    await expect(seedIfEmpty(db, { mode: 'production', publicUrl: PUBLIC_URL })).rejects.toThrow(/merchant/);
    expect(await db.selectFrom('merchant').select('code').execute()).toEqual([]);
  });

  it('writes the configured merchant and its settings only: no demo content, accounts or links', async () => {
    const database = await fresh();
    // Migrations may insert rows of their own (version counters): compare with the migrated state.
    const migrated = await rowCounts(database.db);
    expect(await seedIfEmpty(database.db, { mode: 'production', publicUrl: PUBLIC_URL, production })).toBe(
      true,
    );
    const counts = await rowCounts(database.db);
    expect(counts).toMatchObject({ merchant: 1, site_version: 1 });
    expect(counts.site_setting).toBeGreaterThan(0);
    const grown = Object.keys(counts).filter((table) => (counts[table] ?? 0) > (migrated[table] ?? 0));
    expect(grown.filter((table) => !CONFIGURATION_TABLES.has(table))).toEqual([]);
    const service = await database.db
      .selectFrom('site_setting')
      .select('value')
      .where('key', '=', 'customerService')
      .execute();
    expect(service.map((s) => s.value)).toEqual([[]]);

    // The site still answers, with empty lists.
    const app = await buildApp({
      config: { LOG_LEVEL: 'silent', TRUST_PROXY: undefined, BLOCKED_COUNTRIES: undefined },
      database,
      logger: false,
    });
    try {
      const status = await app.inject({ url: '/wps/system/status' });
      expect(status.statusCode).toBe(200);
      const info = json<{
        value: {
          info: {
            mainDomain: string;
            brand: { name: string; merchant: string; licences: string[] };
            merchant: Record<string, unknown>;
            merchants: unknown[];
            resources: { resourceType: string; url: string }[];
            customerService: unknown[];
          };
        };
      }>(status).value.info;
      expect(info.mainDomain).toBe(PUBLIC_URL);
      expect(info.brand).toMatchObject({ name: 'Lucky Bazi', merchant: 'luckybd', licences: [] });
      expect(info.merchant).toEqual(production.merchant);
      expect(info.merchants).toHaveLength(1);
      // The site's own app-download links only: no demo WhatsApp, Telegram or Facebook links.
      expect(info.resources.map((r) => r.resourceType)).toEqual(['Android', 'iOS']);
      expect(info.resources.every((r) => r.url.startsWith(PUBLIC_URL))).toBe(true);
      expect(info.customerService).toEqual([]);
      const list = json<{ value: Record<string, unknown[]> }>(
        await app.inject({ url: '/wps/relay/MCSFE_getListAnnouncements' }),
      );
      expect(list.value).toEqual({ banners: [], player: [], popup: [], promotion: [] });
      const help = json<{ value: unknown[] }>(await app.inject({ url: '/wps/system/helpCenter' }));
      expect(help.value).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
