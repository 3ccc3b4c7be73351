import { randomBytes } from 'node:crypto';
import type { StaffIdentity, StaffRole } from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PasswordHasher } from '../../shared/passwords';
import { hashSessionToken, isWellFormedToken, newSessionToken } from '../../shared/tokens';
import { type Actor, appendAudit } from './audit';
import { ROLE_PERMISSIONS } from './roles';

/** A staff session ends 30 minutes after its last use... */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
/** ...and 12 hours after it began. */
export const STAFF_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Failed logins (password or code) in a row before the account is locked... */
export const STAFF_LOCK_AFTER = 10;
/** ...for this long. */
export const STAFF_LOCK_MS = 15 * 60 * 1000;
/** An enrolment step must be confirmed within this time. */
export const ENROL_MS = 10 * 60 * 1000;
const TOUCH_MS = 60 * 1000;
export const TOTP_ISSUER = 'Khela back office';
const PERIOD = 30;

export const totpOf = (secret: string, username: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** The time step a code was made in (±1 step of clock drift), or null when it is wrong. */
export const totpStep = (secret: string, username: string, code: string, at: Date) => {
  const delta = totpOf(secret, username).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / PERIOD) + delta;
};

export type StaffMeta = { ip: string; requestId: string };

/** The signed-in staff member a back-office route sees as `request.staff`. */
export type AuthStaff = { id: number; username: string; role: StaffRole; tokenHash: string };

declare module 'fastify' {
  interface FastifyRequest {
    staff?: AuthStaff;
  }
}

export const identityOf = (s: { id: number; username: string; role: StaffRole }): StaffIdentity => ({
  id: s.id,
  username: s.username,
  role: s.role,
  permissions: [...ROLE_PERMISSIONS[s.role]],
});

export const actorOf = (staff: AuthStaff, meta: StaffMeta): Actor => ({
  id: staff.id,
  username: staff.username,
  role: staff.role,
  ip: meta.ip,
  requestId: meta.requestId,
});

/**
 * Where password failures are counted per address and username (known or not): identity's login
 * throttle (`login_throttle`), handed in by the composition root, by reservation (ADR 029).
 */
export type AddressThrottle = {
  /** Takes the next try before the password is checked: its place in the count, or the lock in force. */
  reserve: (
    subject: string,
    at: Date,
  ) => Promise<{ ordinal: number; lockedUntil: null } | { ordinal: null; lockedUntil: Date }>;
  /** Gives a reserved place back (a right password, a burst refused unchecked). */
  release: (subject: string) => Promise<void>;
  /** Engages the lock; true for the call that engaged it. */
  lock: (subject: string, until: Date, at: Date) => Promise<boolean>;
  /** Forgives the failures so far (a lock in force stays). */
  forgive: (subject: string, at: Date) => Promise<void>;
};

type Deps = {
  db: Kysely<DB>;
  hasher: PasswordHasher;
  now: () => Date;
  addressThrottle: AddressThrottle;
};

/**
 * The throttle subject of password tries at a username from one address (never a member subject:
 * `m:`, `p:`, `u:`). Failures here hold back that address only: a stranger cannot lock the account.
 */
const addressSubject = (username: string, ip: string) => `staff:${ip}|${username.toLowerCase()}`;

