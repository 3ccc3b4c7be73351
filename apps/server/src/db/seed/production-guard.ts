import type { Kysely } from 'kysely';
import { DEMO_IDP_CLIENTS, DEMO_IDP_PATH } from '../../modules/identity';
import { demoVendorSecret } from '../../modules/provider';
import { createPasswordHasher } from '../../shared/passwords';
import type { DB } from '../schema';
import { demoAccounts } from './demo-accounts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './demo-staff';

/**
 * The demo accounts and demo staff in a database, by name: members whose username and password are
 * the README's demo ones, staff enrolled with a README TOTP secret or signing in with the demo
 * password. Production refuses to start while any exist (a database first seeded in demo mode):
 * their credentials are public. A real member who happens to be called `demo01` with a password of
 * their own is not one of them.
 */
export const findDemoLeftovers = async (db: Kysely<DB>): Promise<string[]> => {
  const hasher = createPasswordHasher();
  const found: string[] = [];

  const secrets = DEMO_STAFF.map((s) => s.totpSecret);
  const staff = await db
    .selectFrom('staff')
    .select(['username', 'password_hash', 'totp_secret', 'totp_pending_secret'])
    .where((eb) =>
      eb.or([
        eb(
          'username',
          'in',
          DEMO_STAFF.map((s) => s.username),
        ),
        eb('totp_secret', 'in', secrets),
        eb('totp_pending_secret', 'in', secrets),
      ]),
    )
    .orderBy('username')
    .execute();
  for (const row of staff) {
    const publicSecret =
      secrets.includes(row.totp_secret ?? '') || secrets.includes(row.totp_pending_secret ?? '');
    if (publicSecret || (await hasher.verify(row.password_hash, DEMO_STAFF_PASSWORD)))
      found.push(`staff ${row.username}`);
  }

  const members = await db
    .selectFrom('member')
    .select(['merchant_code', 'username', 'password_hash'])
    .where('username', 'in', [
      ...new Set(['khelabd', 'khelain'].flatMap((m) => demoAccounts(m).map((a) => a.username))),
    ])
    .orderBy('merchant_code')
    .orderBy('username')
    .execute();
  for (const row of members) {
    const account = demoAccounts(row.merchant_code).find((a) => a.username === row.username);
    if (account && (await hasher.verify(row.password_hash, account.password)))
      found.push(`member ${row.merchant_code}/${row.username}`);
  }
  found.push(...(await findDemoSecrets(db)));
  return found;
};

/**
 * Secrets a database holds that were derived from a known value (ADR 029): a vendor's
 * seamless-wallet secret made from the public demo phrase (anyone could sign a "win" with it),
 * and a merchant's Google/Facebook sign-in set to the demo IdP's clients or address. Named, so
 * the operator knows what to replace.
 */
export const findDemoSecrets = async (db: Kysely<DB>): Promise<string[]> => {
  const found: string[] = [];
  const vendors = await db
    .selectFrom('provider_vendor')
    .select(['merchant_code', 'vendor_code', 'secret'])
    .orderBy('merchant_code')
    .orderBy('vendor_code')
    .execute();
  for (const v of vendors) {
    if (v.secret === demoVendorSecret(v.merchant_code, v.vendor_code))
      found.push(`vendor secret ${v.merchant_code}/${v.vendor_code} (derived from the public demo phrase)`);
  }
  const demoClients = Object.values(DEMO_IDP_CLIENTS);
  const socials = await db
    .selectFrom('site_setting')
    .select(['merchant_code', 'value'])
    .where('key', '=', 'social')
    .orderBy('merchant_code')
    .execute();
  for (const row of socials) {
    const value = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as Record<
      string,
      { clientId?: string; clientSecret?: string; issuer?: string } | null
    > | null;
    for (const [provider, client] of Object.entries(value ?? {})) {
      if (!client) continue;
      const demo =
        demoClients.some((c) => c.id === client.clientId || c.secret === client.clientSecret) ||
        (client.issuer ?? '').includes(DEMO_IDP_PATH);
      if (demo) found.push(`${provider} sign-in of ${row.merchant_code} (the demo IdP's client)`);
    }
  }
  return found;
};
