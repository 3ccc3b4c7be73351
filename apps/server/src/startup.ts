import type { Kysely } from 'kysely';
import { type Config, ConfigError, productionMerchant } from './config';
import type { DB } from './db/schema';
import { seedIfEmpty } from './db/seed';
import { findDemoLeftovers } from './db/seed/production-guard';

/**
 * Seeds an empty database for the mode, then checks a production database: start-up stops with a
 * ConfigError naming what is wrong. Demo: the demo brand (MERCHANT picks `khelabd` or `khelain`).
 * Production: the merchant of the MERCHANT and MERCHANT_* settings (needed while the database is
 * empty), and no demo accounts or staff, whose credentials are public (a database first seeded in
 * demo mode). Returns whether it seeded.
 */
export const seedAndCheck = async (
  db: Kysely<DB>,
  config: Pick<Config, 'KHELA_MODE' | 'MERCHANT' | 'isDemo'> & Partial<Config>,
  publicUrl: string,
) => {
  if (config.isDemo) {
    return seedIfEmpty(db, { mode: 'demo', brandMerchant: config.MERCHANT, publicUrl });
  }
  const isEmpty = (await db.selectFrom('merchant').select('code').limit(1).execute()).length === 0;
  if (isEmpty) {
    const configured = productionMerchant(config as Config);
    if (!configured.merchant) {
      throw new ConfigError(
        `KHELA_MODE=production seeds an empty database with the merchant of these settings:\n${configured.missing.map((m) => `  ${m} is missing`).join('\n')}`,
      );
    }
    await seedIfEmpty(db, { mode: 'production', publicUrl, production: configured });
  }
  const leftovers = await findDemoLeftovers(db);
  if (leftovers.length > 0) {
    throw new ConfigError(
      `KHELA_MODE=production refuses a database holding demo accounts, staff or secrets (their passwords, TOTP secrets and signing keys are public):\n${leftovers.map((l) => `  ${l}`).join('\n')}\nStart production on a database that was never seeded in demo mode.`,
    );
  }
  return isEmpty;
};
