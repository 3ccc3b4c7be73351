import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, databaseFingerprint, type TestApp } from '../../../test/helpers';
import { auditRows, bo, memberIdOf, staffLogin } from '../staff/test-support';

const memberLogin = (t: TestApp, username: string, password: string, ip = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('operator calls', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  let owner = '';
  let risk = '';
  let support = '';
  beforeAll(async () => {
    clock = createClock('2026-03-03T09:00:00Z');
    t = await createTestApp({ now: clock.now });
    owner = await staffLogin(t.app, clock, 'owner');
    risk = await staffLogin(t.app, clock, 'risk');
    support = await staffLogin(t.app, clock, 'support');
  });
  afterAll(async () => {
    await t?.close();
  });

  const flagOf = async (modId: string) => {
    const status = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    const find = (nodes: { modId: string; enabled: string; childrenNodes: unknown[] }[]): string | null => {
      for (const n of nodes) {
        if (n.modId === modId) return n.enabled;
        const inner = find(n.childrenNodes as typeof nodes);
        if (inner !== null) return inner;
      }
      return null;
    };
    return find(status.json().value.info.whitelabel);
  };

  it('flips a module flag that players see on their next status fetch, audited before/after', async () => {
    expect(await flagOf('MOBILENUMREG3')).toBe('1');
    const res = await bo(t.app, owner, {
      method: 'PUT',
      url: '/bo/api/settings/flag',
      payload: { merchant: 'khelabd', modId: 'MOBILENUMREG3', enabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await flagOf('MOBILENUMREG3')).toBe('0');
    const register = await t.app.inject({ method: 'PUT', url: '/wps/member/register/mobile', payload: {} });
    expect(register.json().errorCode).toBe('function.not.available');
    const row = (await auditRows(t.db)).at(-1);
    expect(row).toMatchObject({
      action: 'settings.flag',
      target: 'site:khelabd:MOBILENUMREG3',
      staff_username: 'owner',
      before: { modId: 'MOBILENUMREG3', enabled: true },
      after: { modId: 'MOBILENUMREG3', enabled: false },
      ip: '127.0.0.1',
    });
    expect(row?.request_id).toBeTruthy();
    await bo(t.app, owner, {
      method: 'PUT',
      url: '/bo/api/settings/flag',
      payload: { merchant: 'khelabd', modId: 'MOBILENUMREG3', enabled: true },
    });
    expect(await flagOf('MOBILENUMREG3')).toBe('1');
  });

  it('turns maintenance on and off: players see it, the back office stays open', async () => {
    const settings = (
      await bo(t.app, owner, { method: 'GET', url: '/bo/api/settings?merchant=khelabd' })
    ).json().value;
    const on = { enabled: true, title: 'Upgrade', endTime: null, info: 'Back soon' };
    const put = (value: unknown) =>
      bo(t.app, owner, {
        method: 'PUT',
        url: '/bo/api/settings',
        payload: { merchant: 'khelabd', setting: { key: 'maintenance', value } },
      });
    expect((await put(on)).statusCode).toBe(200);
    const status = (await t.app.inject({ method: 'GET', url: '/wps/system/status' })).json().value;
    expect(status.status).toBe(1);
    expect(status.maintenance).toMatchObject({ enabled: true, title: 'Upgrade' });
    expect((await memberLogin(t, 'demo01', 'Demo1234')).json().errorCode).toBe('system.maintenance');
    expect((await put(settings.maintenance)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).json().value.status).toBe(0);
    const rows = (await auditRows(t.db)).filter((r) => r.action === 'settings.maintenance');
    // The stored setting also records when maintenance went on (maintainTime of refused calls).
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [settings.maintenance, on],
      [{ ...on, startTime: expect.any(Number) }, settings.maintenance],
    ]);
  });

  it('edits register rules and the brand licence line, seen by players at once', async () => {
    const settings = (
      await bo(t.app, owner, { method: 'GET', url: '/bo/api/settings?merchant=khelabd' })
    ).json().value;
    const register = {
      ...settings.register,
      email: { ...settings.register.email, enabled: true, required: true },
    };
    const put = (setting: unknown) =>
      bo(t.app, owner, { method: 'PUT', url: '/bo/api/settings', payload: { merchant: 'khelabd', setting } });
    expect((await put({ key: 'register', value: register })).statusCode).toBe(200);
    const rules = (await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' })).json().value;
    expect(rules.email).toMatchObject({ enabled: true, required: true });
    const brand = {
      ...settings.brand,
      licences: ['Licensed by the Khela Gaming Authority, licence 42'],
      hindiDigits: 'devanagari',
    };
    expect((await put({ key: 'brand', value: brand })).statusCode).toBe(200);
    const status = (await t.app.inject({ method: 'GET', url: '/wps/system/status' })).json().value;
    expect(status.info.brand.licences).toEqual(brand.licences);
    // The Hindi site's digits (issue 24): a brand setting the web app's formatter follows.
    expect(status.info.brand.hindiDigits).toBe('devanagari');
    const rows = (await auditRows(t.db)).slice(-2);
    expect(rows.map((r) => [r.action, r.target])).toEqual([
      ['settings.register', 'site:khelabd:register'],
      ['settings.brand', 'site:khelabd:brand'],
    ]);
    expect(rows[1]?.before).toMatchObject({ licences: settings.brand.licences });
  });

  it('refuses bad input: nothing is written, no audit row', async () => {
    const before = await databaseFingerprint(t.db);
    const audits = (await auditRows(t.db)).length;
    const bad = [
      {
        method: 'PUT' as const,
        url: '/bo/api/settings',
        payload: {
          merchant: 'khelabd',
          setting: { key: 'region', value: { blockedCountries: ['usa'], info: '' } },
        },
      },
      {
        method: 'PUT' as const,
        url: '/bo/api/settings',
        payload: { merchant: 'khelabd', setting: { key: 'nope', value: 1 } },
      },
      {
        method: 'PUT' as const,
        url: '/bo/api/settings/flag',
        payload: { merchant: 'khelabd', modId: 'bad id', enabled: true },
      },
      { method: 'POST' as const, url: '/bo/api/members/lock', payload: { memberId: 1, reason: '' } },
      { method: 'POST' as const, url: '/bo/api/members/type', payload: { memberId: 1, type: 3 } },
      {
        method: 'POST' as const,
        url: '/bo/api/members/notes',
        payload: { memberId: 1, body: 'x'.repeat(2001) },
      },
      { method: 'GET' as const, url: '/bo/api/members?pageSize=1000' },
    ];
    for (const request of bad) {
      const res = await bo(t.app, owner, request);
      expect(res.statusCode, request.url).toBe(400);
      expect(res.json().errorCode).toBe('validation.failed');
    }
    // Well-formed but naming nothing: 404, nothing written either.
    const unknownFlag = await bo(t.app, owner, {
      method: 'PUT',
      url: '/bo/api/settings/flag',
      payload: { merchant: 'khelabd', modId: 'NOSUCHMOD3', enabled: true },
    });
    expect(unknownFlag.statusCode).toBe(404);
    expect(
      (
        await bo(t.app, risk, {
          method: 'POST',
          url: '/bo/api/members/lock',
          payload: { memberId: 999999, reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    expect((await auditRows(t.db)).length).toBe(audits);
  });

  it('locks a member: their session ends at once, login is refused; unlock lets them back', async () => {
    const login = await memberLogin(t, 'team02', 'Demo1234');
    const token = login.json().value.token as string;
    const balance = () =>
      t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: { authorization: token } });
    expect((await balance()).statusCode).toBe(200);
    const memberId = await memberIdOf(t.db, 'team02');
    const res = await bo(t.app, risk, {
      method: 'POST',
      url: '/bo/api/members/lock',
      payload: { memberId, reason: 'chargeback' },
    });
    expect(res.statusCode).toBe(200);
    expect((await balance()).statusCode).toBe(401);
    expect((await memberLogin(t, 'team02', 'Demo1234')).json().errorCode).toBe('account.locked');
    const row = (await auditRows(t.db)).at(-1);
    expect(row).toMatchObject({
      action: 'member.lock',
      target: `member:${memberId}`,
      staff_username: 'risk',
      before: { status: 'active' },
      after: { status: 'locked', reason: 'chargeback', sessionsRevoked: 1 },
    });
    const identityRow = await t.db
      .selectFrom('identity_audit')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('event', '=', 'account.locked')
      .executeTakeFirst();
    expect(identityRow?.detail).toMatchObject({ reason: 'chargeback', staff: 'risk' });

    await bo(t.app, risk, {
      method: 'POST',
      url: '/bo/api/members/unlock',
      payload: { memberId, reason: 'resolved' },
    });
    expect((await memberLogin(t, 'team02', 'Demo1234')).statusCode).toBe(200);
  });

  it('resets a password to a one-time one that must be changed, revoking sessions', async () => {
    const token = (await memberLogin(t, 'team03', 'Demo1234')).json().value.token as string;
    const memberId = await memberIdOf(t.db, 'team03');
    const res = await bo(t.app, support, {
      method: 'POST',
      url: '/bo/api/members/password/reset',
      payload: { memberId },
    });
    expect(res.statusCode).toBe(200);
    const temporary = res.json().value.temporaryPassword as string;
    expect(temporary).toMatch(/^[A-Za-z0-9]{10,12}$/);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/wps/v2/wallets/balance',
          headers: { authorization: token },
        })
      ).statusCode,
    ).toBe(401);
    expect((await memberLogin(t, 'team03', 'Demo1234')).statusCode).toBe(401);
    const again = await memberLogin(t, 'team03', temporary);
    expect(again.statusCode).toBe(200);
    expect(again.json().value.mustChangePassword).toBe(true);
    const row = (await auditRows(t.db)).at(-1);
    expect(row?.action).toBe('member.password.reset');
    expect(JSON.stringify(row)).not.toContain(temporary);
  });

  it('finds members by account, mobile and IP, pages and sorts, and shows the detail', async () => {
    await memberLogin(t, 'demo01', 'Demo1234', '198.51.100.42');
    const byIp = (
      await bo(t.app, support, { method: 'GET', url: '/bo/api/members?ip=198.51.100.42&merchant=khelabd' })
    ).json().value;
    expect(byIp.items.map((m: { username: string }) => m.username)).toEqual(['demo01']);
    const byMobile = (
      await bo(t.app, support, { method: 'GET', url: '/bo/api/members?mobile=1712345678' })
    ).json().value;
    expect(byMobile.items.map((m: { mobile: string }) => m.mobile)).toEqual(['+8801712345678']);
    const page = (
      await bo(t.app, support, {
        method: 'GET',
        url: '/bo/api/members?account=team&merchant=khelabd&sort=username&order=asc&pageSize=2&page=2',
      })
    ).json().value;
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((m: { username: string }) => m.username)).toEqual(['team03']);
    const wildcard = (await bo(t.app, support, { method: 'GET', url: '/bo/api/members?account=%25' })).json()
      .value;
    expect(wildcard.total).toBe(0);

    // By email: part of the address, any case; the others have none or another.
    await t.db
      .updateTable('member')
      .set({ email: 'Team.Two@Example.com' })
      .where('username', '=', 'team02')
      .execute();
    await t.db
      .updateTable('member')
      .set({ email: 'agent@example.org' })
      .where('username', '=', 'agent01')
      .execute();
    const byEmail = (
      await bo(t.app, support, {
        method: 'GET',
        url: '/bo/api/members?email=two%40example.COM&merchant=khelabd',
      })
    ).json().value;
    expect(byEmail.items.map((m: { username: string; email: string }) => [m.username, m.email])).toEqual([
      ['team02', 'Team.Two@Example.com'],
    ]);
    const byDomain = (
      await bo(t.app, support, {
        method: 'GET',
        url: '/bo/api/members?email=example.&merchant=khelabd&sort=username&order=asc',
      })
    ).json().value;
    expect(byDomain.items.map((m: { username: string }) => m.username)).toEqual(['agent01', 'team02']);
    const emailWildcard = (await bo(t.app, support, { method: 'GET', url: '/bo/api/members?email=_' })).json()
      .value;
    expect(emailWildcard.total).toBe(0);

    const memberId = await memberIdOf(t.db, 'team01');
    await bo(t.app, support, {
      method: 'POST',
      url: '/bo/api/members/notes',
      payload: { memberId, body: 'Asked about bonus' },
    });
    const detail = (
      await bo(t.app, support, { method: 'GET', url: `/bo/api/members/detail?id=${memberId}` })
    ).json().value;
    expect(detail).toMatchObject({ username: 'team01', upline: { username: 'agent01' }, status: 'active' });
    expect(detail.notes).toMatchObject([{ staff: 'support', body: 'Asked about bonus' }]);
    const demoId = await memberIdOf(t.db, 'demo01');
    const logins = (
      await bo(t.app, support, { method: 'GET', url: `/bo/api/members/logins?memberId=${demoId}` })
    ).json().value;
    expect(logins.items[0]).toMatchObject({ ip: '198.51.100.42', event: 'login.success' });
    const sessions = (
      await bo(t.app, support, { method: 'GET', url: `/bo/api/members/sessions?memberId=${demoId}` })
    ).json().value;
    expect(sessions.items[0]).toMatchObject({ ip: '198.51.100.42', revokedAt: null });

    // Sub-lists page instead of stopping at a cap: 55 sessions come back as 55, 20 a page.
    for (let i = 0; i < 54; i += 1)
      await memberLogin(t, 'demo01', 'Demo1234', `198.51.100.${100 + (i % 100)}`);
    const page3 = (
      await bo(t.app, support, {
        method: 'GET',
        url: `/bo/api/members/sessions?memberId=${demoId}&page=3&pageSize=20`,
      })
    ).json().value;
    expect(page3.total).toBeGreaterThanOrEqual(55);
    expect(page3.items).toHaveLength(Math.min(20, page3.total - 40));
    const history = (
      await bo(t.app, support, {
        method: 'GET',
        url: `/bo/api/members/logins?memberId=${demoId}&pageSize=200`,
      })
    ).json().value;
    expect(history.total).toBeGreaterThanOrEqual(55);
    expect(
      (await bo(t.app, support, { method: 'GET', url: '/bo/api/members/sessions?memberId=999999' })).json()
        .errorCode,
    ).toBe('not.found');

    const csv = await bo(t.app, support, {
      method: 'GET',
      url: '/bo/api/members.csv?account=team&merchant=khelabd&sort=username&order=asc',
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,merchant,username,mobile,email,type,status,createdAt,lastLoginAt');
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(['team01', 'team02', 'team03']);
  });

  it('sets the member type (agent codes, trial, member)', async () => {
    const memberId = await memberIdOf(t.db, 'team01');
    expect(
      (
        await bo(t.app, owner, {
          method: 'POST',
          url: '/bo/api/members/type',
          payload: { memberId, type: 41 },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.db.selectFrom('member').select('type').where('id', '=', memberId).executeTakeFirstOrThrow())
        .type,
    ).toBe(41);
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'member.type',
      before: { type: 0 },
      after: { type: 41 },
    });
  });

  it('counts registrations, logins and active members per day', async () => {
    const value = (
      await bo(t.app, owner, { method: 'GET', url: '/bo/api/dashboard?days=7&merchant=khelabd' })
    ).json().value;
    expect(value.days).toHaveLength(7);
    expect(value.days.at(-1).day).toBe('2026-03-03');
    const logins = await t.db
      .selectFrom('identity_audit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event', '=', 'login.success')
      .where('merchant_code', '=', 'khelabd')
      .executeTakeFirstOrThrow();
    expect(value.today.logins).toBe(Number(logins.n));
    expect(value.today.active).toBeGreaterThanOrEqual(3);
    expect(value.today.active).toBeLessThanOrEqual(value.today.logins);
    // The week is one window: its distinct active members lie between today's and the sum of days.
    const sum = (key: 'registrations' | 'logins' | 'active') =>
      value.days.reduce((n: number, d: Record<string, number>) => n + (d[key] ?? 0), 0);
    expect(value.week.logins).toBe(sum('logins'));
    expect(value.week.registrations).toBe(sum('registrations'));
    expect(value.week.active).toBeGreaterThanOrEqual(value.today.active);
    expect(value.week.active).toBeLessThanOrEqual(sum('active'));
  });

  it('browses the audit log by staff, action and time, paged, and exports CSV', async () => {
    const all = (await bo(t.app, risk, { method: 'GET', url: '/bo/api/audit?pageSize=200' })).json().value;
    expect(all.total).toBe((await auditRows(t.db)).length);
    expect(all.items[0].id).toBeGreaterThan(all.items.at(-1).id);
    const riskId = all.items.find((i: { staff: string }) => i.staff === 'risk').staffId;
    const byStaff = (
      await bo(t.app, risk, { method: 'GET', url: `/bo/api/audit?staffId=${riskId}&action=member.lock` })
    ).json().value;
    expect(byStaff.items.map((i: { action: string; staff: string }) => [i.action, i.staff])).toEqual([
      ['member.lock', 'risk'],
    ]);
    const future = (
      await bo(t.app, risk, { method: 'GET', url: `/bo/api/audit?from=${Date.parse('2027-01-01')}` })
    ).json().value;
    expect(future.total).toBe(0);
    const csv = await bo(t.app, risk, { method: 'GET', url: '/bo/api/audit.csv?action=member.lock' });
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,staffId,staff,action,target,before,after,ip,requestId');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('member.lock');
  });
});
