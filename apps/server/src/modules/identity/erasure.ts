import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Erasure of a member's identity data (issue 16, docs/decisions/052), asked by player protection
 * for a closed account, in its transaction. The member row stays (ledger, bets and audit rows
 * refer to its id) with pseudonyms in place of the personal fields.
 * - `contact`: everything but what the licence retains for AML (the ID number and the payee name):
 *   name, mobile, email, messenger handles, addresses, passwords, social links, 2FA, sessions'
 *   addresses and devices, known addresses.
 * - `all`: the retained part too (once the retention is over).
 * Answers the mobile and ID number as they were, for the exclusion marks (never stored as such).
 */
export const eraseMemberIdentity = async (
  trx: Kysely<DB>,
  memberId: number,
  part: 'contact' | 'all',
  at: Date,
) => {
  const before = await trx
    .selectFrom('member')
    .select(['mobile', 'id_number'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return null;
  await trx
    .updateTable('member')
    .set({
      username: `erased-${memberId}`,
      nickname: 'erased',
      mobile: null,
      email: null,
      whatsapp: null,
      facebook: null,
      line: null,
      qq: null,
      wechat: null,
      register_ip: null,
      register_domain: null,
      password_hash: null,
      payment_password_hash: null,
      status: 'locked',
      ...(part === 'all' ? { id_number: null, payee_name: null } : {}),
    })
    .where('id', '=', memberId)
    .execute();
  await trx.deleteFrom('member_social_link').where('member_id', '=', memberId).execute();
  await trx.deleteFrom('member_totp').where('member_id', '=', memberId).execute();
  await trx.deleteFrom('member_known_ip').where('member_id', '=', memberId).execute();
  await trx
    .updateTable('member_session')
    .set({ ip: null, user_agent: null, revoked_at: sql<Date>`coalesce(revoked_at, ${at})` })
    .where('member_id', '=', memberId)
    .execute();
  await trx
    .updateTable('remember_token')
    .set({ revoked_at: at })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
  return { mobile: before.mobile, idNumber: before.id_number };
};