/** Staff accounts: login with password and TOTP, enrolment, sessions. */
export const createStaffAccounts = ({ db, hasher, now, addressThrottle }: Deps) => {
  const find = (username: string) =>
    db.selectFrom('staff').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();

  const audit = (
    staff: { id: number; username: string; role: StaffRole },
    meta: StaffMeta,
    action: string,
    after?: unknown,
  ) =>
    db
      .transaction()
      .execute((trx) =>
        appendAudit(
          trx,
          actorOf({ ...staff, tokenHash: '' }, meta),
          { action, target: `staff:${staff.id}`, after },
          now(),
        ),
      );

  /**
   * Takes the account's next second-factor try before the code is checked (ADR 029): one
   * statement that counts it unless the account is locked. Only someone who knows the password
   * (or is signed in) reaches this count. Answers the try's place, or the lock's end.
   */
  const reserveAccountTry = async (staffId: number, at: Date) => {
    const row = await db
      .updateTable('staff')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', staffId)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
      .returning('failures')
      .executeTakeFirst();
    if (row && row.failures <= STAFF_LOCK_AFTER) return { ordinal: row.failures };
    if (row) await releaseAccountTry(staffId);
    const locked = await db
      .selectFrom('staff')
      .select('locked_until')
      .where('id', '=', staffId)
      .executeTakeFirst();
    const until = locked?.locked_until ?? new Date(at.getTime() + STAFF_LOCK_MS);
    return { lockError: new AppError('login.locked', { value: { until: until.getTime() } }) };
  };

  const releaseAccountTry = (staffId: number) =>
    db
      .updateTable('staff')
      .set({ failures: sql<number>`GREATEST(failures - 1, 0)` })
      .where('id', '=', staffId)
      .where('locked_until', 'is', null)
      .execute();

  /** A reserved try was wrong: it stays counted; the 10th in a row locks the account for 15 minutes. */
  const fail = async (
    staff: { id: number; username: string; role: StaffRole },
    meta: StaffMeta,
    reason: string,
    ordinal: number,
  ) => {
    const at = now();
    if (ordinal >= STAFF_LOCK_AFTER) {
      const until = new Date(at.getTime() + STAFF_LOCK_MS);
      const engaged = await db
        .updateTable('staff')
        .set({ failures: 0, locked_until: until })
        .where('id', '=', staff.id)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
        .executeTakeFirst();
      if (engaged.numUpdatedRows > 0n)
        await audit(staff, meta, 'staff.login.locked', { reason, until: until.toISOString() });
      return new AppError('login.locked', { value: { until: until.getTime() } });
    }
    await audit(staff, meta, 'staff.login.failure', { reason, failures: ordinal });
    return new AppError('login.failed');
  };

  /** A second-factor check under the account's reserved count: null when right, else the refusal. */
  const checkUnderLock = async (
    staff: { id: number; username: string; role: StaffRole },
    meta: StaffMeta,
    check: () => Promise<'ok' | string>,
  ) => {
    const taken = await reserveAccountTry(staff.id, now());
    if ('lockError' in taken) return taken.lockError;
    let outcome: string;
    try {
      outcome = await check();
    } catch (error) {
      await releaseAccountTry(staff.id);
      throw error;
    }
    if (outcome === 'ok') {
      await releaseAccountTry(staff.id);
      return null;
    }
    return fail(staff, meta, outcome, taken.ordinal);
  };

  const openSession = async (staff: { id: number; username: string; role: StaffRole }, meta: StaffMeta) => {
    const at = now();
    const token = newSessionToken();
    const expiresAt = new Date(at.getTime() + STAFF_ABSOLUTE_MS);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('staff_session')
        .values({
          token_hash: hashSessionToken(token),
          staff_id: staff.id,
          created_at: at,
          last_seen_at: at,
          expires_at: expiresAt,
          ip: meta.ip,
        })
        .execute();
      // The failures so far are forgiven; a lock engaged meanwhile by a burst stays.
      await trx
        .updateTable('staff')
        .set({ failures: 0 })
        .where('id', '=', staff.id)
        .where('locked_until', 'is', null)
        .execute();
      await appendAudit(
        trx,
        actorOf({ ...staff, tokenHash: '' }, meta),
        { action: 'staff.login', target: `staff:${staff.id}` },
        at,
      );
    });
    return { step: 'session' as const, token, expiresAt: expiresAt.getTime(), staff: identityOf(staff) };
  };

  /** Spends a code: refused when wrong or when a code of its time step (or a later one) was used already. */
  const spendCode = async (staffId: number, secret: string, username: string, code: string) => {
    const step = totpStep(secret, username, code, now());
    if (step === null) return 'wrong' as const;
    const updated = await db
      .updateTable('staff')
      .set({ totp_last_step: String(step) })
      .where('id', '=', staffId)
      .where('totp_last_step', '<', String(step))
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n ? ('ok' as const) : ('replay' as const);
  };

  /**
   * The password step, known usernames and unknown alike: the try is reserved per address and
   * username before the password is checked; the 10th wrong one from an address holds that
   * address back for 15 minutes (423), the account itself stays open to its owner elsewhere.
   */
  const checkPassword = async (
    staff: { id: number; username: string; role: StaffRole; password_hash: string } | undefined,
    username: string,
    password: string,
    meta: StaffMeta,
  ) => {
    const subject = addressSubject(username, meta.ip);
    const at = now();
    const taken = await addressThrottle.reserve(subject, at);
    if (taken.ordinal === null)
      throw new AppError('login.locked', { value: { until: taken.lockedUntil.getTime() } });
    if (taken.ordinal > STAFF_LOCK_AFTER) {
      await addressThrottle.release(subject);
      throw new AppError('login.locked', { value: { until: at.getTime() + STAFF_LOCK_MS } });
    }
    let ok = false;
    try {
      if (staff) ok = await hasher.verify(staff.password_hash, password);
      else await hasher.verifyDummy(password);
    } catch (error) {
      await addressThrottle.release(subject);
      throw error;
    }
    if (ok) {
      await addressThrottle.forgive(subject, at);
      return;
    }
    if (taken.ordinal < STAFF_LOCK_AFTER) {
      if (staff)
        await audit(staff, meta, 'staff.login.failure', { reason: 'password', failures: taken.ordinal });
      throw new AppError('login.failed');
    }
    const until = new Date(at.getTime() + STAFF_LOCK_MS);
    if ((await addressThrottle.lock(subject, until, at)) && staff)
      await audit(staff, meta, 'staff.login.address.held', { ip: meta.ip, until: until.toISOString() });
    throw new AppError('login.locked', { value: { until: until.getTime() } });
  };

  const login = async (
    meta: StaffMeta,
    body: { username: string; password: string; totp?: string | undefined },
  ) => {
    const staff = await find(body.username);
    const at = now();
    if (staff?.locked_until && staff.locked_until > at)
      throw new AppError('login.locked', { value: { until: staff.locked_until.getTime() } });
    await checkPassword(staff, body.username, body.password, meta);
    if (!staff) throw new AppError('login.failed');
    if (staff.status !== 'active') throw new AppError('account.locked');
    if (!staff.totp_secret) {
      const secret = new Secret({ size: 20 }).base32;
      const enrolToken = newSessionToken();
      await db
        .updateTable('staff')
        .set({
          totp_pending_secret: secret,
          enrol_token_hash: hashSessionToken(enrolToken),
          enrol_expires_at: new Date(at.getTime() + ENROL_MS),
        })
        .where('id', '=', staff.id)
        .execute();
      return {
        step: 'enrol' as const,
        enrolToken,
        secret,
        otpauthUrl: totpOf(secret, staff.username).toString(),
      };
    }
    const secret = staff.totp_secret;
    // The second factor: only a caller who knew the password gets here, so its failures lock the account.
    const refused = await checkUnderLock(staff, meta, async () => {
      if (!body.totp) return 'totp.missing';
      const spent = await spendCode(staff.id, secret, staff.username, body.totp);
      return spent === 'ok' ? 'ok' : spent === 'replay' ? 'totp.replay' : 'totp.wrong';
    });
    if (refused) throw refused;
    return openSession(staff, meta);
  };

  /** Confirms the pending secret of an enrolment step with a code of it; then the account is enrolled. */
  const enrol = async (meta: StaffMeta, body: { enrolToken: string; code: string }) => {
    const at = now();
    const staff = await db
      .selectFrom('staff')
      .selectAll()
      .where('enrol_token_hash', '=', hashSessionToken(body.enrolToken))
      .executeTakeFirst();
    if (!staff?.totp_pending_secret || !staff.enrol_expires_at || staff.enrol_expires_at <= at)
      throw new AppError('login.not.session');
    if (staff.locked_until && staff.locked_until > at)
      throw new AppError('login.locked', { value: { until: staff.locked_until.getTime() } });
    const pending = staff.totp_pending_secret;
    const wrong = await checkUnderLock(staff, meta, async () =>
      totpStep(pending, staff.username, body.code, at) === null ? 'totp.enrol.wrong' : 'ok',
    );
    if (wrong) throw wrong;
    await db
      .updateTable('staff')
      .set({
        totp_secret: staff.totp_pending_secret,
        totp_pending_secret: null,
        enrol_token_hash: null,
        enrol_expires_at: null,
      })
      .where('id', '=', staff.id)
      .execute();
    const spent = await spendCode(staff.id, staff.totp_pending_secret, staff.username, body.code);
    if (spent !== 'ok') throw new AppError('login.failed');
    await audit(staff, meta, 'staff.totp.enrol');
    return openSession(staff, meta);
  };

  /** The staff member of a raw token, or null when unknown, revoked, idle, expired or disabled. */
  const authenticate = async (token: string): Promise<AuthStaff | null> => {
    if (!isWellFormedToken(token)) return null;
    const tokenHash = hashSessionToken(token);
    const row = await db
      .selectFrom('staff_session')
      .innerJoin('staff', 'staff.id', 'staff_session.staff_id')
      .select([
        'staff.id',
        'staff.username',
        'staff.role',
        'staff.status',
        'staff_session.last_seen_at',
        'staff_session.expires_at',
        'staff_session.revoked_at',
      ])
      .where('staff_session.token_hash', '=', tokenHash)
      .executeTakeFirst();
    const at = now();
    if (!row || row.revoked_at !== null || row.status !== 'active') return null;
    if (at >= row.expires_at || at.getTime() - row.last_seen_at.getTime() >= STAFF_IDLE_MS) return null;
    if (at.getTime() - row.last_seen_at.getTime() >= TOUCH_MS) {
      await db
        .updateTable('staff_session')
        .set({ last_seen_at: at })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return { id: row.id, username: row.username, role: row.role, tokenHash };
  };

  const logout = async (staff: AuthStaff, meta: StaffMeta) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff_session')
        .set({ revoked_at: at })
        .where('token_hash', '=', staff.tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
      await appendAudit(
        trx,
        actorOf(staff, meta),
        { action: 'staff.logout', target: `staff:${staff.id}` },
        at,
      );
    });
    return { ok: true as const };
  };

  /**
   * Self-service: the signed-in staff member changes the own password with the current one. A
   * wrong current password counts as a failed login (the lock applies); the other sessions end.
   */
  const changePassword = async (
    auth: AuthStaff,
    meta: StaffMeta,
    body: { currentPassword: string; newPassword: string },
  ) => {
    const staff = await db.selectFrom('staff').selectAll().where('id', '=', auth.id).executeTakeFirst();
    if (staff?.status !== 'active') throw new AppError('login.not.session');
    const wrong = await checkUnderLock(staff, meta, async () =>
      (await hasher.verify(staff.password_hash, body.currentPassword)) ? 'ok' : 'password.change',
    );
    if (wrong) throw wrong;
    if (body.newPassword === body.currentPassword)
      throw new AppError('validation.failed', { value: { fields: { newPassword: 'same' } } });
    const hash = await hasher.hash(body.newPassword);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff')
        .set({ password_hash: hash, failures: 0 })
        .where('id', '=', staff.id)
        .execute();
      const ended = await trx
        .updateTable('staff_session')
        .set({ revoked_at: at })
        .where('staff_id', '=', staff.id)
        .where('token_hash', '!=', auth.tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      await appendAudit(
        trx,
        actorOf(auth, meta),
        {
          action: 'staff.password.change',
          target: `staff:${staff.id}`,
          after: { otherSessionsEnded: Number(ended.numUpdatedRows) },
        },
        at,
      );
    });
    return { ok: true as const };
  };

  /** Creates a staff account (seed and the owner's staff screen). */
  const create = async (
    input: { username: string; password: string; role: StaffRole; totpSecret?: string | null },
    trx: Kysely<DB> = db,
  ) =>
    trx
      .insertInto('staff')
      .values({
        username: input.username.toLowerCase(),
        password_hash: await hasher.hash(input.password),
        role: input.role,
        totp_secret: input.totpSecret ?? null,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  return { login, enrol, authenticate, logout, create, changePassword };
};

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;

/** A random base32 TOTP secret (160 bits). */
export const newTotpSecret = () => new Secret({ buffer: randomBytes(20).buffer }).base32;
