import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Members' usernames by id (what other modules' lists show beside a member id). */
export const memberUsernames = async (db: Kysely<DB>, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('member').select(['id', 'username']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
};

/**
 * The ids of the members whose username matches a LIKE pattern (lower case), as a subquery another
 * module's list puts in its own `where member_id in (…)`: one query, the table's text stays here.
 */
export const memberIdsWithUsernameLike = (db: Kysely<DB>, pattern: string) =>
  db.selectFrom('member').select('member.id').where(sql`lower(member.username)`, 'like', pattern);

/** A member's id and merchant, or undefined: another module checks a member exists in a merchant. */
export const memberMerchantOf = (db: Kysely<DB>, memberId: number) =>
  db.selectFrom('member').select(['id', 'merchant_code']).where('id', '=', memberId).executeTakeFirst();
