import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@khela/contract';
import { DEFAULT_PAYOUTS } from '@khela/fair';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps, memberCall } from '../cashier/test-support';
import { gamesOf, openGame, spinOnce, spinValue } from '../games/test-support';
import { freshVnDraw, pastVnDraw, pendingVnEntry, vnPrizesOf } from '../lottery/test-support';
import { DEFAULT_RULE } from '../loyalty';
import { processingRedemption } from '../loyalty/test-support';
import { flaggedReferral, ruleBody as promoRuleBody } from '../promotions/test-support';
import { newMember } from '../wallet/test-support';
import { can, type Permission, ROLE_PERMISSIONS } from './roles';
import { auditRows, bo, memberIdOf, multipartOf, PNG_BYTES, ROLES, staffLogin } from './test-support';

/**
 * THE ROLE MATRIX: every `/bo/api` route of the running app with every role. The roles holding
 * the route's permissions succeed (and a change writes its audit row as that role); the others
 * get 403 `forbidden` naming the first permission they lack, and nothing at all is written.
 *
 * The route list comes from the app itself (its OpenAPI table): a route added anywhere under
 * `/bo/api` without an entry here fails "every back-office route is in the matrix".
 */

type Request = InjectOptions & { url: string };
type Entry = {
  /** Every permission the call needs, in the order the service checks them. */
  permissions: Permission[];
  /** An allowed call writes (one audit row by that role, at least). */
  writes: boolean;
  /** The request for `role`; may set up a fresh target first (a deposit to approve, a feedback to answer). */
  request: (role: StaffRole) => Promise<Request> | Request;
};

/** Open to every staff member (their own session), checked apart. */
const SELF_SERVICE = [
  'POST /bo/api/session/logout',
  'GET /bo/api/session/me',
  'POST /bo/api/session/password',
];
/** Before a session exists: sign-in and enrolment (throttled per IP, tested in staff.test.ts). */
const PUBLIC = ['POST /bo/api/session/login', 'POST /bo/api/session/totp/enrol'];

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('matrix'),
]);

