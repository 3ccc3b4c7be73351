import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, IdentityAuditEvent, MemberTable, MemberType } from '../../db/schema';
import { sessionTimes } from './sessions';

/** Queries of the identity module. Each takes the Kysely handle (or transaction) it runs on. */

export type MemberRow = Selectable<MemberTable>;

export type NewMember = {
  merchantCode: string;
  username: string;
  mobile: string | null;
  email: string | null;
  passwordHash: string | null;
  type: MemberType;
  uplineId: number | null;
  nickname: string;
  now: Date;
  lastLoginAt: Date | null;
  mustChangePassword?: boolean;
  /** When the password was set; default `now` (the demo seed backdates it to show an expired one). */
  passwordChangedAt?: Date;
  payeeName?: string | null;
  qq?: string | null;
  line?: string | null;
  whatsapp?: string | null;
  facebook?: string | null;
  wechat?: string | null;
  idNumber?: string | null;
  recommenderId?: string | null;
  affiliateCode?: string | null;
  referralCode?: string | null;
  paymentPasswordHash?: string | null;
  registerIp?: string | null;
  registerDomain?: string | null;
  agentCode?: string | null;
};

export const insertMember = (db: Kysely<DB>, m: NewMember) =>
  db
    .insertInto('member')
    .values({
      merchant_code: m.merchantCode,
      username: m.username,
      mobile: m.mobile,
      email: m.email,
      password_hash: m.passwordHash,
      type: m.type,
      upline_id: m.uplineId,
      nickname: m.nickname,
      password_changed_at: m.passwordChangedAt ?? m.now,
      must_change_password: m.mustChangePassword ?? false,
      created_at: m.now,
      last_login_at: m.lastLoginAt,
      payee_name: m.payeeName ?? null,
      qq: m.qq ?? null,
      line: m.line ?? null,
      whatsapp: m.whatsapp ?? null,
      facebook: m.facebook ?? null,
      wechat: m.wechat ?? null,
      id_number: m.idNumber ?? null,
      recommender_id: m.recommenderId ?? null,
      affiliate_code: m.affiliateCode ?? null,
      referral_code: m.referralCode ?? null,
      payment_password_hash: m.paymentPasswordHash ?? null,
      register_ip: m.registerIp ?? null,
      register_domain: m.registerDomain ?? null,
      agent_code: m.agentCode ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Case-insensitive, per merchant (the unique index is on lower(username)). */
export const findMemberByUsername = (db: Kysely<DB>, merchantCode: string, username: string) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();

export const findMemberByMobile = (db: Kysely<DB>, merchantCode: string, e164: string) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('mobile', '=', e164)
    .executeTakeFirst();

export const findMemberById = (db: Kysely<DB>, id: number) =>
  db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();

export const setLastLogin = (db: Kysely<DB>, memberId: number, at: Date) =>
  db.updateTable('member').set({ last_login_at: at }).where('id', '=', memberId).execute();

export const setPassword = (db: Kysely<DB>, memberId: number, passwordHash: string, at: Date) =>
  db
    .updateTable('member')
    .set({ password_hash: passwordHash, password_changed_at: at, must_change_password: false })
    .where('id', '=', memberId)
    .execute();

/** The member must choose a new password before anything else (first login of an account someone else made). */
export const setMustChangePassword = (db: Kysely<DB>, memberId: number) =>
  db.updateTable('member').set({ must_change_password: true }).where('id', '=', memberId).execute();

export const setStatus = (db: Kysely<DB>, memberId: number, status: 'active' | 'locked') =>
  db.updateTable('member').set({ status }).where('id', '=', memberId).execute();

// Sessions

export const insertSession = (
  db: Kysely<DB>,
  s: {
    tokenHash: string;
    memberId: number;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    rememberFamily?: string | null;
  },
) =>
  db
    .insertInto('member_session')
    .values({
      token_hash: s.tokenHash,
      member_id: s.memberId,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
      revoked_at: null,
      ip: s.ip,
      user_agent: s.userAgent,
      remember_family: s.rememberFamily ?? null,
    })
    .execute();

/** A session with its member, by token hash. */
export const findSession = (db: Kysely<DB>, tokenHash: string) =>
  db
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select([
      's.token_hash',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      's.revoked_at',
      's.remember_family',
      'm.id',
      'm.merchant_code',
      'm.username',
      'm.nickname',
      'm.type',
      'm.mobile',
      'm.status',
      'm.created_at as member_created_at',
      'm.password_changed_at',
      'm.must_change_password',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();

/**
 * The live session of a token hash and its member, of this merchant, its last use written when due
 * (`session_member`, identity/sql/session_member.sql, with the times of `sessionTimes`); undefined
 * when there is none.
 */
export const sessionMember = async (db: Kysely<DB>, tokenHash: string, merchantCode: string, at: Date) => {
  const { idleAfter, touchBefore } = sessionTimes(at);
  const { rows } = await sql<{
    member_id: number | null;
    username: string;
    nickname: string;
    member_type: MemberType;
    mobile: string | null;
    member_created_at: Date;
    password_changed_at: Date;
    must_change_password: boolean;
    session_created_at: Date;
    remember_family: string | null;
  }>`SELECT * FROM session_member(${tokenHash}, ${merchantCode}, ${at}, ${idleAfter}, ${touchBefore})`.execute(
    db,
  );
  const row = rows[0];
  return row?.member_id == null ? undefined : { ...row, member_id: row.member_id };
};

/** Account names and merchants of members by id (other modules' lists ask through the service). */
export const membersByIds = async (db: Kysely<DB>, ids: number[]) => {
  if (ids.length === 0) return new Map<number, { username: string; merchantCode: string }>();
  const rows = await db
    .selectFrom('member')
    .select(['id', 'username', 'merchant_code'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { username: r.username, merchantCode: r.merchant_code }]));
};

/** Ids of members whose account name starts with `text` or whose id is `text` (at most 500). */
export const memberIdsMatching = async (db: Kysely<DB>, text: string, merchantCode?: string) => {
  let q = db.selectFrom('member').select('id');
  if (merchantCode) q = q.where('merchant_code', '=', merchantCode);
  const id = /^[0-9]{1,9}$/.test(text) ? Number(text) : null;
  if (text)
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, 'like', `${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`),
        ...(id !== null ? [eb('id', '=', id)] : []),
      ]),
    );
  return (await q.orderBy('id').limit(500).execute()).map((r) => r.id);
};

