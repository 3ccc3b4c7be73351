import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { auditRows, bo, memberIdOf, staffLogin } from '../staff/test-support';

/**
 * The back office's player protection (ADR 030): a pause recorded by risk staff (audited, the
 * member signed out), the exclusion register's search, the dashboard's counts.
 */
let t: TestApp;
const clock = createClock(new Date());
let risk: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  risk = await staffLogin(t.app, clock, 'risk');
});

afterAll(async () => {
  await t?.close();
});

describe('protection back office', () => {
  it('records a pause (audited), lists it in the register by account name, counts it on the dashboard', async () => {
    const memberId = await memberIdOf(t.db, 'team02');
    const before = (await auditRows(t.db)).length;
    const recorded = await bo(t.app, risk, {
      method: 'POST',
      url: '/bo/api/protection/exclusions',
      payload: { memberId, type: 'selfExclusion', term: '6m', reason: 'asked by phone' },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const audit = await auditRows(t.db);
    expect(audit.length).toBe(before + 1);
    expect(audit.at(-1)).toMatchObject({
      action: 'protection.selfExclusion',
      target: `member:${memberId}`,
      staff_username: 'risk',
    });
    const event = await t.db
      .selectFrom('protection_event')
      .select(['action', 'staff_id'])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(event.action).toBe('self_exclusion');
    expect(event.staff_id).not.toBeNull();

    const list = await bo(t.app, risk, {
      method: 'GET',
      url: '/bo/api/protection/exclusions?merchant=khelabd&q=TEAM0&active=true',
    });
    expect(list.statusCode, list.body).toBe(200);
    const value = list.json().value as {
      items: { memberId: number; username: string; type: string }[];
      total: number;
    };
    expect(value.total).toBe(1);
    expect(value.items[0]).toMatchObject({ memberId, username: 'team02', type: 'self_exclusion' });
    const none = await bo(t.app, risk, {
      method: 'GET',
      url: '/bo/api/protection/exclusions?merchant=khelabd&q=nobodyhere',
    });
    expect(none.json().value).toMatchObject({ items: [], total: 0 });

    const dashboard = await bo(t.app, risk, {
      method: 'GET',
      url: '/bo/api/protection/dashboard?merchant=khelabd',
    });
    expect(dashboard.json().value).toMatchObject({ selfExclusions: 1, timeouts: 0 });
    const other = await bo(t.app, risk, {
      method: 'GET',
      url: '/bo/api/protection/dashboard?merchant=khelain',
    });
    expect(other.json().value).toMatchObject({ selfExclusions: 0 });
  });

  it('refuses an unknown member and bad input with a 4xx, writing nothing', async () => {
    const before = (await auditRows(t.db)).length;
    for (const payload of [
      { memberId: 999_999, type: 'timeout', days: 1, reason: 'asked by phone' },
      { memberId: 1, type: 'timeout', days: 99, reason: 'asked by phone' },
      { memberId: 1, type: 'selfExclusion', term: '2w', reason: 'asked by phone' },
    ]) {
      const res = await bo(t.app, risk, { method: 'POST', url: '/bo/api/protection/exclusions', payload });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await auditRows(t.db)).length).toBe(before);
  });
});
