import { type Kysely, sql } from 'kysely';
import type { DB, VerificationPurpose } from '../../db/schema';

/** Queries of the identity module. Each takes the Kysely handle (or transaction) it runs on. */

/** Queries of SMS verification codes and captchas (tables verification_code, captcha). */
// SMS verification codes

export const insertCode = (
  db: Kysely<DB>,
  c: {
    merchantCode: string;
    mobile: string;
    purpose: VerificationPurpose;
    codeHash: string;
    at: Date;
    expiresAt: Date;
    delivered: boolean;
  },
) =>
  db
    .insertInto('verification_code')
    .values({
      merchant_code: c.merchantCode,
      mobile: c.mobile,
      purpose: c.purpose,
      code_hash: c.codeHash,
      created_at: c.at,
      expires_at: c.expiresAt,
      used_at: null,
      delivered: c.delivered,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Send times of every code of a number (all purposes) since `since`, oldest first. */
export const codeSendsSince = (db: Kysely<DB>, merchantCode: string, mobile: string, since: Date) =>
  db
    .selectFrom('verification_code')
    .select('created_at')
    .where('merchant_code', '=', merchantCode)
    .where('mobile', '=', mobile)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();

/** The newest code of a number for a purpose: only that one can be used. */
export const latestCode = (
  db: Kysely<DB>,
  merchantCode: string,
  mobile: string,
  purpose: VerificationPurpose,
) =>
  db
    .selectFrom('verification_code')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Counts one try, unless the code is used or out of tries; answers the new count or null. */
export const countCodeTry = async (db: Kysely<DB>, id: string, maxTries: number) =>
  (
    await db
      .updateTable('verification_code')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxTries)
      .returning('attempts')
      .executeTakeFirst()
  )?.attempts ?? null;

/** Marks a code used; false when another call used it first. */
export const useCode = async (db: Kysely<DB>, id: string, at: Date) =>
  Number(
    (
      await db
        .updateTable('verification_code')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

// Captchas

export const insertCaptcha = (
  db: Kysely<DB>,
  c: { idHash: string; merchantCode: string; answerHash: string; at: Date; expiresAt: Date },
) =>
  db
    .insertInto('captcha')
    .values({
      id_hash: c.idHash,
      merchant_code: c.merchantCode,
      answer_hash: c.answerHash,
      created_at: c.at,
      expires_at: c.expiresAt,
    })
    .execute();

/** Takes a captcha out (single use: checked once, right or wrong). */
export const takeCaptcha = (db: Kysely<DB>, idHash: string) =>
  db
    .deleteFrom('captcha')
    .where('id_hash', '=', idHash)
    .returning(['merchant_code', 'answer_hash', 'expires_at'])
    .executeTakeFirst();

export const purgeCaptchas = (db: Kysely<DB>, at: Date) =>
  db.deleteFrom('captcha').where('expires_at', '<', at).execute();
