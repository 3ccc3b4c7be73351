import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoContent } from './demo-content';
import { seedDemoStaff } from './demo-staff';
import { seedDemoWallets } from './demo-wallets';
import { baseSettings, MERCHANTS } from './settings';

export type SeedOptions = {
  mode: 'demo' | 'production';
  brandMerchant?: string | undefined;
  publicUrl: string;
};

/**
 * Fills an empty database: merchants and their settings always, demo content (banners,
 * notices, help, service entries, demo accounts) only in demo mode. Does nothing when a merchant exists.
 * Returns whether it seeded.
 */
export const seedIfEmpty = async (db: Kysely<DB>, options: SeedOptions) => {
  const existing = await db.selectFrom('merchant').select('code').limit(1).execute();
  if (existing.length > 0) return false;
  const brandMerchant = options.brandMerchant ?? MERCHANTS[0]!.code;
  if (!MERCHANTS.some((m) => m.code === brandMerchant)) {
    throw new Error(`MERCHANT=${brandMerchant} is not one of ${MERCHANTS.map((m) => m.code).join(', ')}`);
  }
  await db.transaction().execute(async (trx) => {
    for (const [sort, m] of MERCHANTS.entries()) {
      await trx
        .insertInto('merchant')
        .values({
          code: m.code,
          name: m.name,
          country: m.country,
          currency: m.currency,
          currency_symbol: m.currencySymbol,
          languages: JSON.stringify(m.languages),
          default_language: m.defaultLanguage,
          dial_code: m.dialCode,
          sort,
        })
        .execute();
      const settings = baseSettings(m, brandMerchant, options.publicUrl);
      for (const [key, value] of Object.entries(settings)) {
        await trx
          .insertInto('site_setting')
          .values({ merchant_code: m.code, key, value: JSON.stringify(value) })
          .execute();
      }
    }
    if (options.mode === 'demo') {
      await seedDemoContent(
        trx,
        MERCHANTS.map((m) => m.code),
      );
      await seedDemoCatalogue(trx);
      await seedDemoAccounts(
        trx,
        MERCHANTS.map((m) => m.code),
        options.mode,
      );
      await seedDemoWallets(
        trx,
        MERCHANTS.map((m) => m.code),
        options.mode,
      );
      await seedDemoStaff(trx, options.mode);
    }
  });
  return true;
};
