import { randomBytes } from 'node:crypto';
import type { StaffIdentity, StaffRole } from '@khela/contract';
import type { Kysely } from 'kysely';
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
 * Where the failures of staff usernames no account has are counted: identity's login throttle
 * (`login_throttle`), handed in by the composition root, under the subject `staff:<name>`.
 */
export type UnknownUsernameThrottle = {
  read: (subject: string) => Promise<{ locked_until: Date | null } | undefined>;
  clear: (subject: string) => Promise<void>;
  /** Adds one failure; answers the failures in a row. */
  addFailure: (subject: string, at: Date) => Promise<number>;
  lock: (subject: string, until: Date, at: Date) => Promise<void>;
};

type Deps = {
  db: Kysely<DB>;
  hasher: PasswordHasher;
  now: () => Date;
  unknownUsernames: UnknownUsernameThrottle;
};

/** The throttle subject of a staff username no account has (never a member subject: `m:`, `p:`, `u:`). */
const unknownSubject = (username: string) => `staff:${username.toLowerCase()}`;

/** Staff accounts: login with password and TOTP, enrolment, sessions. */
export const createStaffAccounts = ({ db, hasher, now, unknownUsernames }: Deps) => {
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

  /** Counts a failure; the 10th in a row locks the account for 15 minutes. */
  const fail = async (
    staff: { id: number; username: string; role: StaffRole },
    meta: StaffMeta,
    reason: string,
  ) => {
    const at = now();
    const row = await db
      .updateTable('staff')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', staff.id)
      .returning('failures')
      .executeTakeFirstOrThrow();
    if (row.failures >= STAFF_LOCK_AFTER) {
      const until = new Date(at.getTime() + STAFF_LOCK_MS);
      await db
        .updateTable('staff')
        .set({ failures: 0, locked_until: until })
        .where('id', '=', staff.id)
        .execute();
      await audit(staff, meta, 'staff.login.locked', { until: until.toISOString() });
      return new AppError('login.locked', { value: { until: until.getTime() } });
    }
    await audit(staff, meta, 'staff.login.failure', { reason, failures: row.failures });
    return new AppError('login.failed');
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
      await trx
        .updateTable('staff')
        .set({ failures: 0, locked_until: null })
        .where('id', '=', staff.id)
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
   * A login naming no account: counted and locked exactly like a known account's failures (the
   * 10th answers 423 `login.locked`, and so does every try until the lock runs out), so neither
   * the answers nor the lock tell which usernames exist. The rows live in `login_throttle`.
   */
  const refuseUnknown = async (username: string, password: string): Promise<never> => {
    const subject = unknownSubject(username);
    const at = now();
    const throttle = await unknownUsernames.read(subject);
    if (throttle?.locked_until) {
      if (throttle.locked_until > at)
        throw new AppError('login.locked', { value: { until: throttle.locked_until.getTime() } });
      await unknownUsernames.clear(subject);
    }
    await hasher.verifyDummy(password);
    const failures = await unknownUsernames.addFailure(subject, at);
    if (failures < STAFF_LOCK_AFTER) throw new AppError('login.failed');
    const until = new Date(at.getTime() + STAFF_LOCK_MS);
    await unknownUsernames.lock(subject, until, at);
    throw new AppError('login.locked', { value: { until: until.getTime() } });
  };

  const login = async (
    meta: StaffMeta,
    body: { username: string; password: string; totp?: string | undefined },
  ) => {
    const staff = await find(body.username);
    if (!staff) return refuseUnknown(body.username, body.password);
    const at = now();
    if (staff.locked_until && staff.locked_until > at)
      throw new AppError('login.locked', { value: { until: staff.locked_until.getTime() } });
    if (!(await hasher.verify(staff.password_hash, body.password))) throw await fail(staff, meta, 'password');
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
    if (!body.totp) throw await fail(staff, meta, 'totp.missing');
    const spent = await spendCode(staff.id, staff.totp_secret, staff.username, body.totp);
    if (spent !== 'ok') throw await fail(staff, meta, spent === 'replay' ? 'totp.replay' : 'totp.wrong');
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
    if (totpStep(staff.totp_pending_secret, staff.username, body.code, at) === null)
      throw await fail(staff, meta, 'totp.enrol.wrong');
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
    if (spent !== 'ok') throw await fail(staff, meta, 'totp.replay');
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
    if (!(await hasher.verify(staff.password_hash, body.currentPassword)))
      throw await fail(staff, meta, 'password.change');
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
