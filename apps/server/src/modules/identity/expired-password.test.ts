import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setModule, type TestApp } from '../../../test/helpers';
import { PASSWORD_MAX_AGE_MS } from './service';
import * as store from './store';
import { createCaller, errorOf } from './test-support';

/**
 * The demo accounts `stale01` / `stale02` (each merchant) have a password last changed 120 days
 * before the seed: with PWDEXPFORCECHANGE3 on (the demo brand's default) their login asks for a
 * new password and every other member call is refused until it is changed. Real clock: the
 * template database was seeded with it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
});
afterAll(async () => {
  await t?.close();
});

describe('demo accounts with an expired password', () => {
  it('are seeded with a password older than the maximum age, in each merchant', async () => {
    for (const merchant of ['khelabd', 'khelain']) {
      for (const username of ['stale01', 'stale02']) {
        const row = await store.findMemberByUsername(t.db, merchant, username);
        expect(row, `${merchant}/${username}`).toBeDefined();
        expect(Date.now() - (row?.password_changed_at.getTime() ?? 0)).toBeGreaterThan(PASSWORD_MAX_AGE_MS);
        expect(row?.must_change_password).toBe(false);
        expect(row?.last_login_at).not.toBeNull();
      }
    }
  });

  it('the login asks for a new password; until it is changed other member calls are refused', async () => {
    const call = createCaller(t.app, '10.78.0.1');
    const login = await call({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'stale01', password: 'Demo1234' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const value = login.json().value as { token: string };
    expect(value).toMatchObject({ firstTimeLogin: false, passwordExpired: true, mustChangePassword: true });
    const balance = () => call({ method: 'GET', url: '/wps/v2/wallets/balance', token: value.token });
    expect(errorOf(await balance())).toMatchObject({ status: 403, errorCode: 'password.change.required' });
    // Member info stays open (the header shows who is signed in).
    expect((await call({ method: 'GET', url: '/wps/member/info', token: value.token })).statusCode).toBe(200);

    const changed = await call({
      method: 'POST',
      url: '/wps/member/password',
      token: value.token,
      payload: { oldPassword: 'Demo1234', newPassword: 'Renewed77', confirmNewPassword: 'Renewed77' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await balance()).statusCode).toBe(200);
    const again = await call({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'stale01', password: 'Renewed77' },
    });
    expect(again.json().value).toMatchObject({ passwordExpired: false, mustChangePassword: false });
  });

  it('without PWDEXPFORCECHANGE3 the login only says the password is expired', async () => {
    await setModule(t.app, 'khelain', 'PWDEXPFORCECHANGE3', false);
    try {
      const call = createCaller(t.app, '10.78.0.2');
      const login = await call({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: 'stale02', password: 'Demo1234' },
        merchant: 'khelain',
      });
      const value = login.json().value as { token: string };
      expect(value).toMatchObject({ passwordExpired: true, mustChangePassword: false });
      const balance = await call({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        token: value.token,
        merchant: 'khelain',
      });
      expect(balance.statusCode, balance.body).toBe(200);
    } finally {
      await setModule(t.app, 'khelain', 'PWDEXPFORCECHANGE3', true);
    }
  });
});
