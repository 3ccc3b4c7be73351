import { KYC_UPLOADS_PER_IP_HOUR, KYC_UPLOADS_PER_MEMBER_HOUR } from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { HOUR_MS, hourOf } from './rules';

/**
 * Attempts per subject and hour (`protection_attempt`, docs/decisions/052). A try takes its place
 * in ONE statement (insert or add one, answering the new count) before any work, so simultaneous
 * tries each see the ones before them: of 50 at once against a limit of 10, exactly 10 pass.
 * Every try counts, refused or not, like identity's credential throttles.
 */
export const takeAttempt = async (db: Db, subject: string, at: Date) => {
  const { rows } = await sql<{ attempts: number }>`
    INSERT INTO protection_attempt (subject, hour, attempts) VALUES (${subject}, ${hourOf(at)}, 1)
    ON CONFLICT (subject, hour) DO UPDATE SET attempts = protection_attempt.attempts + 1
    RETURNING attempts`.execute(db);
  return Number(rows[0]?.attempts ?? 0);
};

/** Old hours serve no limit. */
export const purgeAttempts = (db: Db, at: Date) =>
  db
    .deleteFrom('protection_attempt')
    .where('hour', '<', new Date(hourOf(at).getTime() - HOUR_MS))
    .execute();

/** A KYC upload's place in the member's and the address's hour; over either limit answers 429. */
export const assertUploadAllowed = async (db: Db, memberId: number, ip: string, at: Date) => {
  const byMember = await takeAttempt(db, `kyc:m:${memberId}`, at);
  const byIp = await takeAttempt(db, `kyc:ip:${ip}`, at);
  if (byMember > KYC_UPLOADS_PER_MEMBER_HOUR || byIp > KYC_UPLOADS_PER_IP_HOUR) {
    const retryAfter = Math.ceil((hourOf(at).getTime() + HOUR_MS - at.getTime()) / 1000);
    throw new AppError('protection.kyc.rate', { value: { retryAfter } });
  }
};
