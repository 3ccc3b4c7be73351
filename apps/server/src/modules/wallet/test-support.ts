import type { Kysely } from 'kysely';
import type { DB, MemberType } from '../../db/schema';
import { hashSessionToken, newSessionToken } from '../../shared/tokens';
import type { AuthMember } from '../identity';
import { SESSION_ABSOLUTE_MS } from '../identity';
import { insertMember, insertSession } from '../identity/test-support';

/** Test support: members with a live session, made straight in the database (no password hashing). */

let counter = 0;

export type TestMember = { member: AuthMember; token: string };

export const newMember = async (
  db: Kysely<DB>,
  options: { merchantCode?: string; type?: MemberType; prefix?: string } = {},
): Promise<TestMember> => {
  counter += 1;
  const now = new Date();
  const merchantCode = options.merchantCode ?? 'khelabd';
  const row = await insertMember(db, {
    merchantCode,
    username: `${options.prefix ?? 'wal'}${process.pid % 1000}x${counter}`,
    mobile: null,
    email: null,
    passwordHash: null,
    type: options.type ?? 0,
    uplineId: null,
    nickname: 'wallet test',
    now,
    lastLoginAt: now,
  });
  const token = newSessionToken();
  await insertSession(db, {
    tokenHash: hashSessionToken(token),
    memberId: row.id,
    now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: null,
    userAgent: null,
  });
  return {
    token,
    member: {
      id: row.id,
      merchantCode,
      username: row.username,
      nickname: 'wallet test',
      type: options.type ?? 0,
      mobile: null,
      createdAt: now,
      passwordChangedAt: now,
      mustChangePassword: false,
    },
  };
};

/** The wallet type (account type id) of a vendor of the catalogue. */
export const vendorTypeId = async (db: Kysely<DB>, code: string) =>
  (await db.selectFrom('vendor').select('account_type_id').where('code', '=', code).executeTakeFirstOrThrow())
    .account_type_id;

/** A new member with `amount` of demo credit (play money from the house) in the main wallet. */
export const fundedMember = async (
  t: {
    db: Kysely<DB>;
    app: {
      services: { wallet: { grantDemoCredit: (id: number, o: { amount: bigint }) => Promise<unknown> } };
    };
  },
  prefix: string,
  amount: bigint,
) => {
  const m = await newMember(t.db, { prefix });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount });
  return m;
};
