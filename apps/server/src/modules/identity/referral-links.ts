import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/**
 * What identity knows of invited friends (docs/decisions/048): who registered with a referral
 * code (`member.referral_code`) and which of them share an address with the referrer.
 */

export type ReferredMember = { id: number; username: string; createdAt: Date };

/** Members of the merchant who registered with `code`, oldest first. */
export const membersReferredBy = async (
  db: Db,
  merchantCode: string,
  code: string,
): Promise<ReferredMember[]> => {
  const rows = await db
    .selectFrom('member')
    .select(['id', 'username', 'created_at'])
    .where('merchant_code', '=', merchantCode)
    .where(sql<string>`upper(referral_code)`, '=', code.toUpperCase())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, username: r.username, createdAt: new Date(r.created_at) }));
};

/**
 * The friends among `friendIds` who share an IP address with the referrer: the address they
 * registered from or any address they signed in from (`member_known_ip`).
 */
export const membersSharingIpWith = async (
  db: Db,
  referrerId: number,
  friendIds: readonly number[],
): Promise<Set<number>> => {
  if (friendIds.length === 0) return new Set();
  const ids = sql.join(friendIds.map((id) => sql`${id}`));
  const rows = await sql<{ member_id: number }>`
    WITH ips AS (
      SELECT id AS member_id, register_ip AS ip FROM member
        WHERE register_ip IS NOT NULL AND (id = ${referrerId} OR id IN (${ids}))
      UNION
      SELECT member_id, ip FROM member_known_ip WHERE member_id = ${referrerId} OR member_id IN (${ids})
    )
    SELECT DISTINCT f.member_id FROM ips f JOIN ips r ON r.ip = f.ip AND r.member_id = ${referrerId}
    WHERE f.member_id <> ${referrerId}
  `.execute(db);
  return new Set(rows.rows.map((r) => Number(r.member_id)));
};
