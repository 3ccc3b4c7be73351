import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The usernames of the given staff ids (what other modules' lists show as "by whom"). */
export const staffUsernames = async (db: Kysely<DB>, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('staff').select(['id', 'username']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
};

/** The staff id of a username, or undefined (a filter of another module's list by staff). */
export const staffIdOf = async (db: Kysely<DB>, username: string) =>
  (await db.selectFrom('staff').select('id').where('username', '=', username).executeTakeFirst())?.id;
