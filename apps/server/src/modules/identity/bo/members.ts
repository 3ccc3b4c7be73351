import { randomInt } from 'node:crypto';
import type { RegisterRule } from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import type { DB, MemberType } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import type { PasswordHasher } from '../../../shared/passwords';
import type { SiteService } from '../../site';
import { type Actor, appendAudit, assertCan, staffUsernames } from '../../staff';
import * as identityStore from '../store';
import { matchesRule } from '../validation';

export type MemberSearch = {
  merchant?: string | undefined;
  account?: string | undefined;
  mobile?: string | undefined;
  email?: string | undefined;
  ip?: string | undefined;
  status?: 'active' | 'locked' | undefined;
  sort: 'createdAt' | 'username' | 'lastLoginAt';
  order: 'asc' | 'desc';
};

const SORT_COLUMNS = {
  createdAt: 'member.created_at',
  username: 'member.username',
  lastLoginAt: 'member.last_login_at',
} as const;

/** LIKE pattern of a user's text: its wildcards are matched literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const PASSWORD_SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];

/** A one-time password that passes the brand's password rule. */
export const oneTimePassword = (rule: RegisterRule | undefined) => {
  const length = rule ? Math.min(Math.max(10, rule.minLength), rule.maxLength) : 10;
  const all = PASSWORD_SETS.join('');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const chars = PASSWORD_SETS.map((set) => set[randomInt(set.length)] as string);
    while (chars.length < length) chars.push(all[randomInt(all.length)] as string);
    for (let i = chars.length - 1; i > 0; i -= 1) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
    }
    const candidate = chars.join('');
    if (!rule || matchesRule(rule, candidate)) return candidate;
  }
  throw new Error('no one-time password fits the brand password rule');
};

type Deps = { db: Kysely<DB>; site: SiteService; hasher: PasswordHasher; now: () => Date };

const memberSnapshot = (m: { status: string; type: number; must_change_password: boolean }) => ({
  status: m.status,
  type: m.type,
  mustChangePassword: m.must_change_password,
});

