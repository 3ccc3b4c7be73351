import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The login throttle (`login_throttle`): failures in a row per subject (`m:<id>`, `u:<name>`,
 * `staff:…`), counted by reservation (ADR 029). A try takes its place in the count in ONE
 * statement before the password or code is compared, so simultaneous guesses each see the tries
 * before them; a try refused before its check (captcha, burst) gives its place back; a wrong
 * answer keeps it; a right answer forgives the count unless a lock has engaged meanwhile.
 */

/** A reserved try: its place in the count (1 = the first try in a row), or the lock in force. */
export type ReservedTry = { ordinal: number; lockedUntil: null } | { ordinal: null; lockedUntil: Date };

/**
 * Takes the subject's next try. An expired lock starts the count over; a lock in force takes no
 * place and answers its end.
 */
export const reserveTry = async (
  db: Kysely<DB>,
  merchantCode: string,
  subject: string,
  at: Date,
): Promise<ReservedTry> => {
  const { rows } = await sql<{ failures: number; locked_until: Date | null }>`
    INSERT INTO login_throttle (merchant_code, subject, failures, locked_until, updated_at)
    VALUES (${merchantCode}, ${subject}, 1, NULL, ${at})
    ON CONFLICT (merchant_code, subject) DO UPDATE SET
      failures = CASE
        WHEN login_throttle.locked_until > ${at} THEN login_throttle.failures
        WHEN login_throttle.locked_until IS NOT NULL THEN 1
        ELSE login_throttle.failures + 1 END,
      locked_until = CASE WHEN login_throttle.locked_until > ${at} THEN login_throttle.locked_until END,
      updated_at = ${at}
    RETURNING failures, locked_until`.execute(db);
  const row = rows[0] as { failures: number; locked_until: Date | null };
  if (row.locked_until && row.locked_until.getTime() > at.getTime())
    return { ordinal: null, lockedUntil: row.locked_until };
  return { ordinal: row.failures, lockedUntil: null };
};

/** Gives a reserved place back (a try refused before its check): never below zero, never under a lock. */
export const releaseTry = (db: Kysely<DB>, merchantCode: string, subject: string) =>
  db
    .updateTable('login_throttle')
    .set({ failures: sql<number>`GREATEST(failures - 1, 0)` })
    .where('merchant_code', '=', merchantCode)
    .where('subject', '=', subject)
    .where('locked_until', 'is', null)
    .execute();

/** Engages the lock once: true for the call that engaged it (the one to audit). */
export const engageLock = async (
  db: Kysely<DB>,
  merchantCode: string,
  subject: string,
  until: Date,
  at: Date,
) =>
  (
    await db
      .updateTable('login_throttle')
      .set({ locked_until: until, updated_at: at })
      .where('merchant_code', '=', merchantCode)
      .where('subject', '=', subject)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

/** A right answer forgives the failures so far, but never lifts a lock that engaged meanwhile. */
export const forgiveFailures = (db: Kysely<DB>, merchantCode: string, subject: string, at: Date) =>
  db
    .deleteFrom('login_throttle')
    .where('merchant_code', '=', merchantCode)
    .where('subject', '=', subject)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .execute();

/** Lifts a lock (the owner's unlock, a password reset by a code the owner received). */
export const liftLock = (db: Kysely<DB>, merchantCode: string, subject: string) =>
  db
    .deleteFrom('login_throttle')
    .where('merchant_code', '=', merchantCode)
    .where('subject', '=', subject)
    .execute();

/**
 * The login throttle of one merchant, for a subject that is no member: the staff module counts
 * password failures per address and username here (the deployment's default merchant; staff
 * belong to no merchant, but the table keys by one).
 */
export const createSubjectThrottle = (db: Kysely<DB>, merchantCode: () => string) => ({
  reserve: (subject: string, at: Date) => reserveTry(db, merchantCode(), subject, at),
  release: async (subject: string) => {
    await releaseTry(db, merchantCode(), subject);
  },
  lock: (subject: string, until: Date, at: Date) => engageLock(db, merchantCode(), subject, until, at),
  forgive: async (subject: string, at: Date) => {
    await forgiveFailures(db, merchantCode(), subject, at);
  },
});

export type SubjectThrottle = ReturnType<typeof createSubjectThrottle>;
