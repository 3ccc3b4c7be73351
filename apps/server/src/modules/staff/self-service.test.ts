import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { DEMO_STAFF_PASSWORD } from '../../db/seed/demo-staff';
import { auditRows, bo, codeAt, memberIdOf, secretOf, staffLogin } from './test-support';

const staffIdOf = async (t: TestApp, username: string) =>
  (await t.db.selectFrom('staff').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('staff self-service, role changes and TOTP resets', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  beforeEach(async () => {
    clock = createClock('2026-03-04T08:00:00Z');
    t = await createTestApp({ now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  const me = (token: string) => bo(t.app, token, { method: 'GET', url: '/bo/api/session/me' });

  it('answers me with the merchants the back office edits', async () => {
    const token = await staffLogin(t.app, clock, 'content');
    const value = (await me(token)).json().value;
    expect(value).toMatchObject({ username: 'content', role: 'content' });
    expect(value.merchants.map((m: { code: string }) => m.code).sort()).toEqual(['khelabd', 'khelain']);
    expect(value.merchants.find((m: { code: string }) => m.code === 'khelain').languages).toEqual([
      'en',
      'hi',
    ]);
  });

  it('changes the own password with the current one; other sessions end, this one stays', async () => {
    const first = await staffLogin(t.app, clock, 'support');
    const second = await staffLogin(t.app, clock, 'support');
    const change = (body: Record<string, unknown>) =>
      bo(t.app, second, { method: 'POST', url: '/bo/api/session/password', payload: body });

    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: 'Brand-new-pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('login.failed');
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'staff.login.failure',
      after: { reason: 'password.change', failures: 1 },
    });
    const same = await change({ currentPassword: DEMO_STAFF_PASSWORD, newPassword: DEMO_STAFF_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      errorCode: 'validation.failed',
      value: { fields: { newPassword: 'same' } },
    });
    const short = await change({ currentPassword: DEMO_STAFF_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);

    const ok = await change({ currentPassword: DEMO_STAFF_PASSWORD, newPassword: 'Brand-new-pass1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(second)).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'staff.password.change',
      staff_username: 'support',
      after: { otherSessionsEnded: 1 },
    });

    clock.advance(30_000);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/bo/api/session/login',
        payload: { username: 'support', password, totp: codeAt(secretOf('support'), 'support', clock.now()) },
      });
    expect((await login(DEMO_STAFF_PASSWORD)).statusCode).toBe(401);
    clock.advance(30_000);
    expect((await login('Brand-new-pass1')).json().value.step).toBe('session');
    // No session: refused before anything is read.
    expect(
      (await bo(t.app, null, { method: 'POST', url: '/bo/api/session/password', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('lets only the owner change a role, never its own; the new role applies at the next call', async () => {
    const owner = await staffLogin(t.app, clock, 'owner');
    const support = await staffLogin(t.app, clock, 'support');
    const supportId = await staffIdOf(t, 'support');
    const ownerId = await staffIdOf(t, 'owner');
    const setRole = (token: string, staffId: number, role: string) =>
      bo(t.app, token, { method: 'PUT', url: '/bo/api/staff/role', payload: { staffId, role } });

    const refused = await setRole(support, supportId, 'owner');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'forbidden', value: { permission: 'staff.manage' } });
    expect((await setRole(owner, ownerId, 'risk')).json().errorCode).toBe('conflict');
    expect((await setRole(owner, 99_999, 'risk')).json().errorCode).toBe('not.found');
    expect((await setRole(owner, supportId, 'boss')).statusCode).toBe(400);

    expect((await me(support)).json().value.permissions).not.toContain('members.lock');
    const ok = await setRole(owner, supportId, 'risk');
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await me(support)).json().value;
    expect(after.role).toBe('risk');
    expect(after.permissions).toContain('members.lock');
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'staff.role',
      staff_username: 'owner',
      target: `staff:${supportId}`,
      before: { role: 'support' },
      after: { role: 'risk' },
    });
  });

  it('resets another account’s TOTP: its sessions end and the next login enrols again', async () => {
    const owner = await staffLogin(t.app, clock, 'owner');
    const content = await staffLogin(t.app, clock, 'content');
    const contentId = await staffIdOf(t, 'content');
    const reset = (token: string, staffId: number) =>
      bo(t.app, token, { method: 'POST', url: '/bo/api/staff/totp/reset', payload: { staffId } });

    expect((await reset(content, contentId)).statusCode).toBe(403);
    expect((await reset(owner, await staffIdOf(t, 'owner'))).json().errorCode).toBe('conflict');
    const ok = await reset(owner, contentId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(content)).statusCode).toBe(401);
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'staff.totp.reset',
      before: { enrolled: true },
      after: { enrolled: false, sessionsRevoked: 1 },
    });
    const list = (await bo(t.app, owner, { method: 'GET', url: '/bo/api/staff?username=content' })).json()
      .value;
    expect(list.items.find((s: { username: string }) => s.username === 'content').enrolled).toBe(false);

    clock.advance(30_000);
    const login = await t.app.inject({
      method: 'POST',
      url: '/bo/api/session/login',
      payload: { username: 'content', password: DEMO_STAFF_PASSWORD, totp: '123456' },
    });
    expect(login.json().value).toMatchObject({ step: 'enrol' });
    expect(login.json().value.secret).not.toBe(secretOf('content'));
  });

  it('lists help articles of a merchant for the editor: filtered, sorted, paged, CSV; an unknown merchant is 404', async () => {
    const content = await staffLogin(t.app, clock, 'content');
    const get = async (query: string) => {
      const res = await bo(t.app, content, { method: 'GET', url: `/bo/api/help?merchant=khelabd&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as {
        items: { id: number; tag: string; merchant: string; parentId: number | null; display: boolean }[];
        total: number;
        page: number;
        pageSize: number;
      };
    };
    const all = await get('pageSize=200');
    expect(all.total).toBeGreaterThan(3);
    expect(all.items).toHaveLength(all.total);
    expect(all.items.every((r) => r.merchant === 'khelabd')).toBe(true);

    // Paging: page 2 of size 2 is rows 3 and 4 of the same order.
    const second = await get('pageSize=2&page=2&sort=id&order=asc');
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    const byId = [...all.items].sort((a, b) => a.id - b.id);
    expect(second.items.map((r) => r.id)).toEqual(byId.slice(2, 4).map((r) => r.id));
    // Sorting by tag, descending.
    const byTag = await get('pageSize=200&sort=tag&order=desc');
    const tags = byTag.items.map((r) => r.tag);
    expect(tags).toEqual([...tags].sort().reverse());
    // Filters: top-level sections, a section's articles, search by tag or title.
    const roots = await get('parent=root&pageSize=200');
    expect(roots.items.length).toBeGreaterThan(0);
    expect(roots.items.every((r) => r.parentId === null)).toBe(true);
    const parent = all.items.find((r) => all.items.some((c) => c.parentId === r.id));
    if (parent) {
      const children = await get(`parent=${parent.id}&pageSize=200`);
      expect(children.items.length).toBeGreaterThan(0);
      expect(children.items.every((r) => r.parentId === parent.id)).toBe(true);
    }

    const saved = await bo(t.app, content, {
      method: 'PUT',
      url: '/bo/api/help',
      payload: {
        merchant: 'khelabd',
        tag: 'fair-play',
        title: { en: 'Fair play' },
        content: { en: '<p>x</p>' },
        display: false,
      },
    });
    const found = await get('q=FAIR');
    expect(found.items.map((r) => r.id)).toEqual([saved.json().value.id]);
    expect((await get('q=Fair%20pl')).items.map((r) => r.tag)).toEqual(['fair-play']);
    expect((await get('display=hidden&pageSize=200')).items.map((r) => r.tag)).toEqual(['fair-play']);
    expect((await get('q=%25')).total).toBe(0);

    const csv = await bo(t.app, content, { method: 'GET', url: '/bo/api/help.csv?merchant=khelabd&sort=id' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,merchant,parentId,tag,title,bgColor,sort,display');
    expect(lines).toHaveLength(all.total + 2);
    expect(lines.at(-1)).toContain('fair-play');

    expect(
      (await bo(t.app, content, { method: 'GET', url: '/bo/api/help?merchant=nope' })).json().errorCode,
    ).toBe('not.found');
    const bad = await bo(t.app, content, { method: 'GET', url: '/bo/api/help?merchant=khelabd&sort=title' });
    expect(bad.statusCode).toBe(400);
  });

  it("shows a member's staff trail on the detail page", async () => {
    const risk = await staffLogin(t.app, clock, 'risk');
    const memberId = await memberIdOf(t.db, 'team02');
    await bo(t.app, risk, {
      method: 'POST',
      url: '/bo/api/members/lock',
      payload: { memberId, reason: 'fraud check' },
    });
    await bo(t.app, risk, {
      method: 'POST',
      url: '/bo/api/members/unlock',
      payload: { memberId, reason: 'cleared' },
    });
    const trail = (
      await bo(t.app, risk, { method: 'GET', url: `/bo/api/members/trail?memberId=${memberId}` })
    ).json().value;
    expect(trail.total).toBe(2);
    expect(trail.items.map((a: { action: string; staff: string }) => [a.action, a.staff])).toEqual([
      ['member.unlock', 'risk'],
      ['member.lock', 'risk'],
    ]);
    const oldest = (
      await bo(t.app, risk, {
        method: 'GET',
        url: `/bo/api/members/trail?memberId=${memberId}&pageSize=1&page=1&order=asc`,
      })
    ).json().value;
    expect(oldest).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(oldest.items.map((a: { action: string }) => a.action)).toEqual(['member.lock']);
  });
});

describe('the back-office app at /bo/', () => {
  it('serves its files and index.html for its client routes; /bo/api stays the API', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'khela-bo-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>bo</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const t = await createTestApp();
    await t.app.close();
    const app = await buildApp({
      config: {
        LOG_LEVEL: 'silent',
        KHELA_MODE: 'demo',
        TRUST_PROXY: undefined,
        BLOCKED_COUNTRIES: undefined,
      },
      database: t.database,
      boWebDist: dist,
      logger: false,
    });
    try {
      expect((await app.inject({ url: '/bo' })).headers.location).toBe('/bo/');
      for (const url of ['/bo/', '/bo/members/12', '/bo/settings/flags?x=1']) {
        const page = await app.inject({ url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('<title>bo</title>');
      }
      const asset = await app.inject({ url: '/bo/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ url: '/bo/assets/gone-999.js' })).statusCode).toBe(404);
      const unknownApi = await app.inject({ url: '/bo/api/nothing-here' });
      expect(unknownApi.statusCode).toBe(404);
      expect(unknownApi.json()).toMatchObject({ success: false, errorCode: 'not.found' });
      expect((await app.inject({ url: '/bo/api/session/me' })).statusCode).toBe(401);
    } finally {
      await app.close();
      await t.database.close();
    }
  });
});
