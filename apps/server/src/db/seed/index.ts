import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoAgency } from './demo-agency';
import { seedDemoCashier } from './demo-cashier';
import { seedDemoContent } from './demo-content';
import { seedDemoProviders } from './demo-providers';
import { seedDemoStaff } from './demo-staff';
import { seedDemoWallets } from './demo-wallets';
import { baseSettings, MERCHANTS, type MerchantSeed } from './settings';

export type SeedOptions = {
  mode: 'demo' | 'production';
  /** Demo: the demo merchant that is the brand's default (`khelabd` or `khelain`). */
  brandMerchant?: string | undefined;
  publicUrl: string;
  /** Production: the brand name and its one merchant, from configuration (required there). */
  production?: { brandName: string; merchant: MerchantSeed } | undefined;
};

/**
 * Fills an empty database. Demo: the two demo merchants with their settings and the demo content
 * (banners, notices, help, service entries, demo accounts and staff). Production: the one merchant
 * of the configuration with its settings, nothing else. Does nothing when a merchant exists.
 * Returns whether it seeded.
 */
export const seedIfEmpty = async (db: Kysely<DB>, options: SeedOptions) => {
  const existing = await db.selectFrom('merchant').select('code').limit(1).execute();
  if (existing.length > 0) return false;
  const production = options.mode === 'production' ? options.production : undefined;
  if (options.mode === 'production' && !production)
    throw new Error('a production database is seeded with the merchant of the configuration');
  const merchants = production ? [production.merchant] : MERCHANTS;
  const brandMerchant = production?.merchant.code ?? options.brandMerchant ?? MERCHANTS[0]!.code;
  if (!merchants.some((m) => m.code === brandMerchant)) {
    throw new Error(`MERCHANT=${brandMerchant} is not one of ${merchants.map((m) => m.code).join(', ')}`);
  }
  await db.transaction().execute(async (trx) => {
    for (const [sort, m] of merchants.entries()) {
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
      const settings = baseSettings(
        m,
        brandMerchant,
        options.publicUrl,
        production ? { brandName: production.brandName } : 'demo',
      );
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
      await seedDemoAgency(
        trx,
        MERCHANTS.map((m) => m.code),
      );
      await seedDemoWallets(
        trx,
        MERCHANTS.map((m) => m.code),
        options.mode,
      );
      await seedDemoStaff(trx, options.mode);
      await seedDemoCashier(
        trx,
        MERCHANTS.map((m) => m.code),
        options.mode,
      );
      await seedDemoProviders(
        trx,
        MERCHANTS.map((m) => m.code),
        options.mode,
      );
    }
  });
  return true;
};
