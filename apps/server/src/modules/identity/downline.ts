import { type Kysely, sql } from 'kysely';
import type { DB, MemberType } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { insertMember, writeAudit } from './store';

/**
 * The upline tree as other modules read it (the agent centre, issue 20): `member.upline_id` is
 * the one source of who is whose downline; these reads walk it with recursive queries.
 */
export type DownlineMember = {
  id: number;
  uplineId: number | null;
  username: string;
  nickname: string;
  type: MemberType;
  status: 'active' | 'locked';
  createdAt: Date;
  lastLoginAt: Date | null;
  /** 1 for a direct downline, 2 for theirs, … */
  depth: number;
};

type TreeRow = {
  id: number;
  upline_id: number | null;
  username: string;
  nickname: string;
  type: MemberType;
  status: 'active' | 'locked';
  created_at: Date;
  last_login_at: Date | null;
  depth: number;
};

const toMember = (r: TreeRow): DownlineMember => ({
  id: r.id,
  uplineId: r.upline_id,
  username: r.username,
  nickname: r.nickname,
  type: r.type,
  status: r.status,
  createdAt: new Date(r.created_at),
  lastLoginAt: r.last_login_at === null ? null : new Date(r.last_login_at),
  depth: Number(r.depth),
});

/** Every member under `agentId`, at any depth (at most `maxDepth` levels down). */
export const downlineTree = async (db: Db, agentId: number, maxDepth = 20): Promise<DownlineMember[]> => {
  const { rows } = await sql<TreeRow>`
    WITH RECURSIVE team AS (
      SELECT id, upline_id, username, nickname, type, status, created_at, last_login_at, 1 AS depth
        FROM member WHERE upline_id = ${agentId}
      UNION ALL
      SELECT m.id, m.upline_id, m.username, m.nickname, m.type, m.status, m.created_at, m.last_login_at, t.depth + 1
        FROM member m JOIN team t ON m.upline_id = t.id
       WHERE t.depth < ${maxDepth}
    )
    SELECT * FROM team ORDER BY depth, id`.execute(db);
  return rows.map(toMember);
};

/** The id and upline of every member of a merchant that has an upline or is an agent (settlement runs). */
export const merchantTree = async (db: Db, merchantCode: string) =>
  (
    await db
      .selectFrom('member')
      .select(['id', 'upline_id', 'type'])
      .where('merchant_code', '=', merchantCode)
      .where((eb) => eb.or([eb('upline_id', 'is not', null), eb('type', 'in', [1, 2, 41, 42])]))
      .execute()
  ).map((r) => ({ id: r.id, uplineId: r.upline_id, type: r.type }));

/** Locks or unlocks a member (an agent's downline management); true when it changed. */
export const setMemberStatus = async (db: Db, memberId: number, status: 'active' | 'locked') => {
  const r = await db
    .updateTable('member')
    .set({ status })
    .where('id', '=', memberId)
    .where('status', '<>', status)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
};

/** A member of a merchant by username (case-insensitive), as the agent centre names accounts. */
export const memberIdByUsername = async (db: Db, merchantCode: string, username: string) =>
  (
    await db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', merchantCode)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst()
  )?.id;

/**
 * Register centre: an agent creates a direct downline member (type 0) or agent (type 1, its
 * affiliate code its username). Like the demo's agent-made accounts, the first sign-in asks for a
 * new password. Answers 409 `conflict` (`fields.username`) when the username is taken.
 */
export const createDownlineAccount = async (
  db: Db,
  a: {
    merchantCode: string;
    uplineId: number;
    username: string;
    passwordHash: string;
    asAgent: boolean;
    now: Date;
  },
) => {
  if ((await memberIdByUsername(db, a.merchantCode, a.username)) !== undefined)
    throw new AppError('conflict', { value: { fields: { username: { key: 'username_exists' } } } });
  const member = await insertMember(db as Kysely<DB>, {
    merchantCode: a.merchantCode,
    username: a.username,
    mobile: null,
    email: null,
    passwordHash: a.passwordHash,
    type: a.asAgent ? 1 : 0,
    uplineId: a.uplineId,
    nickname: a.username,
    now: a.now,
    lastLoginAt: null,
    mustChangePassword: true,
    agentCode: a.asAgent ? a.username.toUpperCase() : null,
  });
  await writeAudit(db as Kysely<DB>, {
    at: a.now,
    merchantCode: a.merchantCode,
    memberId: member.id,
    username: member.username,
    event: 'register',
    ip: null,
    userAgent: null,
    detail: { by: 'agent', uplineId: a.uplineId, asAgent: a.asAgent },
  });
  return { id: member.id, username: member.username };
};

/**
 * Makes a member an agent (type 1, an approved agent application; ADR 059): its affiliate code
 * becomes its username when it has none and the username fits and is free. Answers `agent` when
 * it is one already, `promoted`, or `refused` for a trial or other non-player account.
 */
export const promoteToAgent = async (db: Db, memberId: number): Promise<'agent' | 'promoted' | 'refused'> => {
  const m = await db
    .selectFrom('member')
    .select(['type', 'username', 'merchant_code', 'agent_code'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if ([1, 2, 41, 42].includes(m.type)) return 'agent';
  if (m.type !== 0) return 'refused';
  let code = m.agent_code;
  if (code === null && /^[A-Za-z0-9]{4,16}$/.test(m.username)) {
    const taken = await db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', m.merchant_code)
      .where(sql<string>`upper(agent_code)`, '=', m.username.toUpperCase())
      .executeTakeFirst();
    if (!taken) code = m.username.toUpperCase();
  }
  await db.updateTable('member').set({ type: 1, agent_code: code }).where('id', '=', memberId).execute();
  return 'promoted';
};
