import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { bo, memberIdOf, staffLogin } from '../staff/test-support';

/**
 * The member detail's sub-lists (sessions, login history, staff trail) and a staff account's
 * sessions: each filtered, sorted, paged on the server and exported as CSV.
 */
describe('member sub-lists and staff sessions: filters, sorting, CSV', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  let owner = '';
  let support = '';
  let memberId = 0;
  /** When each of the member's three sessions began. */
  const started: number[] = [];
  const IP_A = '198.51.100.61';
  const IP_B = '198.51.100.62';
  const IP_C = '198.51.100.63';

  const memberLogin = (password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'team02', password },
      remoteAddress: ip,
    });

  beforeAll(async () => {
    clock = createClock('2026-03-07T09:00:00Z');
    t = await createTestApp({ now: clock.now });
    memberId = await memberIdOf(t.db, 'team02');
    // Session 1 from A, left idle past the 30 minutes; a failure from C; session 2 from B; session 3 from A.
    started.push(clock.now().getTime());
    expect((await memberLogin('Demo1234', IP_A)).statusCode).toBe(200);
    clock.advance(40 * 60_000);
    expect((await memberLogin('Wrong1234', IP_C)).statusCode).toBe(401);
    clock.advance(60_000);
    started.push(clock.now().getTime());
    expect((await memberLogin('Demo1234', IP_B)).statusCode).toBe(200);
    clock.advance(60_000);
    started.push(clock.now().getTime());
    expect((await memberLogin('Demo1234', IP_A)).statusCode).toBe(200);
    // Staff sign in (after the member's idle time, which would end their sessions too), then act on
    // the member: a note by each, then a type change by the owner.
    owner = await staffLogin(t.app, clock, 'owner');
    support = await staffLogin(t.app, clock, 'support');
    for (const [token, body] of [
      [owner, 'Called about a deposit'],
      [support, 'Sent the FAQ link'],
    ] as const)
      expect(
        (
          await bo(t.app, token, {
            method: 'POST',
            url: '/bo/api/members/notes',
            payload: { memberId, body },
          })
        ).statusCode,
      ).toBe(200);
    expect(
      (
        await bo(t.app, owner, {
          method: 'POST',
          url: '/bo/api/members/type',
          payload: { memberId, type: 41 },
        })
      ).statusCode,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, token = support) => {
    const res = await bo(t.app, token, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().value as { items: Record<string, unknown>[]; total: number };
  };
  const csvLines = async (url: string, token = support) => {
    const res = await bo(t.app, token, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    return res.body.trim().split('\r\n');
  };
  const refused = async (url: string, token = support) => {
    const res = await bo(t.app, token, { method: 'GET', url });
    expect(res.statusCode, url).toBe(400);
    expect(res.json().errorCode).toBe('validation.failed');
  };

  it("filters a member's sessions by state, IP and start time, sorts them, and exports CSV", async () => {
    const base = `/bo/api/members/sessions?memberId=${memberId}`;
    const all = await get(base);
    expect(all.total).toBe(3);
    expect(all.items.map((s) => s.createdAt)).toEqual([...started].reverse());
    // The first session sat idle past 30 minutes: ended, though never revoked.
    const live = await get(`${base}&state=live`);
    expect(live.items.map((s) => [s.ip, s.live])).toEqual([
      [IP_A, true],
      [IP_B, true],
    ]);
    const ended = await get(`${base}&state=ended`);
    expect(ended.items).toMatchObject([{ ip: IP_A, live: false, revokedAt: null }]);
    expect((await get(`${base}&ip=${IP_A}`)).total).toBe(2);
    const window = await get(`${base}&from=${started[1]}&to=${started[2]}`);
    expect(window.items.map((s) => s.ip)).toEqual([IP_B]);
    const byIp = await get(`${base}&sort=ip&order=asc`);
    expect(byIp.items.map((s) => s.ip)).toEqual([IP_A, IP_A, IP_B]);
    const oldestFirst = await get(`${base}&order=asc&pageSize=2&page=2`);
    expect(oldestFirst).toMatchObject({ total: 3, items: [{ createdAt: started[2] }] });

    const lines = await csvLines(`/bo/api/members/sessions.csv?memberId=${memberId}&state=live&sort=ip`);
    expect(lines[0]).toBe('createdAt,lastSeenAt,expiresAt,revokedAt,ip,live');
    expect(lines.slice(1).map((l) => [l.split(',')[0], l.split(',')[4], l.split(',')[5]])).toEqual([
      [new Date(started[1] as number).toISOString(), IP_B, 'true'],
      [new Date(started[2] as number).toISOString(), IP_A, 'true'],
    ]);

    await refused(`${base}&state=open`);
    await refused(`${base}&sort=token_hash`);
    await refused(`${base}&from=-1`);
    await refused(`${base}&to=9000000000000000`);
    await refused(`${base}&ip=${'1'.repeat(46)}`);
    await refused(`/bo/api/members/sessions.csv?memberId=${memberId}&sort=token_hash`);
    const missing = await bo(t.app, support, {
      method: 'GET',
      url: '/bo/api/members/sessions.csv?memberId=999999',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("filters a member's login history by event, IP and time, sorts it, and exports CSV", async () => {
    const base = `/bo/api/members/logins?memberId=${memberId}`;
    const all = await get(`${base}&pageSize=200`);
    expect(all.total).toBeGreaterThanOrEqual(4);
    const failures = await get(`${base}&event=login.failure`);
    expect(failures.items).toEqual([
      { at: (started[1] as number) - 60_000, event: 'login.failure', ip: IP_C },
    ]);
    expect((await get(`${base}&ip=${IP_A}&event=login.success`)).items.map((r) => r.at)).toEqual([
      started[2],
      started[0],
    ]);
    expect((await get(`${base}&from=${started[2]}`)).items.map((r) => r.ip)).toEqual([IP_A]);
    const byEvent = (await get(`${base}&sort=event&order=asc&pageSize=200`)).items.map(
      (r) => r.event as string,
    );
    expect(byEvent).toEqual([...byEvent].sort());
    expect(byEvent).toContain('login.failure');

    const lines = await csvLines(
      `/bo/api/members/logins.csv?memberId=${memberId}&event=login.success&order=asc`,
    );
    expect(lines).toEqual([
      'at,event,ip',
      ...[0, 1, 2].map(
        (i) => `${new Date(started[i] as number).toISOString()},login.success,${[IP_A, IP_B, IP_A][i]}`,
      ),
    ]);

    await refused(`${base}&event=LOGIN`);
    await refused(`${base}&sort=detail`);
    await refused(`${base}&from=yesterday`);
  });

  it('filters the staff trail on a member by action, staff and time, sorts it, and exports CSV', async () => {
    const base = `/bo/api/members/trail?memberId=${memberId}`;
    const all = await get(base);
    expect(all.items.map((a) => [a.staff, a.action])).toEqual([
      ['owner', 'member.type'],
      ['support', 'member.note'],
      ['owner', 'member.note'],
    ]);
    expect((await get(`${base}&action=member.note`)).total).toBe(2);
    expect((await get(`${base}&staff=SUPPORT`)).items).toMatchObject([
      { action: 'member.note', after: { body: 'Sent the FAQ link' } },
    ]);
    const byStaff = (await get(`${base}&sort=staff&order=asc`)).items.map((a) => a.staff);
    expect(byStaff).toEqual(['owner', 'owner', 'support']);
    expect((await get(`${base}&from=${clock.now().getTime() + 1}`)).total).toBe(0);

    const lines = await csvLines(`/bo/api/members/trail.csv?memberId=${memberId}&action=member.type`);
    expect(lines[0]).toBe('id,at,staff,action,before,after,ip');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',owner,member.type,"{""type"":0}","{""type"":41}",127.0.0.1');

    await refused(`${base}&sort=hash`);
    await refused(`${base}&action=${'x'.repeat(61)}`);
  });

  it("filters a staff account's sessions by state, IP and time, sorts them, and exports CSV", async () => {
    const staffId = (
      await t.db.selectFrom('staff').select('id').where('username', '=', 'risk').executeTakeFirstOrThrow()
    ).id;
    const from = clock.now().getTime();
    await staffLogin(t.app, clock, 'risk', '203.0.113.9');
    await staffLogin(t.app, clock, 'risk', '203.0.113.5');
    const base = `/bo/api/staff/sessions?staffId=${staffId}`;
    const both = await get(base, owner);
    expect(both.items.map((s) => s.ip)).toEqual(['203.0.113.5', '203.0.113.9']);
    // The owner ends the newest one.
    const res = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff/sessions/revoke',
      payload: { staffId, sessionId: both.items[0]?.id },
    });
    expect(res.json().value).toEqual({ revoked: 1 });
    expect((await get(`${base}&state=live`, owner)).items.map((s) => s.ip)).toEqual(['203.0.113.9']);
    expect((await get(`${base}&state=ended`, owner)).items.map((s) => s.ip)).toEqual(['203.0.113.5']);
    expect((await get(`${base}&ip=203.0.113.5`, owner)).total).toBe(1);
    expect((await get(`${base}&from=${from}&to=${from + 45_000}`, owner)).items.map((s) => s.ip)).toEqual([
      '203.0.113.9',
    ]);
    expect((await get(`${base}&sort=ip&order=asc`, owner)).items.map((s) => s.ip)).toEqual([
      '203.0.113.5',
      '203.0.113.9',
    ]);
    const lines = await csvLines(`/bo/api/staff/sessions.csv?staffId=${staffId}&sort=ip&order=desc`, owner);
    expect(lines[0]).toBe('id,createdAt,lastSeenAt,expiresAt,revokedAt,ip,live');
    expect(lines.slice(1).map((l) => [l.split(',')[5], l.split(',')[6]])).toEqual([
      ['203.0.113.9', 'true'],
      ['203.0.113.5', 'false'],
    ]);

    await refused(`${base}&state=gone`, owner);
    await refused(`${base}&sort=token_hash`, owner);
    await refused('/bo/api/staff/sessions.csv?staffId=99999999999', owner);
    // Only the owner: support is refused the export.
    const forbidden = await bo(t.app, support, {
      method: 'GET',
      url: `/bo/api/staff/sessions.csv?staffId=${staffId}`,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
