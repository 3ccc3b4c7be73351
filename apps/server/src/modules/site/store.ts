import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Queries of the site module. Each takes the Kysely handle (or transaction) it runs on. */
export const readMerchants = (db: Kysely<DB>) =>
  db.selectFrom('merchant').selectAll().orderBy('sort').execute();

export const readSettings = (db: Kysely<DB>) =>
  db.selectFrom('site_setting').select(['merchant_code', 'key', 'value']).execute();

export const readVersion = async (db: Kysely<DB>) =>
  (await db.selectFrom('site_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow())
    .version;

export const writeSetting = async (db: Kysely<DB>, merchantCode: string, key: string, value: unknown) => {
  await db
    .insertInto('site_setting')
    .values({ merchant_code: merchantCode, key, value: JSON.stringify(value) })
    .onConflict((oc) =>
      oc
        .columns(['merchant_code', 'key'])
        .doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }),
    )
    .execute();
};

export const writeMerchantLocale = async (
  db: Kysely<DB>,
  code: string,
  locale: { currencySymbol: string; languages: string[]; defaultLanguage: string },
) => {
  await db
    .updateTable('merchant')
    .set({
      currency_symbol: locale.currencySymbol,
      languages: JSON.stringify(locale.languages),
      default_language: locale.defaultLanguage,
    })
    .where('code', '=', code)
    .execute();
};

export const bumpVersion = async (db: Kysely<DB>) =>
  (
    await db
      .updateTable('site_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .returning('version')
      .executeTakeFirstOrThrow()
  ).version;

export const readAnnouncements = (db: Kysely<DB>, merchantCode: string, kinds: string[], now: Date) =>
  db
    .selectFrom('announcement')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('enabled', '=', true)
    .where('kind', 'in', kinds as ('B' | 'PL' | 'PU' | 'PR')[])
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const readHelpArticles = (db: Kysely<DB>, merchantCode: string) =>
  db
    .selectFrom('help_article')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const readMedia = (db: Kysely<DB>, id: string) =>
  db.selectFrom('media').select(['mime', 'bytes', 'sha256']).where('id', '=', id).executeTakeFirst();
