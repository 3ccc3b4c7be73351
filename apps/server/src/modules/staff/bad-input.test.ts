import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { auditRows, bo, memberIdOf, staffLogin, tablesFingerprint } from './test-support';

/**
 * Bad input to the operator's member, staff, dashboard and audit calls: a 4xx with the error
 * envelope, nothing written and no audit row. Ids beyond the database's integer are bad input
 * too (400), never a failing query (500).
 */
const WATCHED = {
  bo_audit: 'r.*',
  staff: 'r.*',
  // Every call touches its own session's last_seen_at: watch the rest.
  staff_session: "token_hash || '.' || coalesce(revoked_at::text, '')",
  member: 'r.*',
  member_session: 'r.*',
  remember_token: 'r.*',
  identity_audit: 'r.*',
  member_note: 'r.*',
};
const TOO_BIG = 99_999_999_999;

type Case = [status: number, errorCode: string, request: InjectOptions & { url: string }];

describe('back-office calls refuse bad input with the envelope and write nothing', () => {
  let t: TestApp;
  let owner = '';
  let memberId = 0;
  let supportId = 0;
  beforeAll(async () => {
    const clock = createClock('2026-03-08T09:00:00Z');
    t = await createTestApp({ now: clock.now });
    owner = await staffLogin(t.app, clock, 'owner');
    memberId = await memberIdOf(t.db, 'team01');
    supportId = (
      await t.db.selectFrom('staff').select('id').where('username', '=', 'support').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') => ({
    method,
    url,
    payload: payload as Record<string, unknown>,
  });
  const get = (url: string) => ({ method: 'GET' as const, url });

  /** Each call answers its status and code in the envelope; afterwards every watched table is as before. */
  const expectRefused = async (cases: Case[]) => {
    const before = await tablesFingerprint(t.db, WATCHED);
    const audits = (await auditRows(t.db)).length;
    for (const [status, errorCode, request] of cases) {
      const res = await bo(t.app, owner, request);
      const what = `${request.method} ${request.url} ${JSON.stringify(request.payload ?? '')}`;
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      const body = res.json();
      expect(body, what).toMatchObject({ success: false, errorCode, message: `error.${errorCode}` });
      if (errorCode === 'validation.failed')
        expect(Object.keys(body.value.fields).length, what).toBeGreaterThan(0);
    }
    expect(await tablesFingerprint(t.db, WATCHED)).toEqual(before);
    expect((await auditRows(t.db)).length).toBe(audits);
  };

  it("ending a member's sessions: unknown, malformed or missing member", async () => {
    const url = '/bo/api/members/sessions/revoke';
    await expectRefused([
      [404, 'not.found', post(url, { memberId: 999_999 })],
      [400, 'validation.failed', post(url, { memberId: TOO_BIG })],
      [400, 'validation.failed', post(url, { memberId: 0 })],
      [400, 'validation.failed', post(url, { memberId: -3 })],
      [400, 'validation.failed', post(url, { memberId: 'team01' })],
      [400, 'validation.failed', post(url, { memberId: 1.5 })],
      [400, 'validation.failed', post(url, {})],
    ]);
  });

  it('resetting the password of an unknown member', async () => {
    const url = '/bo/api/members/password/reset';
    await expectRefused([
      [404, 'not.found', post(url, { memberId: 999_999 })],
      [400, 'validation.failed', post(url, { memberId: TOO_BIG })],
      [400, 'validation.failed', post(url, { memberId: null })],
    ]);
  });

  it('unlocking an unknown member, or without a reason', async () => {
    const url = '/bo/api/members/unlock';
    await expectRefused([
      [404, 'not.found', post(url, { memberId: 999_999, reason: 'cleared' })],
      [400, 'validation.failed', post(url, { memberId: TOO_BIG, reason: 'cleared' })],
      [400, 'validation.failed', post(url, { memberId, reason: '   ' })],
      [400, 'validation.failed', post(url, { memberId, reason: 'x'.repeat(501) })],
      [400, 'validation.failed', post(url, { memberId })],
    ]);
  });

  it('staff status and TOTP reset of an unknown account, or with bad values', async () => {
    await expectRefused([
      [404, 'not.found', post('/bo/api/staff/status', { staffId: 999_999, status: 'disabled' })],
      [400, 'validation.failed', post('/bo/api/staff/status', { staffId: TOO_BIG, status: 'disabled' })],
      [400, 'validation.failed', post('/bo/api/staff/status', { staffId: supportId, status: 'gone' })],
      [
        400,
        'validation.failed',
        post('/bo/api/staff/status', { staffId: String(supportId), status: 'disabled' }),
      ],
      [404, 'not.found', post('/bo/api/staff/totp/reset', { staffId: 999_999 })],
      [400, 'validation.failed', post('/bo/api/staff/totp/reset', { staffId: TOO_BIG })],
      [400, 'validation.failed', post('/bo/api/staff/totp/reset', { staffId: 0 })],
      [400, 'validation.failed', post('/bo/api/staff/totp/reset', {})],
    ]);
  });

  it('the dashboard with days outside 1 to 90', async () => {
    await expectRefused(
      ['0', '91', '-7', '1.5', 'week', '1e3'].map(
        (days): Case => [400, 'validation.failed', get(`/bo/api/dashboard?merchant=khelabd&days=${days}`)],
      ),
    );
    const edge = await bo(t.app, owner, get('/bo/api/dashboard?merchant=khelabd&days=90'));
    expect(edge.json().value.days).toHaveLength(90);
  });

  it('the audit log and its CSV with bad filter values', async () => {
    const bad = [
      'staffId=0',
      'staffId=owner',
      `staffId=${TOO_BIG}`,
      'from=yesterday',
      'from=-1',
      'to=9000000000000000',
      'from=1.5',
      `action=${'x'.repeat(61)}`,
      'sort=hash',
      'order=up',
    ];
    await expectRefused([
      ...bad.map((q): Case => [400, 'validation.failed', get(`/bo/api/audit?${q}`)]),
      ...bad.map((q): Case => [400, 'validation.failed', get(`/bo/api/audit.csv?${q}`)]),
      [400, 'validation.failed', get('/bo/api/audit?page=0')],
      [400, 'validation.failed', get('/bo/api/audit?pageSize=201')],
    ]);
    // At the edges the filters are values, not errors: no rows, a proper answer.
    const empty = await bo(
      t.app,
      owner,
      get(`/bo/api/audit?staffId=2147483647&from=${Date.UTC(2100, 0, 1)}`),
    );
    expect(empty.json()).toMatchObject({ success: true, value: { total: 0, items: [] } });
  });
});
