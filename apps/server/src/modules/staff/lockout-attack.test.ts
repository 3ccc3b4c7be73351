import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_STAFF_PASSWORD } from '../../db/seed/demo-staff';
import { STAFF_LOCK_AFTER } from './accounts';
import { auditRows, bo, codeAt, secretOf, staffLogin } from './test-support';

/** ADR 029: the attacks of issue 15 on the back-office login, replayed. */
describe('staff login under attack', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  let ipCounter = 0;
  const newIp = () => {
    ipCounter += 1;
    return `10.8.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };
  beforeEach(async () => {
    clock = createClock('2026-03-01T10:00:00Z');
    t = await createTestApp({ now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });
  const login = (payload: Record<string, unknown>, ip: string = newIp()) =>
    t.app.inject({ method: 'POST', url: '/bo/api/session/login', payload, remoteAddress: ip });
  const codes = (rs: LightMyRequestResponse[]) => rs.map((r) => r.json().errorCode as string);
  const staffRow = (username: string) =>
    t.db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

  it('a stranger guessing passwords is held back at the own address; the owner of the account still signs in', async () => {
    const attacker = '203.0.113.66';
    const answers = [];
    for (let i = 0; i < STAFF_LOCK_AFTER + 3; i += 1)
      answers.push(await login({ username: 'finance', password: `Wrong${i}!`, totp: '123456' }, attacker));
    expect(codes(answers).slice(0, STAFF_LOCK_AFTER - 1)).toEqual(
      Array(STAFF_LOCK_AFTER - 1).fill('login.failed'),
    );
    expect(codes(answers).slice(STAFF_LOCK_AFTER - 1)).toEqual(Array(4).fill('login.locked'));
    // The account itself is not locked: the right password and code from the owner's address pass.
    expect((await staffRow('finance')).locked_until).toBeNull();
    const owner = await login(
      {
        username: 'finance',
        password: DEMO_STAFF_PASSWORD,
        totp: codeAt(secretOf('finance'), 'finance', clock.now()),
      },
      '198.51.100.7',
    );
    expect(owner.statusCode).toBe(200);
    // Every hold is audited, with the address it holds back.
    const held = (await auditRows(t.db)).filter((r) => r.action === 'staff.login.address.held');
    expect(held).toHaveLength(1);
    expect(JSON.stringify(held[0])).toContain(attacker);
  });

  it(`19 simultaneous wrong passwords from one address: at most ${STAFF_LOCK_AFTER} are checked`, async () => {
    const ip = '203.0.113.67';
    const answers = await Promise.all(
      Array.from({ length: 19 }, (_, i) => login({ username: 'support', password: `Wrong${i}!` }, ip)),
    );
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const audit = await auditRows(t.db);
    const checked =
      audit.filter((r) => r.action === 'staff.login.failure').length +
      audit.filter((r) => r.action === 'staff.login.address.held').length;
    expect(checked).toBe(STAFF_LOCK_AFTER);
    expect(codes(answers).filter((c) => c === 'login.failed')).toHaveLength(STAFF_LOCK_AFTER - 1);
  });

  it('50 simultaneous wrong codes behind the right password: at most 10 checked, the lock engages, right codes in a burst do not lift it', async () => {
    const code = () => codeAt(secretOf('owner'), 'owner', clock.now());
    const wrong = Array.from({ length: 50 }, () =>
      login({ username: 'owner', password: DEMO_STAFF_PASSWORD, totp: '000000' }),
    );
    const answers = await Promise.all(wrong);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const audit = await auditRows(t.db);
    const failures = audit.filter((r) => r.action === 'staff.login.failure');
    const locked = audit.filter((r) => r.action === 'staff.login.locked');
    expect(failures.length + locked.length).toBe(STAFF_LOCK_AFTER);
    expect(locked).toHaveLength(1);
    expect((await staffRow('owner')).locked_until).not.toBeNull();

    // A burst of right answers (wrong ones mixed in) while locked: all refused unchecked, lock stays.
    const mixed = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        login({ username: 'owner', password: DEMO_STAFF_PASSWORD, totp: '000000' }),
      ),
      login({ username: 'owner', password: DEMO_STAFF_PASSWORD, totp: code() }),
    ]);
    expect(codes(mixed)).toEqual(Array(11).fill('login.locked'));
    expect((await staffRow('owner')).locked_until).not.toBeNull();
    expect((await auditRows(t.db)).filter((r) => r.action === 'staff.login.failure')).toHaveLength(
      failures.length,
    );
  });

  it('a right code inside a burst of wrong ones is checked within the allowance or refused', async () => {
    const right = login({
      username: 'risk',
      password: DEMO_STAFF_PASSWORD,
      totp: codeAt(secretOf('risk'), 'risk', clock.now()),
    });
    const answers = await Promise.all([
      ...Array.from({ length: 49 }, () =>
        login({ username: 'risk', password: DEMO_STAFF_PASSWORD, totp: '000000' }),
      ),
      right,
    ]);
    const audit = await auditRows(t.db);
    const wrongChecked = audit.filter(
      (r) => r.action === 'staff.login.failure' || r.action === 'staff.login.locked',
    ).length;
    const rightChecked = (answers[49] as LightMyRequestResponse).statusCode === 200 ? 1 : 0;
    expect(wrongChecked + rightChecked).toBeLessThanOrEqual(STAFF_LOCK_AFTER);
    if (rightChecked === 0)
      expect((answers[49] as LightMyRequestResponse).json().errorCode).toBe('login.locked');
  });

  it('the owner lifts a lock; the unlock is audited; others may not', async () => {
    for (let i = 0; i < STAFF_LOCK_AFTER; i += 1)
      await login({ username: 'content', password: DEMO_STAFF_PASSWORD, totp: '000000' });
    const content = await staffRow('content');
    expect(content.locked_until).not.toBeNull();
    const support = await staffLogin(t.app, clock, 'support', newIp());
    const refused = await bo(t.app, support, {
      method: 'POST',
      url: '/bo/api/staff/unlock',
      payload: { staffId: content.id },
    });
    expect(refused.statusCode).toBe(403);
    const owner = await staffLogin(t.app, clock, 'owner', newIp());
    const lifted = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff/unlock',
      payload: { staffId: content.id },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await staffRow('content')).locked_until).toBeNull();
    expect(
      (await auditRows(t.db)).some((r) => r.action === 'staff.unlock' && r.target === `staff:${content.id}`),
    ).toBe(true);
    clock.advance(30_000);
    const back = await login({
      username: 'content',
      password: DEMO_STAFF_PASSWORD,
      totp: codeAt(secretOf('content'), 'content', clock.now()),
    });
    expect(back.statusCode).toBe(200);
  });
});