/** Member look-up and the operator's member actions; every call checks the role, then audits. */
export const createMemberOps = ({ db, site, hasher, now }: Deps) => {
  const searchQuery = (filter: MemberSearch) => {
    let q = db.selectFrom('member');
    if (filter.merchant) q = q.where('member.merchant_code', '=', filter.merchant);
    if (filter.account)
      q = q.where(sql`lower(member.username)`, 'like', contains(filter.account.toLowerCase()));
    if (filter.mobile) q = q.where('member.mobile', 'like', contains(filter.mobile));
    if (filter.email) q = q.where(sql`lower(member.email)`, 'like', contains(filter.email.toLowerCase()));
    if (filter.status) q = q.where('member.status', '=', filter.status);
    if (filter.ip) {
      const ip = filter.ip;
      q = q.where((eb) =>
        eb.or([
          eb('member.register_ip', '=', ip),
          eb.exists(
            eb
              .selectFrom('member_session')
              .select(sql`1`.as('one'))
              .whereRef('member_session.member_id', '=', 'member.id')
              .where('member_session.ip', '=', ip),
          ),
          eb.exists(
            eb
              .selectFrom('identity_audit')
              .select(sql`1`.as('one'))
              .whereRef('identity_audit.member_id', '=', 'member.id')
              .where('identity_audit.ip', '=', ip),
          ),
        ]),
      );
    }
    return q;
  };

  const toRow = (m: {
    id: number;
    merchant_code: string;
    username: string;
    mobile: string | null;
    email: string | null;
    type: number;
    status: 'active' | 'locked';
    created_at: Date;
    last_login_at: Date | null;
  }) => ({
    id: m.id,
    merchant: m.merchant_code,
    username: m.username,
    mobile: m.mobile,
    email: m.email,
    type: m.type,
    status: m.status,
    createdAt: m.created_at.getTime(),
    lastLoginAt: m.last_login_at?.getTime() ?? null,
  });

  const ROW_COLUMNS = [
    'member.id',
    'member.merchant_code',
    'member.username',
    'member.mobile',
    'member.email',
    'member.type',
    'member.status',
    'member.created_at',
    'member.last_login_at',
  ] as const;

  const search = async (actor: Actor, filter: MemberSearch, limit: number, offset: number) => {
    assertCan(actor, 'members.read');
    const q = searchQuery(filter);
    const [rows, count] = await Promise.all([
      q
        .select(ROW_COLUMNS)
        .orderBy(SORT_COLUMNS[filter.sort], filter.order)
        .orderBy('member.id', filter.order)
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toRow), total: Number(count.n) };
  };

  const detail = async (actor: Actor, memberId: number) => {
    assertCan(actor, 'members.read');
    const m = await identityStore.findMemberById(db, memberId);
    if (!m) throw new AppError('not.found');
    const [upline, notes] = await Promise.all([
      m.upline_id === null
        ? null
        : db.selectFrom('member').select(['id', 'username']).where('id', '=', m.upline_id).executeTakeFirst(),
      db
        .selectFrom('member_note')
        .select(['id', 'created_at', 'body', 'staff_id'])
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .execute(),
    ]);
    const staffNames = await staffUsernames(
      db,
      notes.map((n) => n.staff_id),
    );
    return {
      ...toRow(m),
      nickname: m.nickname,
      upline: upline ?? null,
      mustChangePassword: m.must_change_password,
      registerIp: m.register_ip,
      notes: notes.map((n) => ({
        id: n.id,
        at: n.created_at.getTime(),
        staff: staffNames.get(n.staff_id) ?? '',
        body: n.body,
      })),
    };
  };

  const mustFind = async (trx: Kysely<DB>, memberId: number) => {
    const m = await identityStore.findMemberById(trx, memberId);
    if (!m) throw new AppError('not.found');
    return m;
  };

  /** Lock: no more logins, every session and remember-me token revoked; both audits written. */
  const lock = async (actor: Actor, memberId: number, reason: string) => {
    assertCan(actor, 'members.lock');
    const at = now();
    await db.transaction().execute(async (trx) => {
      const m = await mustFind(trx, memberId);
      await identityStore.setStatus(trx, memberId, 'locked');
      const revoked = await identityStore.revokeMemberSessions(trx, memberId, at);
      await identityStore.revokeMemberRememberTokens(trx, memberId, at);
      await identityStore.writeAudit(trx, {
        at,
        merchantCode: m.merchant_code,
        memberId,
        username: m.username,
        event: 'account.locked',
        ip: actor.ip,
        userAgent: null,
        detail: { reason, sessionsRevoked: revoked, staff: actor.username },
      });
      await appendAudit(
        trx,
        actor,
        {
          action: 'member.lock',
          target: `member:${memberId}`,
          before: memberSnapshot(m),
          after: { ...memberSnapshot(m), status: 'locked', reason, sessionsRevoked: revoked },
        },
        at,
      );
    });
    return { ok: true as const };
  };

  const unlock = async (actor: Actor, memberId: number, reason: string) => {
    assertCan(actor, 'members.lock');
    const at = now();
    await db.transaction().execute(async (trx) => {
      const m = await mustFind(trx, memberId);
      await identityStore.setStatus(trx, memberId, 'active');
      await appendAudit(
        trx,
        actor,
        {
          action: 'member.unlock',
          target: `member:${memberId}`,
          before: memberSnapshot(m),
          after: { ...memberSnapshot(m), status: 'active', reason },
        },
        at,
      );
    });
    return { ok: true as const };
  };

  const revokeSessions = async (actor: Actor, memberId: number) => {
    assertCan(actor, 'members.sessions.revoke');
    const at = now();
    return db.transaction().execute(async (trx) => {
      await mustFind(trx, memberId);
      const revoked = await identityStore.revokeMemberSessions(trx, memberId, at);
      await identityStore.revokeMemberRememberTokens(trx, memberId, at);
      await appendAudit(
        trx,
        actor,
        { action: 'member.sessions.revoke', target: `member:${memberId}`, after: { revoked } },
        at,
      );
      return { revoked };
    });
  };

  /** A one-time password the member must change at the next login; the old sessions end. */
  const resetPassword = async (actor: Actor, memberId: number) => {
    assertCan(actor, 'members.password.reset');
    const at = now();
    const existing = await mustFind(db, memberId);
    const password = oneTimePassword(site.settingsOf(existing.merchant_code).register.password);
    const passwordHash = await hasher.hash(password);
    await db.transaction().execute(async (trx) => {
      const m = await mustFind(trx, memberId);
      await identityStore.setTemporaryPassword(trx, memberId, passwordHash, at);
      const revoked = await identityStore.revokeMemberSessions(trx, memberId, at);
      await identityStore.revokeMemberRememberTokens(trx, memberId, at);
      await identityStore.writeAudit(trx, {
        at,
        merchantCode: m.merchant_code,
        memberId,
        username: m.username,
        event: 'password.reset',
        ip: actor.ip,
        userAgent: null,
        detail: { method: 'operator', staff: actor.username, sessionsRevoked: revoked },
      });
      // The password itself is never written to the log.
      await appendAudit(
        trx,
        actor,
        {
          action: 'member.password.reset',
          target: `member:${memberId}`,
          before: memberSnapshot(m),
          after: { ...memberSnapshot(m), mustChangePassword: true, sessionsRevoked: revoked },
        },
        at,
      );
    });
    return { temporaryPassword: password };
  };

  const setType = async (actor: Actor, memberId: number, type: MemberType) => {
    assertCan(actor, 'members.type');
    const at = now();
    await db.transaction().execute(async (trx) => {
      const m = await mustFind(trx, memberId);
      await trx.updateTable('member').set({ type }).where('id', '=', memberId).execute();
      await appendAudit(
        trx,
        actor,
        { action: 'member.type', target: `member:${memberId}`, before: { type: m.type }, after: { type } },
        at,
      );
    });
    return { ok: true as const };
  };

  const addNote = async (actor: Actor, memberId: number, body: string) => {
    assertCan(actor, 'members.note');
    const at = now();
    return db.transaction().execute(async (trx) => {
      await mustFind(trx, memberId);
      const row = await trx
        .insertInto('member_note')
        .values({ member_id: memberId, staff_id: actor.id, body, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendAudit(
        trx,
        actor,
        { action: 'member.note', target: `member:${memberId}`, after: { noteId: row.id, body } },
        at,
      );
      return { id: row.id };
    });
  };

  return {
    search,
    detail,
    lock,
    unlock,
    revokeSessions,
    resetPassword,
    setType,
    addNote,
  };
};

export type MemberOps = ReturnType<typeof createMemberOps>;
