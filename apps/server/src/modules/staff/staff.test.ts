import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_STAFF_PASSWORD } from '../../db/seed/demo-staff';
import { STAFF_ABSOLUTE_MS, STAFF_IDLE_MS, STAFF_LOCK_AFTER, STAFF_LOCK_MS } from './accounts';
import { auditRows, bo, codeAt, secretOf, staffLogin } from './test-support';

describe('staff login', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  beforeEach(async () => {
    clock = createClock('2026-03-01T10:00:00Z');
    t = await createTestApp({ now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  const login = (payload: Record<string, unknown>, ip?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/bo/api/session/login',
      payload,
      ...(ip ? { remoteAddress: ip } : {}),
    });

  it('signs in with password and TOTP, then answers me, then logs out', async () => {
    const res = await login({
      username: 'risk',
      password: DEMO_STAFF_PASSWORD,
      totp: codeAt(secretOf('risk'), 'risk', clock.now()),
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ step: 'session', staff: { username: 'risk', role: 'risk' } });
    expect(value.staff.permissions).toContain('members.lock');
    expect(value.expiresAt).toBe(clock.now().getTime() + STAFF_ABSOLUTE_MS);

    const me = await bo(t.app, value.token, { method: 'GET', url: '/bo/api/session/me' });
    expect(me.json().value).toMatchObject({ username: 'risk', role: 'risk' });
    const session = await t.db.selectFrom('staff_session').selectAll().executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(value.token);

    expect((await bo(t.app, value.token, { method: 'POST', url: '/bo/api/session/logout' })).statusCode).toBe(
      200,
    );
    const after = await bo(t.app, value.token, { method: 'GET', url: '/bo/api/session/me' });
    expect(after.statusCode).toBe(401);
    expect((await auditRows(t.db)).map((r) => r.action)).toEqual(['staff.login', 'staff.logout']);
  });

  it('refuses a missing, wrong or replayed code with one answer, and audits each failure', async () => {
    const base = { username: 'owner', password: DEMO_STAFF_PASSWORD };
    expect(await login(base).then((r) => r.json().errorCode)).toBe('login.failed');
    expect(await login({ ...base, totp: '000000' }).then((r) => r.json().errorCode)).toBe('login.failed');
    const code = codeAt(secretOf('owner'), 'owner', clock.now());
    expect((await login({ ...base, totp: code })).statusCode).toBe(200);
    // The same code again, in the same window: refused.
    const replay = await login({ ...base, totp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errorCode).toBe('login.failed');
    // A code from the previous window (still inside the ±1 drift) is refused too: its step is older.
    const older = await login({
      ...base,
      totp: codeAt(secretOf('owner'), 'owner', new Date(clock.now().getTime() - 30_000)),
    });
    expect(older.statusCode).toBe(401);
    const rows = await auditRows(t.db);
    expect(rows.map((r) => [r.action, (r.after as { reason?: string } | null)?.reason ?? null])).toEqual([
      ['staff.login.failure', 'totp.missing'],
      ['staff.login.failure', 'totp.wrong'],
      ['staff.login', null],
      ['staff.login.failure', 'totp.replay'],
      ['staff.login.failure', 'totp.replay'],
    ]);
    // Next window: a fresh code works.
    clock.advance(30_000);
    expect((await login({ ...base, totp: codeAt(secretOf('owner'), 'owner', clock.now()) })).statusCode).toBe(
      200,
    );
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    const a = await login({ username: 'support', password: 'Wrong1234!', totp: '123456' });
    const b = await login({ username: 'nobody', password: 'Wrong1234!', totp: '123456' });
    expect(a.json()).toEqual(b.json());
    expect(a.statusCode).toBe(401);
  });

  it(`locks the account for 15 minutes after ${STAFF_LOCK_AFTER} wrong codes behind the right password`, async () => {
    for (let i = 0; i < STAFF_LOCK_AFTER - 1; i += 1) {
      const wrong = await login({ username: 'content', password: DEMO_STAFF_PASSWORD, totp: '000000' });
      expect(wrong.json().errorCode).toBe('login.failed');
    }
    const tenth = await login({ username: 'content', password: DEMO_STAFF_PASSWORD, totp: '000000' });
    expect(tenth.statusCode).toBe(423);
    expect(tenth.json().errorCode).toBe('login.locked');
    const good = () =>
      login({
        username: 'content',
        password: DEMO_STAFF_PASSWORD,
        totp: codeAt(secretOf('content'), 'content', clock.now()),
      });
    expect((await good()).statusCode).toBe(423);
    clock.advance(15 * 60 * 1000);
    expect((await good()).statusCode).toBe(200);
    expect((await auditRows(t.db)).some((r) => r.action === 'staff.login.locked')).toBe(true);
  });

  it(`throttles an unknown username exactly like a known one: ${STAFF_LOCK_AFTER}+ failures, the same answers`, async () => {
    // Each name from an address of its own: the per-address limit (20 a minute) is not under test.
    const known = (password: string) => login({ username: 'finance', password }, '198.51.100.1');
    const unknown = (password: string) => login({ username: 'no.such.staff', password }, '198.51.100.2');
    const answer = (res: { statusCode: number; body: string }) => [res.statusCode, JSON.parse(res.body)];
    for (let i = 1; i <= STAFF_LOCK_AFTER + 2; i += 1) {
      const a = answer(await known(`Wrong${i}!`));
      const b = answer(await unknown(`Wrong${i}!`));
      expect(b, `failure ${i}`).toEqual(a);
      if (i < STAFF_LOCK_AFTER) expect(a[0]).toBe(401);
      else
        expect(a).toEqual([
          423,
          expect.objectContaining({
            errorCode: 'login.locked',
            value: { until: clock.now().getTime() + STAFF_LOCK_MS - (i - STAFF_LOCK_AFTER) * 1000 },
          }),
        ]);
      clock.advance(1000);
    }
    // Held back at this address: even the right password of the real account answers like the unknown name.
    const right = await login(
      {
        username: 'finance',
        password: DEMO_STAFF_PASSWORD,
        totp: codeAt(secretOf('finance'), 'finance', clock.now()),
      },
      '198.51.100.1',
    );
    expect(answer(right)).toEqual(answer(await unknown(DEMO_STAFF_PASSWORD)));
    expect(right.statusCode).toBe(423);
    // When the lock runs out both count from zero again: one more failure is a plain 401.
    clock.advance(STAFF_LOCK_MS);
    const a = answer(await known('Wrong0!'));
    expect(answer(await unknown('Wrong0!'))).toEqual(a);
    expect(a[0]).toBe(401);
    const rows = await t.db
      .selectFrom('login_throttle')
      .selectAll()
      .where('subject', '=', 'staff:198.51.100.2|no.such.staff')
      .execute();
    expect(rows).toMatchObject([{ failures: 1, locked_until: null }]);
  });

  it('ends a session after 30 idle minutes and after 12 hours however busy', async () => {
    const token = await staffLogin(t.app, clock, 'support');
    clock.advance(STAFF_IDLE_MS - 60_000);
    expect((await bo(t.app, token, { method: 'GET', url: '/bo/api/session/me' })).statusCode).toBe(200);
    clock.advance(STAFF_IDLE_MS);
    expect((await bo(t.app, token, { method: 'GET', url: '/bo/api/session/me' })).statusCode).toBe(401);

    const busy = await staffLogin(t.app, clock, 'support');
    for (let spent = 0; spent < STAFF_ABSOLUTE_MS - 20 * 60_000; spent += 20 * 60_000) {
      clock.advance(20 * 60_000);
      expect((await bo(t.app, busy, { method: 'GET', url: '/bo/api/session/me' })).statusCode).toBe(200);
    }
    clock.advance(25 * 60_000);
    expect((await bo(t.app, busy, { method: 'GET', url: '/bo/api/session/me' })).statusCode).toBe(401);
  });

  it('never accepts a member token, nor a staff token on member calls', async () => {
    const member = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demo01', password: 'Demo1234' },
    });
    const memberToken = member.json().value.token as string;
    expect((await bo(t.app, memberToken, { method: 'GET', url: '/bo/api/session/me' })).statusCode).toBe(401);
    const staffToken = await staffLogin(t.app, clock, 'owner');
    const info = await t.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: { authorization: staffToken },
    });
    expect(info.statusCode).toBe(401);
  });

  it('enrols an account without a secret on its first login, with a code of the new secret', async () => {
    await t.app.services.staff.accounts.create({
      username: 'newbie',
      password: 'Newbie1234!',
      role: 'support',
    });
    const first = await login({ username: 'newbie', password: 'Newbie1234!' });
    expect(first.statusCode).toBe(200);
    const step = first.json().value;
    expect(step).toMatchObject({ step: 'enrol' });
    expect(step.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(step.otpauthUrl).toContain(`secret=${step.secret}`);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/bo/api/session/totp/enrol',
      payload: { enrolToken: step.enrolToken, code: '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    const code = codeAt(step.secret, 'newbie', clock.now());
    const ok = await t.app.inject({
      method: 'POST',
      url: '/bo/api/session/totp/enrol',
      payload: { enrolToken: step.enrolToken, code },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({
      step: 'session',
      staff: { username: 'newbie', role: 'support' },
    });
    // Enrolled now: the password alone no longer signs in, and the enrolment code cannot be replayed.
    expect((await login({ username: 'newbie', password: 'Newbie1234!' })).json().errorCode).toBe(
      'login.failed',
    );
    expect((await login({ username: 'newbie', password: 'Newbie1234!', totp: code })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/bo/api/session/totp/enrol',
      payload: { enrolToken: step.enrolToken, code },
    });
    expect(again.statusCode).toBe(401);
  });

  it('lets the owner create, list and disable staff; a disabled account loses its sessions', async () => {
    const owner = await staffLogin(t.app, clock, 'owner');
    const created = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff',
      payload: { username: 'Helper', password: 'Helper-pass-1', role: 'content' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().value.id as number;
    const dup = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff',
      payload: { username: 'helper', password: 'Helper-pass-1', role: 'risk' },
    });
    expect(dup.statusCode).toBe(409);
    const list = (await bo(t.app, owner, { method: 'GET', url: '/bo/api/staff' })).json().value.items;
    expect(list.find((s: { id: number }) => s.id === id)).toMatchObject({
      username: 'helper',
      role: 'content',
      enrolled: false,
    });

    const step = (await login({ username: 'helper', password: 'Helper-pass-1' })).json().value;
    const session = await t.app.inject({
      method: 'POST',
      url: '/bo/api/session/totp/enrol',
      payload: { enrolToken: step.enrolToken, code: codeAt(step.secret, 'helper', clock.now()) },
    });
    const token = session.json().value.token as string;
    expect((await bo(t.app, token, { method: 'GET', url: '/bo/api/session/me' })).statusCode).toBe(200);

    const disable = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff/status',
      payload: { staffId: id, status: 'disabled' },
    });
    expect(disable.statusCode).toBe(200);
    expect((await bo(t.app, token, { method: 'GET', url: '/bo/api/session/me' })).statusCode).toBe(401);
    clock.advance(30_000);
    const refused = await login({
      username: 'helper',
      password: 'Helper-pass-1',
      totp: codeAt(step.secret, 'helper', clock.now()),
    });
    expect(refused.json().errorCode).toBe('account.locked');
    const ownerId = list.find((s: { username: string }) => s.username === 'owner').id as number;
    const self = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/staff/status',
      payload: { staffId: ownerId, status: 'disabled' },
    });
    expect(self.statusCode).toBe(409);
    const rows = await auditRows(t.db);
    expect(rows.find((r) => r.action === 'staff.create')?.after).toEqual({
      username: 'helper',
      role: 'content',
    });
    expect(JSON.stringify(rows)).not.toContain('Helper-pass-1');
    expect(rows.find((r) => r.action === 'staff.status')).toMatchObject({
      before: { status: 'active' },
      after: { status: 'disabled', sessionsRevoked: 1 },
    });
  });

  it('limits login calls per IP', async () => {
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      last = (await login({ username: 'nobody', password: 'x' }, '203.0.113.9')).statusCode;
    }
    expect(last).toBe(429);
  });
});
