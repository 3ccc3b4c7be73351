import type { StaffRole } from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../shared/db';
import { STAFF_IDLE_MS, type StaffAccounts } from './accounts';
import { type Actor, appendAudit } from './audit';
import { csvStream } from './csv';
import { assertCan } from './roles';

type Deps = { db: Kysely<DB>; accounts: StaffAccounts; now: () => Date };

export type StaffSearch = {
  username?: string | undefined;
  role?: StaffRole | undefined;
  status?: 'active' | 'disabled' | undefined;
  sort: 'username' | 'role' | 'status' | 'createdAt';
  order: 'asc' | 'desc';
};

const STAFF_SORT_COLUMNS = {
  username: 'staff.username',
  role: 'staff.role',
  status: 'staff.status',
  createdAt: 'staff.created_at',
} as const;

const STAFF_CSV_COLUMNS = [
  'id',
  'username',
  'role',
  'status',
  'enrolled',
  'liveSessions',
  'createdAt',
] as const;

export type StaffSessionQuery = {
  staffId: number;
  state?: 'live' | 'ended' | undefined;
  ip?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  sort: 'createdAt' | 'lastSeenAt' | 'expiresAt' | 'ip';
  order: 'asc' | 'desc';
};

const SESSION_SORT_COLUMNS = {
  createdAt: 'created_at',
  lastSeenAt: 'last_seen_at',
  expiresAt: 'expires_at',
  ip: 'ip',
} as const;

const SESSION_CSV_COLUMNS = [
  'id',
  'createdAt',
  'lastSeenAt',
  'expiresAt',
  'revokedAt',
  'ip',
  'live',
] as const;

/** LIKE pattern of a user's text: its wildcards are matched literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The session id shown to the owner: the first 16 hex digits of its token hash. */
const SESSION_ID_LENGTH = 16;

/**
 * The owner's staff screen: list (filtered, sorted, paged, CSV), create (enrols on first login),
 * disable and enable, role, TOTP reset, and each account's sessions (list, revoke).
 */