/** A multipart feedback form with one PNG. */
const feedbackForm = () => {
  const boundary = '----khelamatrix';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="questionType"\r\n\r\nother\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nmatrix feedback\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Tables a back-office call could write; "nothing written" means each hashes the same before and after. */
const WATCHED = [
  'bo_audit',
  'staff',
  'member',
  'member_session',
  'member_note',
  'merchant',
  'site_setting',
  'site_version',
  'announcement',
  'help_article',
  'member_message',
  'member_message_read',
  'feedback',
  'cashier_setting',
  'cashier_channel',
  'cashier_deposit',
  'cashier_withdrawal',
  'cashier_withdrawal_event',
  'ledger_account',
  'journal_entry',
  'games_setting',
  'vendor',
  'protection_member',
  'protection_event',
  'support_conversation',
  'support_message',
  'referral_decision',
] as const;
/**
 * Tables watched through some columns: image bytes by id; staff sessions without `last_seen_at`
 * (every call touches its own session, refused or not).
 */
const WATCHED_COLUMNS = {
  media: 'id',
  cashier_upload: 'id',
  feedback_image: "feedback_id || '.' || seq",
  staff_session: "token_hash || '.' || coalesce(revoked_at::text, '')",
} as const;

describe('the role matrix: every back-office route with every role', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  const tokens = new Map<StaffRole, string>();
  let memberId = 0;
  let targetStaffId = 0;
  let uploadId = '';
  let roundId = '';
  let feedbackWithImage = 0;
  let khelabdChannel = 0;
  let steps: ReturnType<typeof cashierSteps>;

  /** One query: the md5 of every watched table's rows. */
  const fingerprint = async () => {
    const parts = [
      ...WATCHED.map((table) => [table, '(r.*)'] as const),
      ...Object.entries(WATCHED_COLUMNS).map(([table, columns]) => [table, `(${columns})`] as const),
    ].map(
      ([table, columns]) =>
        sql`SELECT ${table}::text AS t, md5(coalesce(string_agg(x, ',' ORDER BY x), '')) AS h
          FROM (SELECT ${sql.raw(columns)}::text AS x FROM ${sql.table(table)} r) s`,
    );
    return (await sql<{ t: string; h: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(t.db)).rows;
  };

  /** An open market of a scheduled non-cockfight event no matrix call has used yet. */
  const usedSportsEvents = new Set<string>();
  const freshSportsMarket = async () => {
    await t.app.services.sportsbook.tick();
    const market = await t.db
      .selectFrom('sb_market as m')
      .innerJoin('sb_event as e', 'e.id', 'm.event_id')
      .select(['m.id', 'm.event_id'])
      .where('e.merchant_code', '=', 'khelabd')
      .where('e.status', '=', 'scheduled')
      .where('e.sport_code', '!=', 'cockfight')
      .where('m.status', '=', 'open')
      .where('m.event_id', 'not in', ['00000000-0000-4000-8000-000000000000', ...usedSportsEvents])
      .orderBy('e.starts_at')
      .orderBy('m.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    usedSportsEvents.add(market.event_id);
    return market.id;
  };
  /** A member of khelabd with money, a payment password and a payout account. */
  const readyMember = async () => {
    const m = await newMember(t.db, { prefix: 'mx' });
    await steps.ready(m, 2_000_000n);
    return m;
  };
  /** A fresh KYC document (a new member's PNG), waiting for review: its id. */
  const kycDocument = async () => {
    const m = await newMember(t.db, { prefix: 'mxk' });
    const body = multipartOf(PNG, 'id.png', 'image/png');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/protection/kyc?kind=idFront',
      payload: body.payload,
      headers: { ...body.headers, authorization: m.token },
    });
    return ok<{ documents: { id: number }[] }>(res).documents[0]?.id ?? 0;
  };
  const riskFlag = async () => {
    const m = await newMember(t.db, { prefix: 'mxr' });
    const at = new Date();
    const row = await t.db
      .insertInto('protection_risk_flag')
      .values({
        merchant_code: 'khelabd',
        member_id: m.member.id,
        kind: 'sharedDevice',
        key: `matrix-${m.member.id}`,
        detail: JSON.stringify({ members: [] }),
        first_seen_at: at,
        last_seen_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const closedMember = async () => {
    const m = await newMember(t.db, { prefix: 'mxe' });
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/wps/protection/close',
        payload: { confirm: true, reason: 'other' },
        headers: { authorization: m.token },
      }),
    );
    return m.member.id;
  };
  const ok = <T = Record<string, unknown>>(res: { statusCode: number; body: string }) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return (JSON.parse(res.body) as { value: T }).value;
  };
  let counter = 0;
  const unique = (prefix: string) => {
    counter += 1;
    return `${prefix}${counter}`;
  };

  beforeAll(async () => {
    clock = createClock(new Date());
    t = await createTestApp({ now: clock.now });
    for (const role of ROLES) tokens.set(role, await staffLogin(t.app, clock, role));
    memberId = await memberIdOf(t.db, 'team01');
    steps = cashierSteps(t.app, t.db);
    const owner = tokens.get('owner') ?? '';
    // An "apply" promotion members apply to (its applications are decided in the matrix).
    ok(
      await bo(t.app, owner, {
        method: 'POST',
        url: '/bo/api/promotions/rules',
        payload: promoRuleBody({
          code: 'matrix-apply',
          kind: 'apply',
          frequency: 'unlimited',
          percentBp: 0,
          fixedMinor: 30_000,
          capMinor: 50_000,
          multiplier: 1,
        }),
      }),
    );
    targetStaffId = ok<{ id: number }>(
      await bo(t.app, owner, {
        method: 'POST',
        url: '/bo/api/staff',
        payload: { username: 'matrix.target', password: 'Longenough123', role: 'support' },
      }),
    ).id;
    // A receipt upload, a game round and a feedback with an image to look at.
    const payer = await newMember(t.db, { prefix: 'mx' });
    uploadId = ok<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/uploads',
        ...(() => {
          const body = multipartOf(PNG, 'r.png', 'image/png');
          return { payload: body.payload, headers: { ...body.headers, authorization: payer.token } };
        })(),
      }),
    ).id;
    await t.app.services.wallet.grantDemoCredit(payer.member.id, { amount: 10_000n });
    const [nodeId] = await gamesOf(t.db, 'PG', 1);
    const session = await openGame(t.app, payer.token, nodeId ?? '');
    roundId = spinValue(await spinOnce(t.app, session, 200)).roundId;
    feedbackWithImage = ok<{ id: number }>(
      await t.app.inject({
        method: 'PUT',
        url: '/wps/feedback',
        ...(() => {
          const body = feedbackForm();
          return { payload: body.payload, headers: { ...body.headers, authorization: payer.token } };
        })(),
      }),
    ).id;
    khelabdChannel = await steps.channelId();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => (): Request => ({ method: 'GET', url });
  /** A fresh member's open support conversation, its first message carrying a PNG. */
  const supportChat = async () => {
    const member = await newMember(t.db, { prefix: 'mx' });
    const boundary = '----matrixsupport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ok<{ id: number; conversationId: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/wps/support/messages',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: member.token },
      }),
    );
  };

  const MATRIX: Record<string, Entry> = {
    // Site settings
    'GET /bo/api/settings': {
      permissions: ['settings.read'],
      writes: false,
      request: get('/bo/api/settings?merchant=khelabd'),
    },
    'PUT /bo/api/settings': {
      permissions: ['settings.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/settings',
        payload: {
          merchant: 'khelabd',
          setting: { key: 'region', value: { blockedCountries: ['US'], info: 'Not available here' } },
        },
      }),
    },
    'PUT /bo/api/settings/flag': {
      permissions: ['settings.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/settings/flag',
        payload: { merchant: 'khelabd', modId: 'DIRECTREG3', enabled: true },
      }),
    },
    'GET /bo/api/settings/social': {
      permissions: ['settings.read'],
      writes: false,
      request: get('/bo/api/settings/social?merchant=khelabd'),
    },
    'PUT /bo/api/settings/social': {
      permissions: ['settings.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/settings/social',
        payload: { merchant: 'khelabd', provider: 'facebook', value: null },
      }),
    },
    // Members
    'GET /bo/api/members': {
      permissions: ['members.read'],
      writes: false,
      request: get('/bo/api/members?account=team'),
    },
    'GET /bo/api/members.csv': {
      permissions: ['members.read'],
      writes: false,
      request: get('/bo/api/members.csv?account=team'),
    },
    'GET /bo/api/members/detail': {
      permissions: ['members.read'],
      writes: false,
      request: () => get(`/bo/api/members/detail?id=${memberId}`)(),
    },
    'GET /bo/api/members/sessions': {
      permissions: ['members.read'],
      writes: false,
      request: () => get(`/bo/api/members/sessions?memberId=${memberId}`)(),
    },
    'GET /bo/api/members/logins': {
      permissions: ['members.read'],
      writes: false,
      request: () => get(`/bo/api/members/logins?memberId=${memberId}`)(),
    },
    'GET /bo/api/members/trail': {
      permissions: ['members.read'],
      writes: false,
      request: () => get(`/bo/api/members/trail?memberId=${memberId}`)(),
    },
    'GET /bo/api/members/sessions.csv': {
      permissions: ['members.read'],
      writes: false,
      request: () => get(`/bo/api/members/sessions.csv?memberId=${memberId}`)(),
    },
    'GET /bo/api/members/logins.csv': {
      permissions: ['members.read'],
      writes: false,
      request: () => get(`/bo/api/members/logins.csv?memberId=${memberId}`)(),
    },
    'GET /bo/api/members/trail.csv': {
      permissions: ['members.read'],
      writes: false,
      request: () => get(`/bo/api/members/trail.csv?memberId=${memberId}`)(),
    },
    'POST /bo/api/members/lock': {
      permissions: ['members.lock'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/members/lock',
        payload: { memberId, reason: 'check' },
      }),
    },
    'POST /bo/api/members/unlock': {
      permissions: ['members.lock'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/members/unlock',
        payload: { memberId, reason: 'check' },
      }),
    },
    'POST /bo/api/members/sessions/revoke': {
      permissions: ['members.sessions.revoke'],
      writes: true,
      request: () => ({ method: 'POST', url: '/bo/api/members/sessions/revoke', payload: { memberId } }),
    },
    'POST /bo/api/members/password/reset': {
      permissions: ['members.password.reset'],
      writes: true,
      request: () => ({ method: 'POST', url: '/bo/api/members/password/reset', payload: { memberId } }),
    },
    'POST /bo/api/members/type': {
      permissions: ['members.type'],
      writes: true,
      request: () => ({ method: 'POST', url: '/bo/api/members/type', payload: { memberId, type: 0 } }),
    },
    'POST /bo/api/members/notes': {
      permissions: ['members.note'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/members/notes',
        payload: { memberId, body: 'called about a deposit' },
      }),
    },
    // Content
    'POST /bo/api/media': {
      permissions: ['content.write'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/media',
        ...multipartOf(Buffer.concat([PNG_BYTES, Buffer.from(randomUUID())]), 'b.png', 'image/png'),
      }),
    },
    'GET /bo/api/announcements': {
      permissions: ['content.write'],
      writes: false,
      request: get('/bo/api/announcements?merchant=khelabd'),
    },
    'GET /bo/api/announcements.csv': {
      permissions: ['content.write'],
      writes: false,
      request: get('/bo/api/announcements.csv?merchant=khelabd'),
    },
    'PUT /bo/api/announcements': {
      permissions: ['content.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/announcements',
        payload: { merchant: 'khelabd', kind: 'PL', title: { en: 'Notice' }, content: { en: 'Read me' } },
      }),
    },
    'GET /bo/api/help': {
      permissions: ['content.write'],
      writes: false,
      request: get('/bo/api/help?merchant=khelabd'),
    },
    'GET /bo/api/help.csv': {
      permissions: ['content.write'],
      writes: false,
      request: get('/bo/api/help.csv?merchant=khelabd'),
    },
    'PUT /bo/api/help': {
      permissions: ['content.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/help',
        payload: {
          merchant: 'khelabd',
          tag: 'rules',
          title: { en: 'Rules' },
          content: { en: '<p>Play fair</p>' },
        },
      }),
    },
    // Staff (owner)
    'GET /bo/api/staff': { permissions: ['staff.manage'], writes: false, request: get('/bo/api/staff') },
    'GET /bo/api/staff.csv': {
      permissions: ['staff.manage'],
      writes: false,
      request: get('/bo/api/staff.csv'),
    },
    'POST /bo/api/staff': {
      permissions: ['staff.manage'],
      writes: true,
      request: (role) => ({
        method: 'POST',
        url: '/bo/api/staff',
        payload: { username: unique(`mx.${role}.`), password: 'Longenough123', role: 'content' },
      }),
    },
    'POST /bo/api/staff/status': {
      permissions: ['staff.manage'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/staff/status',
        payload: { staffId: targetStaffId, status: 'active' },
      }),
    },
    'PUT /bo/api/staff/role': {
      permissions: ['staff.manage'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/staff/role',
        payload: { staffId: targetStaffId, role: 'risk' },
      }),
    },
    'POST /bo/api/staff/unlock': {
      permissions: ['staff.manage'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/staff/unlock',
        payload: { staffId: targetStaffId },
      }),
    },
    'POST /bo/api/staff/totp/reset': {
      permissions: ['staff.manage'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/staff/totp/reset',
        payload: { staffId: targetStaffId },
      }),
    },
    'GET /bo/api/staff/sessions': {
      permissions: ['staff.manage'],
      writes: false,
      request: () => get(`/bo/api/staff/sessions?staffId=${targetStaffId}`)(),
    },
    'GET /bo/api/staff/sessions.csv': {
      permissions: ['staff.manage'],
      writes: false,
      request: () => get(`/bo/api/staff/sessions.csv?staffId=${targetStaffId}`)(),
    },
    'POST /bo/api/staff/sessions/revoke': {
      permissions: ['staff.manage'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/staff/sessions/revoke',
        payload: { staffId: targetStaffId },
      }),
    },
    // Dashboard and audit
    'GET /bo/api/dashboard': {
      permissions: ['dashboard.read'],
      writes: false,
      request: get('/bo/api/dashboard?days=7'),
    },
    'GET /bo/api/dashboard/money': {
      permissions: ['dashboard.read'],
      writes: false,
      request: get('/bo/api/dashboard/money?days=7'),
    },
    'GET /bo/api/audit': { permissions: ['audit.read'], writes: false, request: get('/bo/api/audit') },
    'GET /bo/api/audit.csv': {
      permissions: ['audit.read'],
      writes: false,
      request: get('/bo/api/audit.csv'),
    },
    // Support: messages and feedback
    'GET /bo/api/messages': {
      permissions: ['messages.send'],
      writes: false,
      request: get('/bo/api/messages'),
    },
    'GET /bo/api/messages.csv': {
      permissions: ['messages.send'],
      writes: false,
      request: get('/bo/api/messages.csv'),
    },
    'POST /bo/api/messages': {
      permissions: ['messages.send'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/messages',
        payload: { audience: 'member', merchant: 'khelabd', memberId, title: 'Hello', body: '<p>Hi</p>' },
      }),
    },
    'GET /bo/api/feedback': {
      permissions: ['feedback.read'],
      writes: false,
      request: get('/bo/api/feedback'),
    },
    'GET /bo/api/feedback.csv': {
      permissions: ['feedback.read'],
      writes: false,
      request: get('/bo/api/feedback.csv'),
    },
    'GET /bo/api/feedback/detail': {
      permissions: ['feedback.read'],
      writes: false,
      request: () => get(`/bo/api/feedback/detail?id=${feedbackWithImage}`)(),
    },
    'GET /bo/api/feedback/image': {
      permissions: ['feedback.read'],
      writes: false,
      request: () => get(`/bo/api/feedback/image?id=${feedbackWithImage}&seq=1`)(),
    },
    'POST /bo/api/feedback/reply': {
      permissions: ['feedback.read', 'messages.send'],
      writes: true,
      request: async () => {
        const member = await newMember(t.db, { prefix: 'mx' });
        const body = feedbackForm();
        const { id } = ok<{ id: number }>(
          await t.app.inject({
            method: 'PUT',
            url: '/wps/feedback',
            payload: body.payload,
            headers: { ...body.headers, authorization: member.token },
          }),
        );
        return { method: 'POST', url: '/bo/api/feedback/reply', payload: { id, body: '<p>Thanks</p>' } };
      },
    },
    // Support chat (issue 24): the inbox, a conversation, its image, reply, close
    'GET /bo/api/support/conversations': {
      permissions: ['support.chat'],
      writes: false,
      request: get('/bo/api/support/conversations?queue=general'),
    },
    'GET /bo/api/support/conversation': {
      permissions: ['support.chat'],
      writes: false,
      request: async () => get(`/bo/api/support/conversation?id=${(await supportChat()).conversationId}`)(),
    },
    'GET /bo/api/support/image': {
      permissions: ['support.chat'],
      writes: false,
      request: async () => get(`/bo/api/support/image?id=${(await supportChat()).id}`)(),
    },
    'POST /bo/api/support/reply': {
      permissions: ['support.chat'],
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/bo/api/support/reply',
        payload: { id: (await supportChat()).conversationId, text: 'We are on it' },
      }),
    },
    'POST /bo/api/support/close': {
      permissions: ['support.chat'],
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/bo/api/support/close',
        payload: { id: (await supportChat()).conversationId },
      }),
    },
    // Finance: cashier queues, channels, settings, adjustments, ledger, limits
    'GET /bo/api/cashier/deposits': {
      permissions: ['cashier.queue'],
      writes: false,
      request: get('/bo/api/cashier/deposits'),
    },
    'GET /bo/api/cashier/deposits.csv': {
      permissions: ['cashier.queue'],
      writes: false,
      request: get('/bo/api/cashier/deposits.csv'),
    },
    'POST /bo/api/cashier/deposits/approve': {
      permissions: ['cashier.queue'],
      writes: true,
      request: async () => {
        const m = await newMember(t.db, { prefix: 'mx' });
        const deposit = ok<{ id: string }>(
          await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
            channelId: khelabdChannel,
            amount: 50_000,
            reference: `MX${randomUUID().slice(0, 8)}`,
          }),
        );
        return { method: 'POST', url: '/bo/api/cashier/deposits/approve', payload: { id: deposit.id } };
      },
    },
    'POST /bo/api/cashier/deposits/reject': {
      permissions: ['cashier.queue'],
      writes: true,
      request: async () => {
        const m = await newMember(t.db, { prefix: 'mx' });
        const deposit = ok<{ id: string }>(
          await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
            channelId: khelabdChannel,
            amount: 50_000,
            reference: `MX${randomUUID().slice(0, 8)}`,
          }),
        );
        return {
          method: 'POST',
          url: '/bo/api/cashier/deposits/reject',
          payload: { id: deposit.id, reason: 'no such payment' },
        };
      },
    },
    'GET /bo/api/cashier/withdrawals': {
      permissions: ['cashier.queue'],
      writes: false,
      request: get('/bo/api/cashier/withdrawals'),
    },
    'GET /bo/api/cashier/withdrawals.csv': {
      permissions: ['cashier.queue'],
      writes: false,
      request: get('/bo/api/cashier/withdrawals.csv'),
    },
    'POST /bo/api/cashier/withdrawals/action': {
      permissions: ['cashier.queue'],
      writes: true,
      request: async () => {
        const w = await steps.withdraw(await readyMember(), 60_000);
        return {
          method: 'POST',
          url: '/bo/api/cashier/withdrawals/action',
          payload: { id: String(w.id), action: 'approve' },
        };
      },
    },
    'GET /bo/api/cashier/upload': {
      permissions: ['cashier.queue'],
      writes: false,
      request: () => get(`/bo/api/cashier/upload?id=${uploadId}`)(),
    },
    'GET /bo/api/cashier/channels': {
      permissions: ['cashier.channels'],
      writes: false,
      request: get('/bo/api/cashier/channels?merchant=khelabd'),
    },
    'PUT /bo/api/cashier/channels': {
      permissions: ['cashier.channels'],
      writes: true,
      request: (role) => ({
        method: 'PUT',
        url: '/bo/api/cashier/channels',
        payload: {
          merchant: 'khelabd',
          code: 'ROCKET',
          name: unique(`Matrix ${role} `),
          kind: 'manual',
          min: 20_000,
          max: 100_000,
          enabled: false,
        },
      }),
    },
    'DELETE /bo/api/cashier/channels': {
      permissions: ['cashier.channels'],
      writes: true,
      request: async () => {
        const { id } = ok<{ id: number }>(
          await bo(t.app, tokens.get('owner') ?? '', {
            method: 'PUT',
            url: '/bo/api/cashier/channels',
            payload: {
              merchant: 'khelabd',
              code: 'ROCKET',
              name: unique('Spare '),
              kind: 'manual',
              min: 20_000,
              max: 100_000,
              enabled: false,
            },
          }),
        );
        return { method: 'DELETE', url: '/bo/api/cashier/channels', payload: { id } };
      },
    },
    'GET /bo/api/cashier/settings': {
      permissions: ['cashier.channels'],
      writes: false,
      request: get('/bo/api/cashier/settings?merchant=khelabd'),
    },
    'PUT /bo/api/cashier/settings': {
      permissions: ['cashier.channels'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/cashier/settings',
        payload: { merchant: 'khelabd', withdrawMin: 50_000, withdrawMax: 5_000_000, autoConfirmMinutes: 60 },
      }),
    },
    'POST /bo/api/cashier/adjust': {
      permissions: ['cashier.adjust'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/cashier/adjust',
        headers: { 'idempotency-key': randomUUID() },
        payload: { memberId, direction: 'credit', amount: 1_000, reason: 'goodwill credit' },
      }),
    },
    'GET /bo/api/cashier/ledger': {
      permissions: ['cashier.queue'],
      writes: false,
      request: () => get(`/bo/api/cashier/ledger?memberId=${memberId}`)(),
    },
    'GET /bo/api/cashier/limits': {
      permissions: ['limits.write'],
      writes: false,
      request: () => get(`/bo/api/cashier/limits?memberId=${memberId}`)(),
    },
    'PUT /bo/api/cashier/limits': {
      permissions: ['limits.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/cashier/limits',
        payload: {
          memberId,
          depositAmount: 5_000_000,
          withdrawAmount: null,
          withdrawCount: null,
          reason: 'risk review',
        },
      }),
    },
    'GET /bo/api/cashier/limit-defaults': {
      permissions: ['limits.write'],
      writes: false,
      request: get('/bo/api/cashier/limit-defaults?merchant=khelabd'),
    },
    'PUT /bo/api/cashier/limit-defaults': {
      permissions: ['limits.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/cashier/limit-defaults',
        payload: {
          merchant: 'khelabd',
          depositAmount: null,
          withdrawAmount: null,
          withdrawCount: null,
          reason: 'no default limits',
        },
      }),
    },
    // Games
    'GET /bo/api/games/rounds': {
      permissions: ['games.read'],
      writes: false,
      request: get('/bo/api/games/rounds'),
    },
    'GET /bo/api/games/rounds.csv': {
      permissions: ['games.read'],
      writes: false,
      request: get('/bo/api/games/rounds.csv'),
    },
    'GET /bo/api/games/rounds/detail': {
      permissions: ['games.read'],
      writes: false,
      request: () => get(`/bo/api/games/rounds/detail?id=${roundId}`)(),
    },
    'GET /bo/api/games/vendors': {
      permissions: ['games.read'],
      writes: false,
      request: get('/bo/api/games/vendors'),
    },
    'POST /bo/api/games/vendors/status': {
      permissions: ['games.write'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/games/vendors/status',
        payload: { code: 'NETENT', gameType: 'RNG', enabled: true },
      }),
    },
    'GET /bo/api/games/jackpot': {
      permissions: ['games.read'],
      writes: false,
      request: get('/bo/api/games/jackpot?merchant=khelabd'),
    },
    'PUT /bo/api/games/jackpot': {
      permissions: ['games.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/games/jackpot',
        payload: {
          merchant: 'khelabd',
          enabled: true,
          shareBp: 50,
          seedMinor: '0',
          odds: 1000,
          bigWinMinMinor: '0',
        },
      }),
    },
    'GET /bo/api/lottery/rules': {
      permissions: ['lottery.read'],
      writes: false,
      request: get('/bo/api/lottery/rules?merchant=khelabd&gameCode=KENO5'),
    },
    'PUT /bo/api/lottery/rules': {
      permissions: ['lottery.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/lottery/rules',
        payload: {
          merchant: 'khelabd',
          gameCode: 'KENO5',
          intervalSeconds: 300,
          lockSeconds: 30,
          minStakeMinor: '100',
          maxStakeMinor: '100000',
          liabilityCapMinor: '10000000000',
          payouts: { pick: DEFAULT_PAYOUTS.keno.pick },
        },
      }),
    },
    'GET /bo/api/lottery/exposure': {
      permissions: ['lottery.read'],
      writes: false,
      request: get('/bo/api/lottery/exposure?merchant=khelabd&gameCode=KENO5'),
    },
    'POST /bo/api/lottery/issues/void': {
      permissions: ['lottery.write'],
      writes: true,
      request: async () => {
        await t.app.services.lottery.tick();
        const issue = await t.db
          .selectFrom('lottery_issue')
          .select(['game_code', 'issue_no'])
          .where('status', '=', 'scheduled')
          .where('merchant_code', '=', 'khelabd')
          .orderBy('draws_at', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        return {
          method: 'POST',
          url: '/bo/api/lottery/issues/void',
          payload: {
            merchant: 'khelabd',
            gameCode: issue.game_code,
            issueNo: issue.issue_no,
            reason: 'matrix',
          },
        };
      },
    },
    'GET /bo/api/lottery/bets': {
      permissions: ['lottery.read'],
      writes: false,
      request: get('/bo/api/lottery/bets?merchant=khelabd'),
    },
    'GET /bo/api/lottery/bets.csv': {
      permissions: ['lottery.read'],
      writes: false,
      request: get('/bo/api/lottery/bets.csv?merchant=khelabd'),
    },
    'GET /bo/api/lottery/vn/results': {
      permissions: ['lottery.read'],
      writes: false,
      request: get('/bo/api/lottery/vn/results?merchant=khelabd'),
    },
    'GET /bo/api/lottery/vn/draws': {
      permissions: ['lottery.read'],
      writes: false,
      request: get('/bo/api/lottery/vn/draws?merchant=khelabd'),
    },
    'POST /bo/api/lottery/vn/results': {
      permissions: ['lottery.write'],
      writes: true,
      request: async () => {
        const draw = await pastVnDraw(t, clock.now());
        return {
          method: 'POST',
          url: '/bo/api/lottery/vn/results',
          payload: {
            merchant: 'khelabd',
            issueNo: draw.issueNo,
            result: { prizes: vnPrizesOf(draw.region) },
          },
        };
      },
    },
    'POST /bo/api/lottery/vn/results/approve': {
      permissions: ['lottery.write'],
      writes: true,
      request: async () => {
        const draw = await pastVnDraw(t, clock.now());
        return {
          method: 'POST',
          url: '/bo/api/lottery/vn/results/approve',
          payload: { merchant: 'khelabd', entryId: await pendingVnEntry(t, draw) },
        };
      },
    },
    'GET /bo/api/lottery/vn/holidays': {
      permissions: ['lottery.read'],
      writes: false,
      request: get('/bo/api/lottery/vn/holidays'),
    },
    'POST /bo/api/lottery/vn/holidays': {
      permissions: ['lottery.write'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/lottery/vn/holidays',
        payload: { day: '2030-01-01', reason: 'matrix' },
      }),
    },
    'POST /bo/api/lottery/vn/void': {
      permissions: ['lottery.write'],
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/bo/api/lottery/vn/void',
        payload: { merchant: 'khelabd', issueNo: (await freshVnDraw(t)).issueNo, reason: 'matrix' },
      }),
    },
    'GET /bo/api/tables': {
      permissions: ['games.read'],
      writes: false,
      request: get('/bo/api/tables?merchant=khelabd'),
    },
    'POST /bo/api/tables/status': {
      permissions: ['games.write'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/tables/status',
        payload: { merchant: 'khelabd', tableId: 'khelabd-ab-a', open: true, reason: 'matrix' },
      }),
    },
    'POST /bo/api/tables/rounds/void': {
      permissions: ['games.write'],
      writes: true,
      request: async () => {
        // A fresh open round: the tables' clock opens the next one after a void.
        await t.app.services.tables.tick();
        const round = await t.db
          .selectFrom('live_round')
          .select('round_no')
          .where('table_id', '=', 'khelabd-ab-a')
          .where('state', '=', 'betting')
          .executeTakeFirstOrThrow();
        return {
          method: 'POST',
          url: '/bo/api/tables/rounds/void',
          payload: {
            merchant: 'khelabd',
            tableId: 'khelabd-ab-a',
            roundNo: round.round_no,
            reason: 'matrix',
          },
        };
      },
    },
    'GET /bo/api/lottery/vn/rules': {
      permissions: ['lottery.read'],
      writes: false,
      request: get('/bo/api/lottery/vn/rules?merchant=khelabd'),
    },
    'PUT /bo/api/lottery/vn/rules': {
      permissions: ['lottery.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/lottery/vn/rules',
        payload: {
          merchant: 'khelabd',
          region: 'north',
          payouts: { de: 90_000 },
          minStakeMinor: '100',
          maxStakeMinor: '1000000',
          liabilityCapMinor: '100000000',
        },
      }),
    },
    'GET /bo/api/lottery/vn/exposure': {
      permissions: ['lottery.read'],
      writes: false,
      request: async () => {
        // Any draw will do (reading its exposure uses none up).
        const draw = await t.db
          .selectFrom('lottery_vn_draw')
          .select('issue_no')
          .where('merchant_code', '=', 'khelabd')
          .orderBy('issue_no')
          .executeTakeFirst();
        return get(`/bo/api/lottery/vn/exposure?merchant=khelabd&issueNo=${draw?.issue_no ?? 'none'}`)();
      },
    },
    'GET /bo/api/sportsbook/events': {
      permissions: ['sportsbook.read'],
      writes: false,
      request: get('/bo/api/sportsbook/events?merchant=khelabd&product=COCKFIGHT'),
    },
    'POST /bo/api/sportsbook/markets/status': {
      permissions: ['sportsbook.write'],
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/bo/api/sportsbook/markets/status',
        payload: {
          merchant: 'khelabd',
          marketId: await freshSportsMarket(),
          status: 'suspended',
          reason: 'matrix',
        },
      }),
    },
    'POST /bo/api/sportsbook/markets/void': {
      permissions: ['sportsbook.write'],
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/bo/api/sportsbook/markets/void',
        payload: { merchant: 'khelabd', marketId: await freshSportsMarket(), reason: 'matrix' },
      }),
    },
    'POST /bo/api/sportsbook/events/result': {
      permissions: ['sportsbook.write'],
      writes: true,
      request: async () => {
        const market = await freshSportsMarket();
        const event = await t.db
          .selectFrom('sb_market')
          .select('event_id')
          .where('id', '=', market)
          .executeTakeFirstOrThrow();
        return {
          method: 'POST',
          url: '/bo/api/sportsbook/events/result',
          payload: {
            merchant: 'khelabd',
            eventId: event.event_id,
            result: { kind: 'score', home: 1, away: 0 },
            reason: 'matrix',
          },
        };
      },
    },
    'GET /bo/api/sportsbook/bets': {
      permissions: ['sportsbook.read'],
      writes: false,
      request: get('/bo/api/sportsbook/bets?merchant=khelabd&result=cashed_out'),
    },
    'GET /bo/api/sportsbook/rules/cashout': {
      permissions: ['sportsbook.read'],
      writes: false,
      request: get('/bo/api/sportsbook/rules/cashout?merchant=khelabd'),
    },
    'POST /bo/api/sportsbook/rules/cashout': {
      permissions: ['sportsbook.write'],
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/bo/api/sportsbook/rules/cashout',
        payload: { merchant: 'khelabd', enabled: true, marginBp: 500, reason: 'matrix' },
      }),
    },
    'GET /bo/api/protection/dashboard': {
      permissions: ['protection.read'],
      writes: false,
      request: get('/bo/api/protection/dashboard?merchant=khelabd'),
    },
    'GET /bo/api/protection/exclusions': {
      permissions: ['protection.read'],
      writes: false,
      request: get('/bo/api/protection/exclusions?q=team'),
    },
    'POST /bo/api/protection/exclusions': {
      permissions: ['protection.write'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/protection/exclusions',
        payload: { memberId, type: 'timeout', days: 1, reason: 'asked by phone' },
      }),
    },
    'GET /bo/api/protection/profile': {
      permissions: ['protection.read'],
      writes: false,
      request: get('/bo/api/protection/profile?merchant=khelain'),
    },
    'PUT /bo/api/protection/profile': {
      permissions: ['protection.write'],
      writes: true,
      request: async () => {
        const current = ok<{ version: number }>(
          await bo(t.app, tokens.get('owner') ?? '', {
            method: 'GET',
            url: '/bo/api/protection/profile?merchant=khelain',
          }),
        );
        return {
          method: 'PUT',
          url: '/bo/api/protection/profile',
          payload: {
            merchant: 'khelain',
            baseVersion: current.version,
            minAge: 18,
            moneyMode: 'real',
            allowedProducts: ['RNG', 'LIVE'],
            coolingOffHours: 48,
            limitPrompt: 'none',
            kycBeforeDeposit: false,
            kycWithdrawalAbove: null,
          },
        };
      },
    },
    'GET /bo/api/protection/kyc': {
      permissions: ['protection.read'],
      writes: false,
      request: get('/bo/api/protection/kyc?merchant=khelabd'),
    },
    'GET /bo/api/protection/kyc/document': {
      permissions: ['protection.read'],
      writes: false,
      request: async () => get(`/bo/api/protection/kyc/document?id=${await kycDocument()}`)(),
    },
    'POST /bo/api/protection/kyc/review': {
      permissions: ['protection.write'],
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/bo/api/protection/kyc/review',
        payload: { id: await kycDocument(), decision: 'reject', reason: 'matrix review' },
      }),
    },
    'GET /bo/api/protection/risk': {
      permissions: ['protection.read'],
      writes: false,
      request: get('/bo/api/protection/risk?merchant=khelabd'),
    },
    'POST /bo/api/protection/risk/decide': {
      permissions: ['protection.write'],
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/bo/api/protection/risk/decide',
        payload: { id: await riskFlag(), decision: 'clear', note: 'matrix decision' },
      }),
    },
    'POST /bo/api/protection/risk/scan': {
      permissions: ['protection.write'],
      writes: true,
      request: async () => ({ method: 'POST', url: '/bo/api/protection/risk/scan' }),
    },
    'GET /bo/api/protection/erasures': {
      permissions: ['protection.read'],
      writes: false,
      request: get('/bo/api/protection/erasures?merchant=khelabd'),
    },
    'POST /bo/api/protection/erasures': {
      permissions: ['protection.write'],
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/bo/api/protection/erasures',
        payload: { memberId: await closedMember(), reason: 'asked by mail' },
      }),
    },
    'GET /bo/api/promotions/rules': {
      permissions: ['promotions.read'],
      writes: false,
      request: get('/bo/api/promotions/rules?merchant=khelabd'),
    },
    'POST /bo/api/promotions/rules': {
      permissions: ['promotions.write'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/promotions/rules',
        payload: promoRuleBody({ code: unique('matrix-promo') }),
      }),
    },
    'GET /bo/api/promotions/applications': {
      permissions: ['promotions.read'],
      writes: false,
      request: get('/bo/api/promotions/applications?merchant=khelabd'),
    },
    'POST /bo/api/promotions/applications/decide': {
      permissions: ['promotions.write'],
      writes: true,
      // A fresh application of a new member to an "apply" promotion, for each call.
      request: async () => {
        const applicant = await newMember(t.db, { prefix: 'mxapp' });
        const applied = ok<{ applicationId: string }>(
          await memberCall(t.app, applicant.token, 'POST', '/wps/promotions/apply', {
            code: 'matrix-apply',
            remark: 'matrix',
          }),
        );
        return {
          method: 'POST',
          url: '/bo/api/promotions/applications/decide',
          payload: { id: applied.applicationId, approve: false, reason: 'matrix' },
        };
      },
    },
    'GET /bo/api/promotions/bonuses': {
      permissions: ['promotions.read'],
      writes: false,
      request: get('/bo/api/promotions/bonuses?merchant=khelabd'),
    },
    'GET /bo/api/promotions/bonuses.csv': {
      permissions: ['promotions.read'],
      writes: false,
      request: get('/bo/api/promotions/bonuses.csv?merchant=khelabd'),
    },
    'GET /bo/api/promotions/referrals': {
      permissions: ['promotions.read'],
      writes: false,
      request: get('/bo/api/promotions/referrals?merchant=khelabd'),
    },
    'GET /bo/api/promotions/referrals.csv': {
      permissions: ['promotions.read'],
      writes: false,
      request: get('/bo/api/promotions/referrals.csv?merchant=khelabd'),
    },
    'POST /bo/api/promotions/referrals/decide': {
      permissions: ['promotions.write'],
      writes: true,
      // A fresh friend under review (shares the referrer's IP) for each call.
      request: async () => {
        const pair = await flaggedReferral(t.db);
        return {
          method: 'POST',
          url: '/bo/api/promotions/referrals/decide',
          payload: {
            merchant: 'khelabd',
            referrerId: pair.referrerId,
            friendId: pair.friendId,
            approve: false,
            reason: 'matrix',
          },
        };
      },
    },
    'GET /bo/api/loyalty/rule': {
      permissions: ['loyalty.read'],
      writes: false,
      request: get('/bo/api/loyalty/rule?merchant=khelabd'),
    },
    'PUT /bo/api/loyalty/rule': {
      permissions: ['loyalty.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/loyalty/rule',
        payload: { merchant: 'khelabd', rule: DEFAULT_RULE },
      }),
    },
    'GET /bo/api/loyalty/rebates/preview': {
      permissions: ['loyalty.read'],
      writes: false,
      request: get('/bo/api/loyalty/rebates/preview?merchant=khelabd&day=2025-12-01'),
    },
    'POST /bo/api/loyalty/rebates/commit': {
      permissions: ['loyalty.write'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/loyalty/rebates/commit',
        payload: { merchant: 'khelabd', day: '2025-12-01' },
      }),
    },
    'GET /bo/api/loyalty/rebates.csv': {
      permissions: ['loyalty.read'],
      writes: false,
      request: get('/bo/api/loyalty/rebates.csv?merchant=khelabd&day=2025-12-01'),
    },
    'GET /bo/api/loyalty/mall/items': {
      permissions: ['loyalty.read'],
      writes: false,
      request: get('/bo/api/loyalty/mall/items?merchant=khelabd'),
    },
    'PUT /bo/api/loyalty/mall/items': {
      permissions: ['loyalty.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/loyalty/mall/items',
        payload: {
          merchant: 'khelabd',
          kind: 'goods',
          name: { en: 'Matrix cap' },
          pointsCost: '10',
          cashMinor: '0',
          stock: 5,
          active: true,
        },
      }),
    },
    'GET /bo/api/loyalty/mall/redemptions': {
      permissions: ['loyalty.read'],
      writes: false,
      request: get('/bo/api/loyalty/mall/redemptions?merchant=khelabd'),
    },
    'GET /bo/api/loyalty/mall/redemptions.csv': {
      permissions: ['loyalty.read'],
      writes: false,
      request: get('/bo/api/loyalty/mall/redemptions.csv?merchant=khelabd'),
    },
    'POST /bo/api/loyalty/mall/redemptions/decide': {
      permissions: ['loyalty.write'],
      writes: true,
      // A fresh processing redemption of a member with points, for each call.
      request: async () => {
        const id = await processingRedemption(t.db, memberId);
        return {
          method: 'POST',
          url: '/bo/api/loyalty/mall/redemptions/decide',
          payload: { merchant: 'khelabd', id, approve: false, reason: 'matrix' },
        };
      },
    },
    'GET /bo/api/loyalty/missions': {
      permissions: ['loyalty.read'],
      writes: false,
      request: get('/bo/api/loyalty/missions?merchant=khelabd'),
    },
    'PUT /bo/api/loyalty/missions': {
      permissions: ['loyalty.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/loyalty/missions',
        payload: {
          merchant: 'khelabd',
          code: 'matrix',
          period: 'daily',
          kind: 'rounds',
          product: null,
          target: '3',
          rewardMinor: '100',
          name: { en: 'Matrix' },
          active: true,
        },
      }),
    },
    'GET /bo/api/agency/agents': {
      permissions: ['agency.read'],
      writes: false,
      request: get('/bo/api/agency/agents?merchant=khelabd'),
    },
    'POST /bo/api/agency/contracts': {
      permissions: ['agency.write'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/agency/contracts',
        payload: {
          merchant: 'khelabd',
          account: 'agent01',
          kind: 'hourly',
          tiers: [{ minActive: 0, rateBp: 5 }],
        },
      }),
    },
    'GET /bo/api/agency/runs/preview': {
      permissions: ['agency.read'],
      writes: false,
      request: get('/bo/api/agency/runs/preview?merchant=khelabd&kind=daily'),
    },
    'POST /bo/api/agency/runs': {
      permissions: ['agency.write'],
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/agency/runs',
        payload: { merchant: 'khelabd', kind: 'daily' },
      }),
    },
    'GET /bo/api/agency/settlements': {
      permissions: ['agency.read'],
      writes: false,
      request: get('/bo/api/agency/settlements?merchant=khelabd'),
    },
    'GET /bo/api/agency/settlements.csv': {
      permissions: ['agency.read'],
      writes: false,
      request: get('/bo/api/agency/settlements.csv?merchant=khelabd'),
    },
    'GET /bo/api/agency/applications': {
      permissions: ['agency.read'],
      writes: false,
      request: get('/bo/api/agency/applications?merchant=khelabd'),
    },
    'POST /bo/api/agency/applications/decide': {
      permissions: ['agency.write'],
      writes: true,
      request: async () => {
        const applied = await t.app.inject({
          method: 'POST',
          url: '/wps/agency/apply',
          payload: { name: 'Matrix applicant', contact: '+8801711000999', channel: 'mobile' },
        });
        return {
          method: 'POST',
          url: '/bo/api/agency/applications/decide',
          payload: { merchant: 'khelabd', id: applied.json().value.id, approve: false, reason: 'matrix' },
        };
      },
    },
    'GET /bo/api/agency/templates': {
      permissions: ['agency.read'],
      writes: false,
      request: get('/bo/api/agency/templates?merchant=khelabd'),
    },
    'PUT /bo/api/agency/templates': {
      permissions: ['agency.write'],
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/agency/templates',
        payload: {
          merchant: 'khelabd',
          templates: [{ kind: 'hourly', tiers: [{ minActive: 0, rateBp: 5 }] }],
        },
      }),
    },
  };

  /** `METHOD path` of every `/bo/api` route the app serves, from its OpenAPI table. */
  const routesOfApp = () => {
    const doc = (
      t.app as unknown as { swagger: () => { paths: Record<string, Record<string, unknown>> } }
    ).swagger();
    return Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/bo/api/'))
      .flatMap(([path, verbs]) =>
        Object.keys(verbs)
          .filter((verb) => ['get', 'post', 'put', 'delete', 'patch'].includes(verb))
          .map((verb) => `${verb.toUpperCase()} ${path}`),
      )
      .sort();
  };

  it('every back-office route is in the matrix, and the matrix names no route that is gone', () => {
    const served = routesOfApp();
    expect(served.length).toBeGreaterThan(60);
    const known = new Set([...Object.keys(MATRIX), ...SELF_SERVICE, ...PUBLIC]);
    expect(
      served.filter((route) => !known.has(route)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      [...known].filter((route) => !served.includes(route)),
      'matrix entries for routes the app does not serve',
    ).toEqual([]);
  });

  it('gives owner every permission and the other roles only theirs', () => {
    expect(ROLE_PERMISSIONS.owner).toContain('staff.manage');
    for (const role of ROLES.filter((r) => r !== 'owner')) expect(can(role, 'staff.manage')).toBe(false);
    expect(can('content', 'members.read')).toBe(false);
    expect(can('finance', 'members.lock')).toBe(false);
    expect(can('support', 'audit.read')).toBe(false);
    expect(can('risk', 'settings.write')).toBe(false);
    expect(can('support', 'messages.send') && can('support', 'feedback.read')).toBe(true);
  });

  const allowed = (role: StaffRole, entry: Entry) => entry.permissions.every((p) => can(role, p));

  for (const [route, entry] of Object.entries(MATRIX)) {
    const who = ROLES.filter((role) => allowed(role, entry));
    it(`${route}: allowed to ${who.join(', ')}; refused to the rest with nothing written`, async () => {
      for (const role of ROLES) {
        const request = await entry.request(role);
        const [method, path] = route.split(' ');
        expect(`${request.method} ${request.url.split('?')[0]}`).toBe(`${method} ${path}`);
        const audit = (await auditRows(t.db)).length;
        const before = allowed(role, entry) ? null : await fingerprint();
        const res = await bo(t.app, tokens.get(role) ?? null, request);
        if (allowed(role, entry)) {
          expect(res.statusCode, `${role} ${route}: ${res.body.slice(0, 300)}`).toBe(200);
          const rows = await auditRows(t.db);
          if (entry.writes) {
            expect(rows.length, `${role} ${route} writes its audit row`).toBeGreaterThan(audit);
            expect(rows.at(-1)?.staff_username).toBe(role);
          } else expect(rows.length, `${role} ${route} reads without writing`).toBe(audit);
        } else {
          expect(res.statusCode, `${role} ${route}: ${res.body.slice(0, 300)}`).toBe(403);
          const missing = entry.permissions.find((p) => !can(role, p));
          expect(res.json()).toMatchObject({
            success: false,
            errorCode: 'forbidden',
            value: { permission: missing },
          });
          expect(await fingerprint(), `${role} ${route} wrote something`).toEqual(before);
        }
      }
    });
  }

  it('refuses every route without a staff session (401), before anything is read or written', async () => {
    for (const [route, entry] of Object.entries(MATRIX)) {
      const res = await bo(t.app, null, await entry.request('owner'));
      expect(res.statusCode, route).toBe(401);
    }
    for (const route of SELF_SERVICE) {
      const [method, url] = route.split(' ') as [string, string];
      const res = await bo(t.app, null, { method: method as 'GET', url });
      expect(res.statusCode, route).toBe(401);
    }
  });

  it('opens the self-service routes to every role', async () => {
    for (const [index, role] of ROLES.entries()) {
      const token = tokens.get(role) ?? '';
      // Password changes and logins are limited per address and minute: each role calls from its own.
      const remoteAddress = `198.51.100.${60 + index}`;
      const me = await bo(t.app, token, { method: 'GET', url: '/bo/api/session/me' });
      expect(me.json().value).toMatchObject({ username: role, role });
      const change = (currentPassword: string, newPassword: string) =>
        bo(t.app, token, {
          method: 'POST',
          url: '/bo/api/session/password',
          payload: { currentPassword, newPassword },
          remoteAddress,
        });
      expect((await change('Staff1234!', 'Staff1234!matrix')).statusCode, role).toBe(200);
      expect((await change('Staff1234!matrix', 'Staff1234!')).statusCode, role).toBe(200);
      const spare = await staffLogin(t.app, clock, role, remoteAddress);
      expect(
        (await bo(t.app, spare, { method: 'POST', url: '/bo/api/session/logout' })).statusCode,
        role,
      ).toBe(200);
      expect((await bo(t.app, spare, { method: 'GET', url: '/bo/api/session/me' })).statusCode).toBe(401);
    }
  });

  it('checks the role in the service too, not only in the route', async () => {
    const actor = { id: 1, username: 'content', role: 'content' as const, ip: '127.0.0.1', requestId: 'r1' };
    const b = t.app.services.backoffice;
    await expect(b.members.members.lock(actor, memberId, 'x')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(b.site.settings.setFlag(actor, 'khelabd', 'DIRECTREG3', false)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(t.app.services.staff.management.revokeSessions(actor, targetStaffId)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      b.inbox.sendMessage(actor, { audience: 'all', merchant: 'khelabd', title: 'x', body: 'y' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });
});
