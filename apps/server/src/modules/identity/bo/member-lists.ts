import { type Kysely, sql } from 'kysely';
import type { DB, IdentityAuditEvent } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import {
  type Actor,
  assertCan,
  countTargetTrail,
  csvStream,
  readTargetTrail,
  type TargetTrailQuery,
} from '../../staff';
import { SESSION_IDLE_MS } from '../sessions';
import * as identityStore from '../store';

type Order = 'asc' | 'desc';
type Window = { from?: number | undefined; to?: number | undefined };
type Paging = { page: number; pageSize: number };

export type MemberSessionQuery = Window & {
  memberId: number;
  state?: 'live' | 'ended' | undefined;
  ip?: string | undefined;
  sort: 'createdAt' | 'lastSeenAt' | 'expiresAt' | 'ip';
  order: Order;
};
export type MemberLoginQuery = Window & {
  memberId: number;
  event?: string | undefined;
  ip?: string | undefined;
  sort: 'at' | 'event' | 'ip';
  order: Order;
};
export type MemberTrailQuery = Window & {
  memberId: number;
  action?: string | undefined;
  staff?: string | undefined;
  sort: 'at' | 'action' | 'staff';
  order: Order;
};

const SESSION_SORTS = {
  createdAt: 'created_at',
  lastSeenAt: 'last_seen_at',
  expiresAt: 'expires_at',
  ip: 'ip',
} as const;
const LOGIN_SORTS = { at: 'at', event: 'event', ip: 'ip' } as const;

const SESSION_CSV_COLUMNS = ['createdAt', 'lastSeenAt', 'expiresAt', 'revokedAt', 'ip', 'live'] as const;
const LOGIN_CSV_COLUMNS = ['at', 'event', 'ip'] as const;
const TRAIL_CSV_COLUMNS = ['id', 'at', 'staff', 'action', 'before', 'after', 'ip'] as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** `<order> NULLS LAST`: empty values (no IP) come last either way. */
const nullsLast =
  (order: Order) =>
  <B extends { asc: () => B; desc: () => B; nullsLast: () => B }>(ob: B) =>
    (order === 'asc' ? ob.asc() : ob.desc()).nullsLast();

/**
 * The member detail's sub-lists (sessions, login history, the staff trail on the member): each
 * filtered, sorted and paged on the server, and exported whole as CSV (streamed). Every call
 * checks `members.read` and that the member exists (404 otherwise).
 */
export const createMemberLists = ({ db, now }: { db: Kysely<DB>; now: () => Date }) => {
  const mustExist = async (actor: Actor, memberId: number) => {
    assertCan(actor, 'members.read');
    if (!(await identityStore.findMemberById(db, memberId))) throw new AppError('not.found');
  };

  /** One page of a list whose rows and total come from the same filter. */
  const pageOf = async <T>(
    rows: (limit: number, offset: number) => Promise<T[]>,
    count: () => Promise<{ n: string | number | bigint }>,
    paging: Paging,
  ) => {
    const [items, total] = await Promise.all([
      rows(paging.pageSize, (paging.page - 1) * paging.pageSize),
      count(),
    ]);
    return { items, total: Number(total.n), page: paging.page, pageSize: paging.pageSize };
  };

  // Sessions

  const sessionsWhere = (q: MemberSessionQuery, at: Date) => {
    let query = db.selectFrom('member_session').where('member_id', '=', q.memberId);
    const idleEdge = new Date(at.getTime() - SESSION_IDLE_MS);
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

  const sessionRows = async (q: MemberSessionQuery, limit: number, offset: number) => {
    const at = now();
    const found = await sessionsWhere(q, at)
      .select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'ip', 'token_hash'])
      .orderBy(SESSION_SORTS[q.sort], nullsLast(q.order))
      .orderBy('token_hash', q.order)
      .limit(limit)
      .offset(offset)
      .execute();
    return found.map((s) => ({
      createdAt: s.created_at.getTime(),
      lastSeenAt: s.last_seen_at.getTime(),
      expiresAt: s.expires_at.getTime(),
      revokedAt: s.revoked_at?.getTime() ?? null,
      ip: s.ip,
      live:
        s.revoked_at === null &&
        s.expires_at > at &&
        at.getTime() - s.last_seen_at.getTime() < SESSION_IDLE_MS,
    }));
  };

  /** The member's sessions, by state, IP and start time; newest first unless told. */
  const sessions = async (actor: Actor, q: MemberSessionQuery & Paging) => {
    await mustExist(actor, q.memberId);
    return pageOf(
      (limit, offset) => sessionRows(q, limit, offset),
      () => sessionsWhere(q, now()).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      q,
    );
  };

  const sessionsCsv = async (actor: Actor, q: MemberSessionQuery) => {
    await mustExist(actor, q.memberId);
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

  // Login history (identity's audit of the member: logins, failures, password and lock events)

  const loginsWhere = (q: MemberLoginQuery) => {
    let query = db.selectFrom('identity_audit').where('member_id', '=', q.memberId);
    if (q.event) query = query.where('event', '=', q.event as IdentityAuditEvent);
    if (q.ip) query = query.where('ip', '=', q.ip);
    if (q.from !== undefined) query = query.where('at', '>=', new Date(q.from));
    if (q.to !== undefined) query = query.where('at', '<', new Date(q.to));
    return query;
  };

  const loginRows = async (q: MemberLoginQuery, limit: number, offset: number) =>
    (
      await loginsWhere(q)
        .select(['id', 'at', 'event', 'ip'])
        .orderBy(LOGIN_SORTS[q.sort], nullsLast(q.order))
        .orderBy('id', q.order)
        .limit(limit)
        .offset(offset)
        .execute()
    ).map((h) => ({ at: h.at.getTime(), event: h.event, ip: h.ip }));

  /** The member's logins, failures, password and lock events with their IPs. */
  const logins = async (actor: Actor, q: MemberLoginQuery & Paging) => {
    await mustExist(actor, q.memberId);
    return pageOf(
      (limit, offset) => loginRows(q, limit, offset),
      () => loginsWhere(q).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      q,
    );
  };

  const loginsCsv = async (actor: Actor, q: MemberLoginQuery) => {
    await mustExist(actor, q.memberId);
    return csvStream(LOGIN_CSV_COLUMNS, async (limit, offset) =>
      (await loginRows(q, limit, offset)).map((r) => ({ ...r, at: iso(r.at) })),
    );
  };

  // The staff trail (the member's rows of the back-office audit log)

  const trailOf = (q: MemberTrailQuery): TargetTrailQuery => ({ ...q, target: `member:${q.memberId}` });
  const trailRows = (q: MemberTrailQuery, limit: number, offset: number) =>
    readTargetTrail(db, trailOf(q), limit, offset);

  /** Staff actions on the member, by action, staff and time. */
  const trail = async (actor: Actor, q: MemberTrailQuery & Paging) => {
    await mustExist(actor, q.memberId);
    return pageOf(
      (limit, offset) => trailRows(q, limit, offset),
      async () => ({ n: String(await countTargetTrail(db, trailOf(q))) }),
      q,
    );
  };

  const trailCsv = async (actor: Actor, q: MemberTrailQuery) => {
    await mustExist(actor, q.memberId);
    return csvStream(TRAIL_CSV_COLUMNS, async (limit, offset) =>
      (await trailRows(q, limit, offset)).map((r) => ({ ...r, at: iso(r.at) })),
    );
  };

  return { sessions, sessionsCsv, logins, loginsCsv, trail, trailCsv };
};

export type MemberLists = ReturnType<typeof createMemberLists>;
