import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB, VerificationPurpose } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Secrets } from './secrets';
import * as store from './store';

/** An SMS code lives this long; the get-code button counts down 60 s x this (spec §4, §9). */
export const SMS_CODE_MINUTES = 5;
/** Wrong tries a code survives; the next one burns it. */
export const SMS_CODE_MAX_TRIES = 5;
/** Per number (all purposes together): one send a minute... */
export const SMS_SEND_INTERVAL_MS = 60 * 1000;
/** ...and five an hour. */
export const SMS_SENDS_PER_HOUR = 5;

/** Six digits from the OS CSPRNG. */
export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * SMS verification codes: 6 digits, kept as an HMAC (server secret) bound to the merchant,
 * number and purpose; single use; at most 5 tries; only the newest code of a purpose counts.
 */
export const createCodes = ({
  db,
  secrets,
  now = () => new Date(),
}: {
  db: Kysely<DB>;
  secrets: Secrets;
  now?: () => Date;
}) => {
  const hash = async (merchantCode: string, mobile: string, purpose: VerificationPurpose, code: string) =>
    createHmac('sha256', await secrets.get('sms.code'))
      .update(`${merchantCode}|${mobile}|${purpose}|${code}`)
      .digest('hex');

  /**
   * Makes a code and reserves a send for the number, refusing (429 with `retryAfter` seconds) a
   * second send within a minute or a sixth within an hour. `deliver` false still counts, so a
   * number nobody has is throttled exactly like a member's. Answers the code to send.
   */
  const issue = async (
    merchantCode: string,
    mobile: string,
    purpose: VerificationPurpose,
    deliver: boolean,
  ): Promise<string> => {
    const at = now();
    const code = newSmsCode();
    const codeHash = await hash(merchantCode, mobile, purpose, code);
    // Codes older than a day serve neither a login nor the throttle.
    await db
      .deleteFrom('verification_code')
      .where('created_at', '<', new Date(at.getTime() - 86_400_000))
      .execute();
    await db.transaction().execute(async (trx) => {
      // One sender per number at a time, so two calls cannot both pass the throttle.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${merchantCode}:${mobile}`}))`.execute(trx);
      const sends = await store.codeSendsSince(trx, merchantCode, mobile, new Date(at.getTime() - 3600_000));
      const last = sends.at(-1);
      if (last && at.getTime() - last.created_at.getTime() < SMS_SEND_INTERVAL_MS) {
        const retryAfter = Math.ceil(
          (last.created_at.getTime() + SMS_SEND_INTERVAL_MS - at.getTime()) / 1000,
        );
        throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfter } });
      }
      const first = sends[0];
      if (first && sends.length >= SMS_SENDS_PER_HOUR) {
        const retryAfter = Math.ceil((first.created_at.getTime() + 3600_000 - at.getTime()) / 1000);
        throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfter } });
      }
      await store.insertCode(trx, {
        merchantCode,
        mobile,
        purpose,
        codeHash,
        at,
        expiresAt: new Date(at.getTime() + SMS_CODE_MINUTES * 60_000),
        delivered: deliver,
      });
    });
    return code;
  };

  /**
   * Checks a code once: true only for the newest unused, unexpired code of that number and
   * purpose, within its tries; a right code is used up. The code is compared as sent (not trimmed).
   */
  const consume = async (
    merchantCode: string,
    mobile: string,
    purpose: VerificationPurpose,
    code: string,
  ): Promise<boolean> => {
    const at = now();
    const row = await store.latestCode(db, merchantCode, mobile, purpose);
    if (!row || row.used_at !== null || row.expires_at.getTime() <= at.getTime()) return false;
    const tries = await store.countCodeTry(db, row.id, SMS_CODE_MAX_TRIES);
    if (tries === null) return false;
    if (!/^[0-9]{6}$/.test(code)) return false;
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(await hash(merchantCode, mobile, purpose, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return store.useCode(db, row.id, at);
  };

  return { issue, consume };
};

export type Codes = ReturnType<typeof createCodes>;
