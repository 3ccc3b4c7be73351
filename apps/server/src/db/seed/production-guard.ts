import type { Kysely } from 'kysely';
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
  return found;
};
