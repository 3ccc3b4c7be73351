import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { CSV_BATCH_ROWS } from './csv';
import { auditRows, bo, staffLogin } from './test-support';

/** Staff list and sessions, audit sorting, and CSV exports of any size. */
describe('back-office lists', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  let owner = '';
  beforeAll(async () => {
    clock = createClock('2026-03-06T09:00:00Z');
    t = await createTestApp({ now: clock.now });
    owner = await staffLogin(t.app, clock, 'owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (token: string, url: string) => {
    const res = await bo(t.app, token, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().value;
  };
  const staffIdOf = async (username: string) =>
    (await t.db.selectFrom('staff').select('id').where('username', '=', username).executeTakeFirstOrThrow())
      .id;

  it('pages, sorts and filters the staff list and exports it as CSV', async () => {
    for (const [username, role] of [
      ['zed.support', 'support'],
      ['amy.content', 'content'],
    ] as const) {
      const res = await bo(t.app, owner, {
        method: 'POST',
        url: '/bo/api/staff',
        payload: { username, password: 'Longenough123', role },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const all = await get(owner, '/bo/api/staff?pageSize=200');
    expect(all.total).toBe(7);
    const names = all.items.map((s: { username: string }) => s.username);
    expect(names).toEqual([...names].sort());
    const page2 = await get(owner, '/bo/api/staff?pageSize=3&page=2&sort=username&order=desc');
    expect(page2).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(page2.items.map((s: { username: string }) => s.username)).toEqual(
      [...names].reverse().slice(3, 6),
    );
    const support = await get(owner, '/bo/api/staff?role=support&sort=username');
    expect(support.items.map((s: { username: string }) => s.username)).toEqual(['support', 'zed.support']);
    expect((await get(owner, '/bo/api/staff?username=AMY')).items).toMatchObject([
      { username: 'amy.content', role: 'content', enrolled: false, liveSessions: 0 },
    ]);
    const byRole = (await get(owner, '/bo/api/staff?sort=role&order=asc&pageSize=200')).items.map(
      (s: { role: string }) => s.role,
    );
    expect(byRole).toEqual([...byRole].sort());
    expect((await get(owner, '/bo/api/staff?username=_')).total).toBe(0);
    const me = (await get(owner, '/bo/api/staff?username=owner')).items[0];
    expect(me.liveSessions).toBe(1);

    const csv = await bo(t.app, owner, {
      method: 'GET',
      url: '/bo/api/staff.csv?role=support&sort=username',
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,username,role,status,enrolled,liveSessions,createdAt');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['support', 'zed.support']);
    const bad = await bo(t.app, owner, { method: 'GET', url: '/bo/api/staff?sort=password_hash' });
    expect(bad.statusCode).toBe(400);
  });

  it("lists a staff member's sessions and ends one or all of them without disabling the account", async () => {
    const riskId = await staffIdOf('risk');
    const first = await staffLogin(t.app, clock, 'risk');
    const second = await staffLogin(t.app, clock, 'risk');
    const me = (token: string) => bo(t.app, token, { method: 'GET', url: '/bo/api/session/me' });
    const sessions = await get(owner, `/bo/api/staff/sessions?staffId=${riskId}`);
    expect(sessions.total).toBe(2);
    expect(
      sessions.items.every((s: { live: boolean; id: string }) => s.live && /^[0-9a-f]{16}$/.test(s.id)),
    ).toBe(true);
    // Newest first: the second login's session ends; the first stays.
    const newest = sessions.items[0].id as string;
    const one = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff/sessions/revoke',
      payload: { staffId: riskId, sessionId: newest },
    });
    expect(one.json().value).toEqual({ revoked: 1 });
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(first)).statusCode).toBe(200);
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'staff.sessions.revoke',
      target: `staff:${riskId}`,
      staff_username: 'owner',
      after: { sessionsRevoked: 1, sessionId: newest },
    });
    // The same session again: nothing open by that id.
    const again = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff/sessions/revoke',
      payload: { staffId: riskId, sessionId: newest },
    });
    expect(again.statusCode).toBe(404);

    const all = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff/sessions/revoke',
      payload: { staffId: riskId },
    });
    expect(all.json().value).toEqual({ revoked: 1 });
    expect((await me(first)).statusCode).toBe(401);
    const after = await get(owner, `/bo/api/staff/sessions?staffId=${riskId}`);
    expect(
      after.items.map((s: { live: boolean; revokedAt: number | null }) => [s.live, s.revokedAt !== null]),
    ).toEqual([
      [false, true],
      [false, true],
    ]);
    // The account is still enabled: it signs in again.
    const row = await t.db
      .selectFrom('staff')
      .select('status')
      .where('id', '=', riskId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    const back = await staffLogin(t.app, clock, 'risk');
    expect((await me(back)).statusCode).toBe(200);

    // Never on oneself; an unknown account is 404; only the owner may.
    const ownerId = await staffIdOf('owner');
    const self = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff/sessions/revoke',
      payload: { staffId: ownerId },
    });
    expect(self.statusCode).toBe(409);
    expect(
      (await bo(t.app, owner, { method: 'GET', url: '/bo/api/staff/sessions?staffId=99999' })).statusCode,
    ).toBe(404);
    const refused = await bo(t.app, back, {
      method: 'POST',
      url: '/bo/api/staff/sessions/revoke',
      payload: { staffId: ownerId },
    });
    expect(refused.statusCode).toBe(403);
    expect((await me(owner)).statusCode).toBe(200);
  });

  it('sorts the audit log by time, action or staff', async () => {
    const byAction = (await get(owner, '/bo/api/audit?sort=action&order=asc&pageSize=200')).items.map(
      (r: { action: string }) => r.action,
    );
    expect(byAction.length).toBeGreaterThan(3);
    expect(byAction).toEqual([...byAction].sort());
    const byStaff = (await get(owner, '/bo/api/audit?sort=staff&order=desc&pageSize=200')).items.map(
      (r: { staff: string | null }) => r.staff,
    );
    const named = byStaff.filter((s: string | null): s is string => s !== null);
    expect(named).toEqual([...named].sort().reverse());
    const byTime = (await get(owner, '/bo/api/audit?sort=at&order=asc&pageSize=200')).items.map(
      (r: { id: number }) => r.id,
    );
    expect(byTime).toEqual([...byTime].sort((a, b) => a - b));
    const csv = await bo(t.app, owner, { method: 'GET', url: '/bo/api/audit.csv?sort=action&order=asc' });
    const actions = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[4]);
    expect(actions).toEqual([...actions].sort());
    expect((await bo(t.app, owner, { method: 'GET', url: '/bo/api/audit?sort=hash' })).statusCode).toBe(400);
  });

  it('streams every row of a CSV beyond 10,000 rows (no cap), in order', async () => {
    const rows = 10_050;
    await sql`
      INSERT INTO member (merchant_code, username, nickname, password_changed_at, created_at)
      SELECT 'khelain', 'bulk' || lpad(n::text, 5, '0'), 'bulk', now(), now()
      FROM generate_series(1, ${rows}) AS n
    `.execute(t.db);
    expect(rows).toBeGreaterThan(10 * CSV_BATCH_ROWS);
    const csv = await bo(t.app, owner, {
      method: 'GET',
      url: '/bo/api/members.csv?merchant=khelain&account=bulk&sort=username&order=asc',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    // Streamed: no content-length, chunked.
    expect(csv.headers['content-length']).toBeUndefined();
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(rows + 1);
    const usernames = lines.slice(1).map((l) => l.split(',')[2]);
    expect(usernames[0]).toBe('bulk00001');
    expect(usernames.at(-1)).toBe('bulk10050');
    expect(new Set(usernames).size).toBe(rows);
    // A refused export is still a proper error, not a broken stream.
    const content = await staffLogin(t.app, clock, 'content');
    const refused = await bo(t.app, content, { method: 'GET', url: '/bo/api/members.csv?merchant=khelain' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('forbidden');
  });
});
