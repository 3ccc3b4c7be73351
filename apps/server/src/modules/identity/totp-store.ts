import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Queries of the identity module. Each takes the Kysely handle (or transaction) it runs on. */

/** Queries of members' authenticator apps (table member_totp). */
// Authenticator app (TOTP) of members

export const findMemberTotp = (db: Kysely<DB>, memberId: number) =>
  db.selectFrom('member_totp').selectAll().where('member_id', '=', memberId).executeTakeFirst();

/** Stores a pending (unconfirmed) secret, keeping an enrolled one untouched. */
export const setPendingTotp = (db: Kysely<DB>, memberId: number, secret: string, expiresAt: Date, at: Date) =>
  db
    .insertInto('member_totp')
    .values({
      member_id: memberId,
      secret: null,
      enabled_at: null,
      pending_secret: secret,
      pending_expires_at: expiresAt,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        pending_secret: secret,
        pending_expires_at: expiresAt,
        updated_at: at,
      }),
    )
    .execute();

/** Turns the pending secret into the enrolled one, with the step of the confirming code spent; false when it changed meanwhile. */
export const enableTotp = async (db: Kysely<DB>, memberId: number, secret: string, step: number, at: Date) =>
  Number(
    (
      await db
        .updateTable('member_totp')
        .set({
          secret,
          enabled_at: at,
          last_step: String(step),
          pending_secret: null,
          pending_expires_at: null,
          updated_at: at,
        })
        .where('member_id', '=', memberId)
        .where('pending_secret', '=', secret)
        .where('secret', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

/** Spends a time step of the enrolled secret: false when a code of this step (or a later one) was used already. */
export const spendTotpStep = async (db: Kysely<DB>, memberId: number, step: number, at: Date) =>
  Number(
    (
      await db
        .updateTable('member_totp')
        .set({ last_step: String(step), updated_at: at })
        .where('member_id', '=', memberId)
        .where('secret', 'is not', null)
        .where('last_step', '<', String(step))
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const disableTotp = (db: Kysely<DB>, memberId: number, at: Date) =>
  db
    .updateTable('member_totp')
    .set({ secret: null, enabled_at: null, pending_secret: null, pending_expires_at: null, updated_at: at })
    .where('member_id', '=', memberId)
    .execute();