export const createStaffManagement = ({ db, accounts, now }: Deps) => {
  const searchQuery = (filter: StaffSearch) => {
    let q = db.selectFrom('staff');
    if (filter.username) q = q.where('staff.username', 'like', contains(filter.username.toLowerCase()));
    if (filter.role) q = q.where('staff.role', '=', filter.role);
    if (filter.status) q = q.where('staff.status', '=', filter.status);
    return q;
  };

  const rows = async (filter: StaffSearch, limit: number, offset: number) => {
    const at = now();
    const found = await searchQuery(filter)
      .select((eb) => [
        'staff.id',
        'staff.username',
        'staff.role',
        'staff.status',
        'staff.totp_secret',
        'staff.created_at',
        eb
          .selectFrom('staff_session')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('staff_session.staff_id', '=', 'staff.id')
          .where('staff_session.revoked_at', 'is', null)
          .where('staff_session.expires_at', '>', at)
          .where('staff_session.last_seen_at', '>', new Date(at.getTime() - STAFF_IDLE_MS))
          .as('live'),
      ])
      .orderBy(STAFF_SORT_COLUMNS[filter.sort], filter.order)
      .orderBy('staff.id', filter.order)
      .limit(limit)
      .offset(offset)
      .execute();
    return found.map((r) => ({
      id: r.id,
      username: r.username,
      role: r.role,
      status: r.status,
      enrolled: r.totp_secret !== null,
      createdAt: r.created_at.getTime(),
      liveSessions: Number(r.live ?? 0),
    }));
  };

  const list = async (actor: Actor, filter: StaffSearch, page: number, pageSize: number) => {
    assertCan(actor, 'staff.manage');
    const [items, count] = await Promise.all([
      rows(filter, pageSize, (page - 1) * pageSize),
      searchQuery(filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n), page, pageSize };
  };

  const csv = async (actor: Actor, filter: StaffSearch) => {
    assertCan(actor, 'staff.manage');
    return csvStream(STAFF_CSV_COLUMNS, async (limit, offset) =>
      (await rows(filter, limit, offset)).map((r) => ({
        ...r,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    );
  };

  const mustExist = async (staffId: number) => {
    const row = await db.selectFrom('staff').select('id').where('id', '=', staffId).executeTakeFirst();
    if (!row) throw new AppError('not.found');
  };

  const sessionsWhere = (q: StaffSessionQuery, at: Date) => {
    let query = db.selectFrom('staff_session').where('staff_id', '=', q.staffId);
    const idleEdge = new Date(at.getTime() - STAFF_IDLE_MS);
    if (q.state === 'live')
      query = query
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .where('last_seen_at', '>', idleEdge);
    if (q.state === 'ended')
      query = query.where((eb) =>
        eb.or([
          eb('revoked_at', 'is not', null),
          eb('expires_at', '<=', at),
          eb('last_seen_at', '<=', idleEdge),
        ]),
      );
    if (q.ip) query = query.where('ip', '=', q.ip);
    if (q.from !== undefined) query = query.where('created_at', '>=', new Date(q.from));
    if (q.to !== undefined) query = query.where('created_at', '<', new Date(q.to));
    return query;
  };

  const sessionRows = async (q: StaffSessionQuery, limit: number, offset: number) => {
    const at = now();
    const found = await sessionsWhere(q, at)
      .select(['token_hash', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'ip'])
      .orderBy(SESSION_SORT_COLUMNS[q.sort], (ob) => (q.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('token_hash', q.order)
      .limit(limit)
      .offset(offset)
      .execute();
    return found.map((r) => ({
      id: r.token_hash.slice(0, SESSION_ID_LENGTH),
      createdAt: r.created_at.getTime(),
      lastSeenAt: r.last_seen_at.getTime(),
      expiresAt: r.expires_at.getTime(),
      revokedAt: r.revoked_at?.getTime() ?? null,
      ip: r.ip,
      live:
        r.revoked_at === null && r.expires_at > at && at.getTime() - r.last_seen_at.getTime() < STAFF_IDLE_MS,
    }));
  };

  /** A staff account's sessions, by state, IP and start time; newest first unless told. */
  const sessions = async (actor: Actor, q: StaffSessionQuery & { page: number; pageSize: number }) => {
    assertCan(actor, 'staff.manage');
    await mustExist(q.staffId);
    const [items, count] = await Promise.all([
      sessionRows(q, q.pageSize, (q.page - 1) * q.pageSize),
      sessionsWhere(q, now()).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n), page: q.page, pageSize: q.pageSize };
  };

  /** The same sessions as CSV, every row. */
  const sessionsCsv = async (actor: Actor, q: StaffSessionQuery) => {
    assertCan(actor, 'staff.manage');
    await mustExist(q.staffId);
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return csvStream(SESSION_CSV_COLUMNS, async (limit, offset) =>
      (await sessionRows(q, limit, offset)).map((r) => ({
        ...r,
        createdAt: iso(r.createdAt),
        lastSeenAt: iso(r.lastSeenAt),
        expiresAt: iso(r.expiresAt),
        revokedAt: iso(r.revokedAt),
      })),
    );
  };

  /**
   * Ends one session (`sessionId`) or every open session of another staff account; the account
   * stays enabled and may sign in again. Audited; never on oneself (sign out, or change the password).
   */
  const revokeSessions = async (actor: Actor, staffId: number, sessionId?: string) => {
    assertCan(actor, 'staff.manage');
    if (staffId === actor.id) throw new AppError('conflict', { value: { staffId } });
    const at = now();
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff')
        .select(['id', 'username'])
        .where('id', '=', staffId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('not.found');
      let q = trx
        .updateTable('staff_session')
        .set({ revoked_at: at })
        .where('staff_id', '=', staffId)
        .where('revoked_at', 'is', null);
      if (sessionId) q = q.where('token_hash', 'like', `${sessionId}%`);
      const revoked = Number((await q.executeTakeFirst()).numUpdatedRows);
      if (sessionId && revoked === 0) throw new AppError('not.found', { value: { sessionId } });
      await appendAudit(
        trx,
        actor,
        {
          action: 'staff.sessions.revoke',
          target: `staff:${staffId}`,
          after: { sessionsRevoked: revoked, ...(sessionId ? { sessionId } : {}) },
        },
        at,
      );
      return { revoked };
    });
  };

  const create = async (actor: Actor, input: { username: string; password: string; role: StaffRole }) => {
    assertCan(actor, 'staff.manage');
    try {
      return await db.transaction().execute(async (trx) => {
        const { id } = await accounts.create(input, trx);
        // The password is never written to the log.
        await appendAudit(
          trx,
          actor,
          {
            action: 'staff.create',
            target: `staff:${id}`,
            after: { username: input.username, role: input.role },
          },
          now(),
        );
        return { id };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'staff_username_key'))
        throw new AppError('conflict', { value: { username: input.username } });
      throw error;
    }
  };

  const setStatus = async (actor: Actor, staffId: number, status: 'active' | 'disabled') => {
    assertCan(actor, 'staff.manage');
    if (staffId === actor.id) throw new AppError('conflict', { value: { staffId } });
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff')
        .select(['status'])
        .where('id', '=', staffId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('not.found');
      await trx.updateTable('staff').set({ status }).where('id', '=', staffId).execute();
      let revoked = 0;
      if (status === 'disabled') {
        const result = await trx
          .updateTable('staff_session')
          .set({ revoked_at: at })
          .where('staff_id', '=', staffId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        revoked = Number(result.numUpdatedRows);
      }
      await appendAudit(
        trx,
        actor,
        {
          action: 'staff.status',
          target: `staff:${staffId}`,
          before: { status: row.status },
          after: { status, sessionsRevoked: revoked },
        },
        at,
      );
    });
    return { ok: true as const };
  };

  /** Ends every open session of a staff account inside the caller's transaction. */
  const endSessions = async (trx: Kysely<DB>, staffId: number, at: Date) =>
    Number(
      (
        await trx
          .updateTable('staff_session')
          .set({ revoked_at: at })
          .where('staff_id', '=', staffId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows,
    );

  /** Gives another staff account a new role; it applies from that account's next call. */
  const setRole = async (actor: Actor, staffId: number, role: StaffRole) => {
    assertCan(actor, 'staff.manage');
    // The owner cannot demote themselves: there must always be someone who can manage staff.
    if (staffId === actor.id) throw new AppError('conflict', { value: { staffId } });
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff')
        .select(['role'])
        .where('id', '=', staffId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('not.found');
      await trx.updateTable('staff').set({ role }).where('id', '=', staffId).execute();
      await appendAudit(
        trx,
        actor,
        { action: 'staff.role', target: `staff:${staffId}`, before: { role: row.role }, after: { role } },
        at,
      );
    });
    return { ok: true as const };
  };

  /**
   * Forgets another account's TOTP secret (a lost phone): its sessions end and its next login
   * enrols a new secret.
   */
  const resetTotp = async (actor: Actor, staffId: number) => {
    assertCan(actor, 'staff.manage');
    if (staffId === actor.id) throw new AppError('conflict', { value: { staffId } });
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff')
        .select(['id', 'totp_secret'])
        .where('id', '=', staffId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('not.found');
      await trx
        .updateTable('staff')
        .set({ totp_secret: null, totp_pending_secret: null, enrol_token_hash: null, enrol_expires_at: null })
        .where('id', '=', staffId)
        .execute();
      const revoked = await endSessions(trx, staffId, at);
      await appendAudit(
        trx,
        actor,
        {
          action: 'staff.totp.reset',
          target: `staff:${staffId}`,
          before: { enrolled: row.totp_secret !== null },
          after: { enrolled: false, sessionsRevoked: revoked },
        },
        at,
      );
    });
    return { ok: true as const };
  };

  /** The owner lifts a login lock (a burst of wrong codes); audited with the lock it lifted. */
  const unlock = async (actor: Actor, staffId: number) => {
    assertCan(actor, 'staff.manage');
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff')
        .select(['id', 'locked_until', 'failures'])
        .where('id', '=', staffId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('not.found');
      await trx
        .updateTable('staff')
        .set({ failures: 0, locked_until: null })
        .where('id', '=', staffId)
        .execute();
      await appendAudit(
        trx,
        actor,
        {
          action: 'staff.unlock',
          target: `staff:${staffId}`,
          before: { lockedUntil: row.locked_until?.toISOString() ?? null, failures: row.failures },
          after: { lockedUntil: null, failures: 0 },
        },
        at,
      );
    });
    return { ok: true as const };
  };

  return { list, csv, sessions, sessionsCsv, revokeSessions, create, setStatus, setRole, resetTotp, unlock };
};
