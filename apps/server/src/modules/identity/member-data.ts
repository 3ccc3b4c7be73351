import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The member's own identity data for a data download (issue 16, data rights): the profile without
 * any secret (no password or payment-password hash) and every session with its address and device.
 */
export const identityDataOf = async (db: Kysely<DB>, memberId: number) => {
  const profile = await db
    .selectFrom('member')
    .select([
      'username',
      'nickname',
      'merchant_code',
      'mobile',
      'email',
      'payee_name',
      'whatsapp',
      'facebook',
      'line',
      'qq',
      'wechat',
      'register_ip',
      'register_domain',
      'affiliate_code',
      'status',
      'type',
      'created_at',
      'last_login_at',
      'password_changed_at',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
  const sessions = await db
    .selectFrom('member_session')
    .select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'ip', 'user_agent'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(10_000)
    .execute();
  return { profile: profile ?? null, sessions };
};
