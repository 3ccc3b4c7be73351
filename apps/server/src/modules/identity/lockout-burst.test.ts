import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { LOGIN_CAPTCHA_AFTER, LOGIN_LOCK_AFTER } from './rules';
import { captchaAnswer, captchaCookieOf } from './test-support';

/**
 * ADR 029: the failure count is taken before the password is checked, so guesses sent at once
 * cannot all see the old count. Each request comes from an address of its own (the per-address
 * limit of 20 a minute is not under test: more addresses mean bigger bursts).
 */
const BURST = 50;
const USER = 'demo01';
const PASSWORD = 'Demo1234';

describe('member login under a burst of guesses', () => {
  let t: TestApp;
  let ipCounter = 0;
  const newIp = () => {
    ipCounter += 1;
    return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };
  beforeEach(async () => {
    t = await createTestApp({ now: createClock('2026-03-01T08:00:00Z').now });
  });
  afterEach(async () => {
    await t.close();
  });

  const login = (payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: newIp(),
      headers: { 'user-agent': 'vitest', ...(cookie ? { cookie } : {}) },
      payload,
    });
  /** A captcha a person solved, ready to send with a login. */
  const solved = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: newIp() });
    const cookie = captchaCookieOf(res) as string;
    return { cookie, captcha: (await captchaAnswer(t.db, cookie)) as string };
  };
  /** The password checks that happened: every checked wrong password is audited with its reason. */
  const passwordChecks = async () =>
    Number(
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM identity_audit
          WHERE username = ${USER} AND event = 'login.failure' AND detail->>'reason' = 'password'`.execute(
          t.db,
        )
      ).rows[0]?.n,
    );
  const locks = async () =>
    Number(
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM identity_audit
          WHERE username = ${USER} AND event = 'login.locked'`.execute(t.db)
      ).rows[0]?.n,
    );
  const codes = (responses: LightMyRequestResponse[]) => responses.map((r) => r.json().errorCode as string);

  it(`checks only ${LOGIN_CAPTCHA_AFTER} of ${BURST} simultaneous wrong passwords without a captcha`, async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => login({ username: USER, password: `Wrong${i}x` })),
    );
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    expect(await passwordChecks()).toBe(LOGIN_CAPTCHA_AFTER);
    expect(codes(answers).filter((c) => c === 'login.failed')).toHaveLength(LOGIN_CAPTCHA_AFTER);
    // The rest were refused before any check and gave their place back.
    const row = await t.db.selectFrom('login_throttle').selectAll().executeTakeFirstOrThrow();
    expect(row.failures).toBe(LOGIN_CAPTCHA_AFTER);
    expect(row.locked_until).toBeNull();
  });

  it(`locks at the ${LOGIN_LOCK_AFTER}th of ${BURST} simultaneous captcha-solved guesses; a right password in the burst does not unlock`, async () => {
    // Five wrong passwords in a row: from now on each try needs a captcha.
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER; i += 1) await login({ username: USER, password: `Before${i}x` });
    const captchas = [];
    for (let i = 0; i <= BURST; i += 1) captchas.push(await solved());
    const wrong = captchas
      .slice(0, BURST)
      .map((c, i) => login({ username: USER, password: `Wrong${i}x`, captcha: c.captcha }, c.cookie));
    const last = captchas[BURST] as { cookie: string; captcha: string };
    const right = login({ username: USER, password: PASSWORD, captcha: last.captcha }, last.cookie);
    const answers = await Promise.all([...wrong, right]);
    const rightAnswer = answers[BURST] as LightMyRequestResponse;
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);

    // No more checks than the lock allows: wrong ones checked plus the right one if it was checked.
    const rightChecked = rightAnswer.statusCode === 200;
    expect((await passwordChecks()) + (rightChecked ? 1 : 0)).toBeLessThanOrEqual(LOGIN_LOCK_AFTER);
    expect(await passwordChecks()).toBeGreaterThanOrEqual(LOGIN_LOCK_AFTER - 1);
    const throttle = await t.db.selectFrom('login_throttle').selectAll().executeTakeFirstOrThrow();
    if (!rightChecked) {
      // The right password came past the threshold: refused unchecked, and the lock holds.
      expect(rightAnswer.statusCode).toBe(423);
      expect(await passwordChecks()).toBe(LOGIN_LOCK_AFTER);
      expect(await locks()).toBe(1);
      expect(throttle.locked_until).not.toBeNull();
      const after = await solved();
      const again = await login({ username: USER, password: PASSWORD, captcha: after.captcha }, after.cookie);
      expect(again.json().errorCode).toBe('login.locked');
    }
    expect(codes(answers).filter((c) => c === 'login.locked').length).toBeGreaterThanOrEqual(
      BURST - LOGIN_LOCK_AFTER,
    );
  });

  it('a burst of right passwords while locked is refused unchecked and leaves the lock in place', async () => {
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER; i += 1) await login({ username: USER, password: `Before${i}x` });
    for (let i = LOGIN_CAPTCHA_AFTER; i < LOGIN_LOCK_AFTER; i += 1) {
      const c = await solved();
      await login({ username: USER, password: `Before${i}x`, captcha: c.captcha }, c.cookie);
    }
    expect(await locks()).toBe(1);
    const captchas = [];
    for (let i = 0; i < 20; i += 1) captchas.push(await solved());
    const answers = await Promise.all(
      captchas.map((c) => login({ username: USER, password: PASSWORD, captcha: c.captcha }, c.cookie)),
    );
    expect(codes(answers)).toEqual(Array(20).fill('login.locked'));
    const throttle = await t.db.selectFrom('login_throttle').selectAll().executeTakeFirstOrThrow();
    expect(throttle.locked_until).not.toBeNull();
    expect(await passwordChecks()).toBe(LOGIN_LOCK_AFTER);
  });
});
