import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, IdentityAuditEvent, MemberTable, MemberType, VerificationPurpose } from '../../db/schema';
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

// SMS verification codes

export const insertCode = (
  db: Kysely<DB>,
  c: {
    merchantCode: string;
    mobile: string;
    purpose: VerificationPurpose;
    codeHash: string;
    at: Date;
    expiresAt: Date;
    delivered: boolean;
  },
) =>
  db
    .insertInto('verification_code')
    .values({
      merchant_code: c.merchantCode,
      mobile: c.mobile,
      purpose: c.purpose,
      code_hash: c.codeHash,
      created_at: c.at,
      expires_at: c.expiresAt,
      used_at: null,
      delivered: c.delivered,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Send times of every code of a number (all purposes) since `since`, oldest first. */
export const codeSendsSince = (db: Kysely<DB>, merchantCode: string, mobile: string, since: Date) =>
  db
    .selectFrom('verification_code')
    .select('created_at')
    .where('merchant_code', '=', merchantCode)
    .where('mobile', '=', mobile)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();

/** The newest code of a number for a purpose: only that one can be used. */
export const latestCode = (
  db: Kysely<DB>,
  merchantCode: string,
  mobile: string,
  purpose: VerificationPurpose,
) =>
  db
    .selectFrom('verification_code')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Counts one try, unless the code is used or out of tries; answers the new count or null. */
export const countCodeTry = async (db: Kysely<DB>, id: string, maxTries: number) =>
  (
    await db
      .updateTable('verification_code')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxTries)
      .returning('attempts')
      .executeTakeFirst()
  )?.attempts ?? null;

/** Marks a code used; false when another call used it first. */
export const useCode = async (db: Kysely<DB>, id: string, at: Date) =>
  Number(
    (
      await db
        .updateTable('verification_code')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

// Captchas

export const insertCaptcha = (
  db: Kysely<DB>,
  c: { idHash: string; merchantCode: string; answerHash: string; at: Date; expiresAt: Date },
) =>
  db
    .insertInto('captcha')
    .values({
      id_hash: c.idHash,
      merchant_code: c.merchantCode,
      answer_hash: c.answerHash,
      created_at: c.at,
      expires_at: c.expiresAt,
    })
    .execute();

/** Takes a captcha out (single use: checked once, right or wrong). */
export const takeCaptcha = (db: Kysely<DB>, idHash: string) =>
  db
    .deleteFrom('captcha')
    .where('id_hash', '=', idHash)
    .returning(['merchant_code', 'answer_hash', 'expires_at'])
    .executeTakeFirst();

export const purgeCaptchas = (db: Kysely<DB>, at: Date) =>
  db.deleteFrom('captcha').where('expires_at', '<', at).execute();

// Remember-me tokens

export const insertRememberToken = (
  db: Kysely<DB>,
  t: { tokenHash: string; family: string; memberId: number; at: Date; expiresAt: Date },
) =>
  db
    .insertInto('remember_token')
    .values({
      token_hash: t.tokenHash,
      family: t.family,
      member_id: t.memberId,
      created_at: t.at,
      expires_at: t.expiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();

export const findRememberToken = (db: Kysely<DB>, tokenHash: string) =>
  db.selectFrom('remember_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Marks a token used (rotated); false when it was used or revoked meanwhile. */
export const useRememberToken = async (db: Kysely<DB>, tokenHash: string, at: Date) =>
  Number(
    (
      await db
        .updateTable('remember_token')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const revokeRememberFamily = (db: Kysely<DB>, family: string, at: Date) =>
  db
    .updateTable('remember_token')
    .set({ revoked_at: at })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeMemberRememberTokens = (db: Kysely<DB>, memberId: number, at: Date) =>
  db
    .updateTable('remember_token')
    .set({ revoked_at: at })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();

/** Revokes the live sessions a remember-me family opened. */
export const revokeFamilySessions = (db: Kysely<DB>, family: string, at: Date) =>
  db
    .updateTable('member_session')
    .set({ revoked_at: at })
    .where('remember_family', '=', family)
    .where('revoked_at', 'is', null)
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

// Known IPs and new-IP login challenges (LOGINIPVERF3)

/** Records (or refreshes) an IP the member signed in from. */
export const recordKnownIp = (db: Kysely<DB>, memberId: number, ip: string, at: Date) =>
  db
    .insertInto('member_known_ip')
    .values({ member_id: memberId, ip, first_seen_at: at, last_seen_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: at }))
    .execute();

/** Has the member signed in from this IP before, and from any IP at all? */
export const knownIpState = async (db: Kysely<DB>, memberId: number, ip: string) => {
  const rows = await db
    .selectFrom('member_known_ip')
    .select('ip')
    .where('member_id', '=', memberId)
    .orderBy(sql`ip = ${ip}`, 'desc')
    .limit(1)
    .execute();
  const first = rows[0];
  return { any: first !== undefined, known: first?.ip === ip };
};

export const insertLoginChallenge = (
  db: Kysely<DB>,
  c: {
    idHash: string;
    merchantCode: string;
    memberId: number;
    ip: string;
    methods: string[];
    remember: boolean;
    method: string;
    at: Date;
    expiresAt: Date;
  },
) =>
  db
    .insertInto('login_challenge')
    .values({
      id_hash: c.idHash,
      merchant_code: c.merchantCode,
      member_id: c.memberId,
      ip: c.ip,
      channel: null,
      code_hash: null,
      code_sent_at: null,
      methods: JSON.stringify(c.methods),
      remember: c.remember,
      method: c.method,
      created_at: c.at,
      expires_at: c.expiresAt,
      used_at: null,
    })
    .execute();

/** The newest challenge of a member (one held login a minute per account). */
export const latestLoginChallenge = (db: Kysely<DB>, memberId: number) =>
  db
    .selectFrom('login_challenge')
    .select(['created_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** When a new-IP code was last sent to this member (one SMS or mail a minute per account). */
export const latestChallengeCodeSend = async (db: Kysely<DB>, memberId: number) =>
  (
    await db
      .selectFrom('login_challenge')
      .select('code_sent_at')
      .where('member_id', '=', memberId)
      .where('code_sent_at', 'is not', null)
      .orderBy('code_sent_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.code_sent_at ?? null;

/** Stores the code just sent for an unused challenge (replacing an earlier one); false when it was used meanwhile. */
export const setChallengeCode = async (
  db: Kysely<DB>,
  idHash: string,
  c: { channel: 'sms' | 'email'; codeHash: string; at: Date; expiresAt: Date },
) =>
  Number(
    (
      await db
        .updateTable('login_challenge')
        .set({ channel: c.channel, code_hash: c.codeHash, code_sent_at: c.at, expires_at: c.expiresAt })
        .where('id_hash', '=', idHash)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const findLoginChallenge = (db: Kysely<DB>, idHash: string) =>
  db.selectFrom('login_challenge').selectAll().where('id_hash', '=', idHash).executeTakeFirst();

/** Counts one try of an unused challenge within its tries; answers the new count or null. */
export const countChallengeTry = async (db: Kysely<DB>, idHash: string, maxTries: number) =>
  (
    await db
      .updateTable('login_challenge')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxTries)
      .returning('attempts')
      .executeTakeFirst()
  )?.attempts ?? null;

export const useLoginChallenge = async (db: Kysely<DB>, idHash: string, at: Date) =>
  Number(
    (
      await db
        .updateTable('login_challenge')
        .set({ used_at: at })
        .where('id_hash', '=', idHash)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

// Google / Facebook links and OIDC flows

export const findSocialLink = (db: Kysely<DB>, merchantCode: string, provider: string, subject: string) =>
  db
    .selectFrom('member_social_link')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('provider', '=', provider as 'google' | 'facebook')
    .where('subject', '=', subject)
    .executeTakeFirst();

export const insertSocialLink = (
  db: Kysely<DB>,
  l: {
    merchantCode: string;
    provider: 'google' | 'facebook';
    subject: string;
    memberId: number;
    email: string | null;
    at: Date;
  },
) =>
  db
    .insertInto('member_social_link')
    .values({
      merchant_code: l.merchantCode,
      provider: l.provider,
      subject: l.subject,
      member_id: l.memberId,
      email: l.email,
      created_at: l.at,
    })
    .execute();

export const insertOidcFlow = (
  db: Kysely<DB>,
  f: {
    idHash: string;
    merchantCode: string;
    provider: string;
    state: string;
    nonce: string;
    codeVerifier: string;
    at: Date;
    expiresAt: Date;
  },
) =>
  db
    .insertInto('oidc_flow')
    .values({
      id_hash: f.idHash,
      merchant_code: f.merchantCode,
      provider: f.provider,
      state: f.state,
      nonce: f.nonce,
      code_verifier: f.codeVerifier,
      created_at: f.at,
      expires_at: f.expiresAt,
      subject: null,
      email: null,
      name: null,
      signed_in_at: null,
      used_at: null,
    })
    .execute();

export const findOidcFlow = (db: Kysely<DB>, idHash: string) =>
  db.selectFrom('oidc_flow').selectAll().where('id_hash', '=', idHash).executeTakeFirst();

/** Stores the verified identity on a flow that has none yet; false when it already has one. */
export const completeOidcFlow = async (
  db: Kysely<DB>,
  idHash: string,
  who: { subject: string; email: string | null; name: string | null; at: Date },
) =>
  Number(
    (
      await db
        .updateTable('oidc_flow')
        .set({ subject: who.subject, email: who.email, name: who.name, signed_in_at: who.at })
        .where('id_hash', '=', idHash)
        .where('signed_in_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const useOidcFlow = async (db: Kysely<DB>, idHash: string, at: Date) =>
  Number(
    (
      await db
        .updateTable('oidc_flow')
        .set({ used_at: at })
        .where('id_hash', '=', idHash)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

// Authenticator app (TOTP) of members

export const findMemberTotp = (db: Kysely<DB>, memberId: number) =>
  db.selectFrom('member_totp').selectAll().where('member_id', '=', memberId).executeTakeFirst();

/** Stores a pending (unconfirmed) secret, keeping an enrolled one untouched. */
export const setPendingTotp = (db: Kysely<DB>, memberId: number, secret: string, expiresAt: Date, at: Date) =>
  db
    .insertInto('member_totp')
    .values({
      member_id: memberId,
      secret: null,
      enabled_at: null,
      pending_secret: secret,
      pending_expires_at: expiresAt,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        pending_secret: secret,
        pending_expires_at: expiresAt,
        updated_at: at,
      }),
    )
    .execute();

/** Turns the pending secret into the enrolled one, with the step of the confirming code spent; false when it changed meanwhile. */
export const enableTotp = async (db: Kysely<DB>, memberId: number, secret: string, step: number, at: Date) =>
  Number(
    (
      await db
        .updateTable('member_totp')
        .set({
          secret,
          enabled_at: at,
          last_step: String(step),
          pending_secret: null,
          pending_expires_at: null,
          updated_at: at,
        })
        .where('member_id', '=', memberId)
        .where('pending_secret', '=', secret)
        .where('secret', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

/** Spends a time step of the enrolled secret: false when a code of this step (or a later one) was used already. */
export const spendTotpStep = async (db: Kysely<DB>, memberId: number, step: number, at: Date) =>
  Number(
    (
      await db
        .updateTable('member_totp')
        .set({ last_step: String(step), updated_at: at })
        .where('member_id', '=', memberId)
        .where('secret', 'is not', null)
        .where('last_step', '<', String(step))
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const disableTotp = (db: Kysely<DB>, memberId: number, at: Date) =>
  db
    .updateTable('member_totp')
    .set({ secret: null, enabled_at: null, pending_secret: null, pending_expires_at: null, updated_at: at })
    .where('member_id', '=', memberId)
    .execute();

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
