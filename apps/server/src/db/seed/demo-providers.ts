import type { Kysely, Transaction } from 'kysely';
import { DEMO_PROVIDER_VENDORS, demoVendorSecret } from '../../modules/provider';
import type { DB } from '../schema';

/**
 * The demo vendors' seamless-wallet configuration (docs/decisions/010-provider-api.md): a secret
 * per merchant and vendor, no launch URL (the built-in vendor simulator). Demo mode only.
 */
export const seedDemoProviders = async (
  db: Kysely<DB> | Transaction<DB>,
  merchantCodes: string[],
  mode: 'demo' | 'production',
  now = new Date(),
) => {
  if (mode !== 'demo') throw new Error('demo vendor secrets are seeded in demo mode only');
  for (const merchantCode of merchantCodes) {
    for (const vendorCode of DEMO_PROVIDER_VENDORS) {
      await db
        .insertInto('provider_vendor')
        .values({
          merchant_code: merchantCode,
          vendor_code: vendorCode,
          secret: demoVendorSecret(merchantCode, vendorCode),
          launch_url: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['merchant_code', 'vendor_code']).doNothing())
        .execute();
    }
  }
};
