import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig } from '../src/config';
import { seedIfEmpty } from '../src/db/seed';
import { findDemoSecrets } from '../src/db/seed/production-guard';
import { DEMO_IDP_CLIENTS, insertMember } from '../src/modules/identity';
import { DEMO_PROVIDER_VENDORS } from '../src/modules/provider';
import { createPasswordHasher } from '../src/shared/passwords';
import { seedAndCheck } from '../src/startup';
import { createTestDatabase, type TestDatabase } from './helpers';

/** Start-up per mode: what production seeds, and the demo databases it refuses (issue 2, Modes). */
const opened: TestDatabase[] = [];
const open = async (template: 'empty' | 'demo') => {
  const database = await createTestDatabase(template);
  opened.push(database);
  return database;
};

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

const PUBLIC_URL = 'https://play.example.com';
const production = (extra: Record<string, string> = {}): Config =>
  loadConfig({
    KHELA_MODE: 'production',
    DATABASE_URL: 'postgres://db.internal/khela',
    PUBLIC_URL,
    MERCHANT: 'luckybd',
    SMS_FLOWS: 'off',
    MAIL_FLOWS: 'off',
    ...extra,
  });
const MERCHANT_SETTINGS = {
  BRAND_NAME: 'Lucky Bazi',
  MERCHANT_COUNTRY: 'BD',
  MERCHANT_CURRENCY: 'BDT',
  MERCHANT_CURRENCY_SYMBOL: '৳',
  MERCHANT_LANGUAGES: 'bn,en',
  MERCHANT_DIAL_CODE: '+880',
};

const failure = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
};

describe('start-up in production mode', () => {
  it('names the merchant settings an empty database needs, and writes nothing', async () => {
    const { db } = await open('empty');
    const message = await failure(seedAndCheck(db, production({ BRAND_NAME: 'Lucky Bazi' }), PUBLIC_URL));
    for (const name of ['MERCHANT_COUNTRY', 'MERCHANT_CURRENCY', 'MERCHANT_LANGUAGES', 'MERCHANT_DIAL_CODE'])
      expect(message).toContain(`${name} is missing`);
    expect(message).not.toContain('BRAND_NAME is missing');
    expect(await db.selectFrom('merchant').select('code').execute()).toEqual([]);
  });

  it('seeds the configured merchant with its currency and languages, then starts again without them', async () => {
    const { db } = await open('empty');
    expect(await seedAndCheck(db, production(MERCHANT_SETTINGS), PUBLIC_URL)).toBe(true);
    expect(await db.selectFrom('merchant').selectAll().execute()).toMatchObject([
      {
        code: 'luckybd',
        name: 'Lucky Bazi',
        currency: 'BDT',
        currency_symbol: '৳',
        languages: ['bn', 'en'],
        default_language: 'bn',
      },
    ]);
    expect(await db.selectFrom('member').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('staff').select('id').execute()).toEqual([]);
    // Later starts find the merchant stored: the MERCHANT_* settings are needed no more.
    expect(await seedAndCheck(db, production(), PUBLIC_URL)).toBe(false);
  });

  it('refuses a database first seeded in demo mode, naming its demo accounts and staff', async () => {
    const { db } = await open('demo');
    const message = await failure(seedAndCheck(db, production(MERCHANT_SETTINGS), PUBLIC_URL));
    for (const name of [
      'staff owner',
      'staff finance',
      'staff risk',
      'member khelabd/demo01',
      'member khelabd/agent01',
      'member khelain/team03',
      'member khelabd/1712345678',
    ])
      expect(message).toContain(name);
    // Nothing was seeded on top of it.
    expect(await db.selectFrom('merchant').select('code').where('code', '=', 'luckybd').execute()).toEqual(
      [],
    );
  }, 60_000);

  it('refuses a demo database cleaned of its demo accounts and staff: the demo vendor secrets are named (ADR 029)', async () => {
    const { db } = await open('demo');
    // What an operator might do: give every member and staff account a password of its own and
    // drop the public TOTP secrets (the ledger is append-only: the rows themselves stay).
    const own = await createPasswordHasher().hash(randomBytes(16).toString('hex'));
    await db.updateTable('member').set({ password_hash: own }).execute();
    await db
      .updateTable('staff')
      .set({ password_hash: own, totp_secret: null, totp_pending_secret: null })
      .execute();
    const message = await failure(seedAndCheck(db, production(MERCHANT_SETTINGS), PUBLIC_URL));
    for (const vendor of DEMO_PROVIDER_VENDORS) {
      expect(message).toContain(`vendor secret khelabd/${vendor}`);
      expect(message).toContain(`vendor secret khelain/${vendor}`);
    }
    expect(message).not.toContain('  member ');
    expect(message).not.toContain('  staff ');
    // A secret of the operator's own passes.
    await db
      .updateTable('provider_vendor')
      .set({ secret: randomBytes(32).toString('hex') })
      .execute();
    expect(await findDemoSecrets(db)).toEqual([]);
  }, 60_000);

  it("names a merchant's sign-in set to the demo IdP's client", async () => {
    const { db } = await open('empty');
    await seedAndCheck(db, production(MERCHANT_SETTINGS), PUBLIC_URL);
    const demo = DEMO_IDP_CLIENTS.google;
    await db
      .insertInto('site_setting')
      .values({
        merchant_code: 'luckybd',
        key: 'social',
        value: JSON.stringify({
          google: { enabled: true, issuer: 'https://x.test', clientId: demo.id, clientSecret: demo.secret },
          facebook: null,
        }),
      })
      .onConflict((oc) =>
        oc.columns(['merchant_code', 'key']).doUpdateSet({ value: (eb) => eb.ref('excluded.value') }),
      )
      .execute();
    const message = await failure(seedAndCheck(db, production(), PUBLIC_URL));
    expect(message).toContain('google sign-in of luckybd');
  });

  it('does not count a real member who is merely called demo01', async () => {
    const { db } = await open('empty');
    await seedAndCheck(db, production(MERCHANT_SETTINGS), PUBLIC_URL);
    await insertMember(db, {
      merchantCode: 'luckybd',
      username: 'demo01',
      mobile: null,
      email: null,
      passwordHash: await createPasswordHasher().hash('TheirOwn2026'),
      type: 0,
      uplineId: null,
      nickname: 'demo01',
      now: new Date(),
      lastLoginAt: null,
    });
    expect(await seedAndCheck(db, production(), PUBLIC_URL)).toBe(false);
  });
});

describe('start-up in demo mode', () => {
  it('seeds the demo brand with MERCHANT as its default merchant', async () => {
    const { db } = await open('empty');
    expect(await seedAndCheck(db, loadConfig({ MERCHANT: 'khelain' }), PUBLIC_URL)).toBe(true);
    expect(
      (await db.selectFrom('merchant').select('code').orderBy('sort').execute()).map((m) => m.code),
    ).toEqual(['khelabd', 'khelain']);
    expect(await seedIfEmpty(db, { mode: 'demo', publicUrl: PUBLIC_URL })).toBe(false);
  }, 120_000);
});