/** Revokes every live session of a member, except `keep` when given. */
export const revokeMemberSessions = async (db: Kysely<DB>, memberId: number, at: Date, keep?: string) => {
  let query = db
    .updateTable('member_session')
    .set({ revoked_at: at })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('token_hash', '<>', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
};

// Login throttle

export const readThrottle = (db: Kysely<DB>, merchantCode: string, subject: string) =>
  db
    .selectFrom('login_throttle')
    .select(['failures', 'locked_until'])
    .where('merchant_code', '=', merchantCode)
    .where('subject', '=', subject)
    .executeTakeFirst();

// Reserving, releasing and locking tries: ./throttle.ts (ADR 029).

// Audit (append-only: a trigger refuses UPDATE, DELETE and TRUNCATE)

export type AuditEntry = {
  at: Date;
  merchantCode: string;
  memberId: number | null;
  username: string | null;
  event: IdentityAuditEvent;
  ip: string | null;
  userAgent: string | null;
  detail?: Record<string, unknown>;
};

export const writeAudit = (db: Kysely<DB>, e: AuditEntry) =>
  db
    .insertInto('identity_audit')
    .values({
      at: e.at,
      merchant_code: e.merchantCode,
      member_id: e.memberId,
      username: e.username,
      event: e.event,
      ip: e.ip,
      user_agent: e.userAgent,
      detail: JSON.stringify(e.detail ?? {}),
    })
    .execute();

export const readAudit = (
  db: Kysely<DB>,
  merchantCode: string,
  filter: { memberId?: number; username?: string } = {},
) => {
  let query = db.selectFrom('identity_audit').selectAll().where('merchant_code', '=', merchantCode);
  if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
  if (filter.username !== undefined) query = query.where('username', '=', filter.username);
  return query.orderBy('id').execute();
};

/** Is this a PostgreSQL unique violation of the named index or constraint? */
// Keys of encrypted request bodies

/** The newest key that is not retired. */
export const readCurrentKey = (db: Kysely<DB>) =>
  db
    .selectFrom('identity_key')
    .select(['kid', 'public_jwk'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .limit(1)
    .executeTakeFirst();

export const readPrivateKey = (db: Kysely<DB>, kid: string) =>
  db
    .selectFrom('identity_key')
    .select('private_jwk')
    .where('kid', '=', kid)
    .where('retired_at', 'is', null)
    .executeTakeFirst();

export const insertKey = (
  db: Kysely<DB>,
  k: { kid: string; publicJwk: Record<string, unknown>; privateJwk: Record<string, unknown>; at: Date },
) =>
  db
    .insertInto('identity_key')
    .values({
      kid: k.kid,
      public_jwk: JSON.stringify(k.publicJwk),
      private_jwk: JSON.stringify(k.privateJwk),
      created_at: k.at,
      retired_at: null,
    })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();

// Affiliate codes

/** The active agent (type 1, 2, 41 or 42) of this merchant whose own code this is, any letter case. */
export const findAgentByCode = (db: Kysely<DB>, merchantCode: string, code: string) =>
  db
    .selectFrom('member')
    .select(['id', 'username', 'type'])
    .where('merchant_code', '=', merchantCode)
    .where(sql<string>`upper(agent_code)`, '=', code.toUpperCase())
    .where('type', 'in', [1, 2, 41, 42])
    .where('status', '=', 'active')
    .executeTakeFirst();

// Forgot password

/** When the member was last sent a temporary password, from the audit. */
export const lastPasswordReset = (db: Kysely<DB>, memberId: number) =>
  db
    .selectFrom('identity_audit')
    .select('at')
    .where('member_id', '=', memberId)
    .where('event', '=', 'password.reset')
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Sets a password the member must change at the next login (temporary password). */
export const setTemporaryPassword = (db: Kysely<DB>, memberId: number, passwordHash: string, at: Date) =>
  db
    .updateTable('member')
    .set({ password_hash: passwordHash, password_changed_at: at, must_change_password: true })
    .where('id', '=', memberId)
    .execute();

// Human verification

/** Records a spent proof-of-work payload; false when it was spent before (a replay). */
export const spendHumanVerification = async (db: Kysely<DB>, signatureHash: string, expiresAt: Date) =>
  (await db
    .insertInto('human_verification_used')
    .values({ signature_hash: signatureHash, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature_hash').doNothing())
    .returning('signature_hash')
    .executeTakeFirst()) !== undefined;

export const purgeHumanVerifications = (db: Kysely<DB>, at: Date) =>
  db.deleteFrom('human_verification_used').where('expires_at', '<', at).execute();

// Housekeeping (the `identity.purge` scheduler job)

/** Rows kept this long after they stop counting, for support questions (then deleted). */
export const PURGE_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer be used: sessions revoked, expired or idle past the idle limit;
 * remember-me tokens past their end; SMS codes, captchas, login challenges, OIDC flows and spent
 * proof-of-work payloads past expiry. Dead sessions and tokens are kept `PURGE_GRACE_MS` more.
 * Answers how many rows of each went.
 */
export const purgeExpired = async (db: Kysely<DB>, at: Date, idleMs: number) => {
  const graceEdge = new Date(at.getTime() - PURGE_GRACE_MS);
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const sessions = count(
    await db
      .deleteFrom('member_session')
      .where((eb) =>
        eb.or([
          eb('revoked_at', '<', graceEdge),
          eb('expires_at', '<', graceEdge),
          eb('last_seen_at', '<', new Date(graceEdge.getTime() - idleMs)),
        ]),
      )
      .executeTakeFirst(),
  );
  const rememberTokens = count(
    await db.deleteFrom('remember_token').where('expires_at', '<', graceEdge).executeTakeFirst(),
  );
  // Codes also feed the hourly send throttle: keep them a day.
  const codes = count(
    await db
      .deleteFrom('verification_code')
      .where('expires_at', '<', at)
      .where('created_at', '<', graceEdge)
      .executeTakeFirst(),
  );
  const captchas = count(await db.deleteFrom('captcha').where('expires_at', '<', at).executeTakeFirst());
  const challenges = count(
    await db.deleteFrom('login_challenge').where('expires_at', '<', graceEdge).executeTakeFirst(),
  );
  const oidcFlows = count(await db.deleteFrom('oidc_flow').where('expires_at', '<', at).executeTakeFirst());
  const humanVerifications = count(
    await db.deleteFrom('human_verification_used').where('expires_at', '<', at).executeTakeFirst(),
  );
  return { sessions, rememberTokens, codes, captchas, challenges, oidcFlows, humanVerifications };
};

// Agent site

/** One page of an agent's downline (members whose upline is the agent), newest first, and the total. */
export const downlinePage = async (db: Kysely<DB>, agentId: number, limit: number, offset: number) => {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('member')
      .select(['username', 'nickname', 'type', 'created_at', 'last_login_at', 'status'])
      .where('upline_id', '=', agentId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('upline_id', '=', agentId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

// The queries of one use case each, part of this store.
export * from './challenge-store';
export * from './code-store';
export * from './remember-store';
export * from './social-store';
export * from './totp-store';
