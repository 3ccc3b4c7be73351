import type { StaffRole } from '@khela/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { can, type Permission, ROLE_PERMISSIONS } from './roles';
import { auditRows, bo, memberIdOf, multipartOf, PNG_BYTES, ROLES, staffLogin } from './test-support';

/**
 * Every operator call with every role: the roles holding the permission get 200 (and, for a
 * change, an audit row); the others get 403 `forbidden` and nothing is written.
 */
describe('role checks on every operator call', () => {
  let t: TestApp;
  const tokens = new Map<StaffRole, string>();
  let memberId = 0;
  beforeAll(async () => {
    const clock = createClock('2026-03-02T09:00:00Z');
    t = await createTestApp({ now: clock.now });
    for (const role of ROLES) tokens.set(role, await staffLogin(t.app, clock, role));
    memberId = await memberIdOf(t.db, 'team01');
  });
  afterAll(async () => {
    await t?.close();
  });

  type Call = {
    name: string;
    permission: Permission;
    writes: boolean;
    request: () => InjectOptions & { url: string };
  };
  const calls: Call[] = [
    {
      name: 'settings read',
      permission: 'settings.read',
      writes: false,
      request: () => ({ method: 'GET', url: '/bo/api/settings?merchant=khelabd' }),
    },
    {
      name: 'settings update',
      permission: 'settings.write',
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
    {
      name: 'flag',
      permission: 'settings.write',
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/settings/flag',
        payload: { merchant: 'khelabd', modId: 'DIRECTREG3', enabled: true },
      }),
    },
    {
      name: 'member search',
      permission: 'members.read',
      writes: false,
      request: () => ({ method: 'GET', url: '/bo/api/members?account=team' }),
    },
    {
      name: 'member csv',
      permission: 'members.read',
      writes: false,
      request: () => ({ method: 'GET', url: '/bo/api/members.csv?account=team' }),
    },
    {
      name: 'member detail',
      permission: 'members.read',
      writes: false,
      request: () => ({ method: 'GET', url: `/bo/api/members/detail?id=${memberId}` }),
    },
    {
      name: 'lock',
      permission: 'members.lock',
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/members/lock',
        payload: { memberId, reason: 'check' },
      }),
    },
    {
      name: 'unlock',
      permission: 'members.lock',
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/members/unlock',
        payload: { memberId, reason: 'check' },
      }),
    },
    {
      name: 'revoke sessions',
      permission: 'members.sessions.revoke',
      writes: true,
      request: () => ({ method: 'POST', url: '/bo/api/members/sessions/revoke', payload: { memberId } }),
    },
    {
      name: 'password reset',
      permission: 'members.password.reset',
      writes: true,
      request: () => ({ method: 'POST', url: '/bo/api/members/password/reset', payload: { memberId } }),
    },
    {
      name: 'member type',
      permission: 'members.type',
      writes: true,
      request: () => ({ method: 'POST', url: '/bo/api/members/type', payload: { memberId, type: 0 } }),
    },
    {
      name: 'note',
      permission: 'members.note',
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/members/notes',
        payload: { memberId, body: 'called about a deposit' },
      }),
    },
    {
      name: 'media upload',
      permission: 'content.write',
      writes: true,
      request: () => ({
        method: 'POST',
        url: '/bo/api/media',
        ...multipartOf(PNG_BYTES, 'b.png', 'image/png'),
      }),
    },
    {
      name: 'announcement list',
      permission: 'content.write',
      writes: false,
      request: () => ({ method: 'GET', url: '/bo/api/announcements?merchant=khelabd' }),
    },
    {
      name: 'announcement csv',
      permission: 'content.write',
      writes: false,
      request: () => ({ method: 'GET', url: '/bo/api/announcements.csv?merchant=khelabd' }),
    },
    {
      name: 'announcement save',
      permission: 'content.write',
      writes: true,
      request: () => ({
        method: 'PUT',
        url: '/bo/api/announcements',
        payload: { merchant: 'khelabd', kind: 'PL', title: { en: 'Notice' }, content: { en: 'Read me' } },
      }),
    },
    {
      name: 'help save',
      permission: 'content.write',
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
    {
      name: 'dashboard',
      permission: 'dashboard.read',
      writes: false,
      request: () => ({ method: 'GET', url: '/bo/api/dashboard?days=7' }),
    },
    {
      name: 'audit',
      permission: 'audit.read',
      writes: false,
      request: () => ({ method: 'GET', url: '/bo/api/audit' }),
    },
    {
      name: 'audit csv',
      permission: 'audit.read',
      writes: false,
      request: () => ({ method: 'GET', url: '/bo/api/audit.csv' }),
    },
  ];

  it('gives owner every permission and the other roles only theirs', () => {
    expect(ROLE_PERMISSIONS.owner).toContain('staff.manage');
    for (const role of ROLES.filter((r) => r !== 'owner')) expect(can(role, 'staff.manage')).toBe(false);
    expect(can('content', 'members.read')).toBe(false);
    expect(can('finance', 'members.lock')).toBe(false);
    expect(can('support', 'audit.read')).toBe(false);
    expect(can('risk', 'settings.write')).toBe(false);
  });

  for (const call of calls) {
    it(`${call.name}: allowed to ${ROLES.filter((r) => can(r, call.permission)).join(', ')}; refused to the rest`, async () => {
      for (const role of ROLES) {
        const before = (await auditRows(t.db)).length;
        const res = await bo(t.app, tokens.get(role) ?? null, call.request());
        const after = await auditRows(t.db);
        if (can(role, call.permission)) {
          expect(res.statusCode, `${role} ${call.name}: ${res.body}`).toBe(200);
          if (call.writes) {
            expect(after.length).toBe(before + 1);
            expect(after.at(-1)?.staff_username).toBe(role);
          } else expect(after.length).toBe(before);
        } else {
          expect(res.statusCode, `${role} ${call.name}`).toBe(403);
          expect(res.json()).toMatchObject({
            success: false,
            errorCode: 'forbidden',
            value: { permission: call.permission },
          });
          expect(after.length).toBe(before);
        }
      }
    });
  }

  it('refuses every call without a staff session', async () => {
    for (const call of calls) {
      const res = await bo(t.app, null, call.request());
      expect(res.statusCode, call.name).toBe(401);
    }
  });

  it('checks the role in the service too, not only in the route', async () => {
    const actor = { id: 1, username: 'content', role: 'content' as const, ip: '127.0.0.1', requestId: 'r1' };
    await expect(t.app.services.backoffice.members.lock(actor, memberId, 'x')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      t.app.services.backoffice.settings.setFlag(actor, 'khelabd', 'DIRECTREG3', false),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});
