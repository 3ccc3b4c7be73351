import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Queries of the identity module. Each takes the Kysely handle (or transaction) it runs on. */

/** Queries of remember-me tokens (table remember_token) and the sessions of a token family. */
// Remember-me tokens

export const insertRememberToken = (
  db: Kysely<DB>,
  t: { tokenHash: string; family: string; memberId: number; at: Date; expiresAt: Date },
) =>
  db
    .insertInto('remember_token')
    .values({
      token_hash: t.tokenHash,
      family: t.family,
      member_id: t.memberId,
      created_at: t.at,
      expires_at: t.expiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();

export const findRememberToken = (db: Kysely<DB>, tokenHash: string) =>
  db.selectFrom('remember_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Marks a token used (rotated); false when it was used or revoked meanwhile. */
export const useRememberToken = async (db: Kysely<DB>, tokenHash: string, at: Date) =>
  Number(
    (
      await db
        .updateTable('remember_token')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const revokeRememberFamily = (db: Kysely<DB>, family: string, at: Date) =>
  db
    .updateTable('remember_token')
    .set({ revoked_at: at })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeMemberRememberTokens = (db: Kysely<DB>, memberId: number, at: Date) =>
  db
    .updateTable('remember_token')
    .set({ revoked_at: at })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();

/** Revokes the live sessions a remember-me family opened. */
export const revokeFamilySessions = (db: Kysely<DB>, family: string, at: Date) =>
  db
    .updateTable('member_session')
    .set({ revoked_at: at })
    .where('remember_family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
