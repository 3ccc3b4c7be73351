import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../api/client';
import {
  clearSession,
  forgetRemembered,
  getToken,
  REMEMBER_MS,
  readRemembered,
  remember,
  restoreRememberedSession,
  signIn,
} from './session';

const info = {
  token: 'tok-1',
  userName: 'demo01',
  nickname: 'Demo',
  id: 7,
  customerType: 1,
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: false,
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('session store (spec §3, §4)', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    clearSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the token and who signed in in session storage', () => {
    signIn(info);
    expect(getToken()).toBe('tok-1');
    expect(window.sessionStorage.getItem('token')).toBe('tok-1');
    expect(window.sessionStorage.getItem('account')).toBe('demo01');
    expect(window.sessionStorage.getItem('isAgent')).toBe('1');
    expect(window.sessionStorage.getItem('customerId')).toBe('7');
  });

  it('clears session storage on sign out but re-sets merchant and merchantCode', () => {
    window.sessionStorage.setItem('merchant', 'khelain');
    window.sessionStorage.setItem('merchantCode', 'khelain');
    signIn(info);
    clearSession();
    expect(getToken()).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('account')).toBeNull();
    expect(window.sessionStorage.getItem('merchant')).toBe('khelain');
    expect(window.sessionStorage.getItem('merchantCode')).toBe('khelain');
  });

  it('drops the session when a call with the token is answered 401 login.not.session', async () => {
    signIn(info);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(401, { success: false, errorCode: 'login.not.session', message: 'error.login.not.session' }),
      ),
    );
    await expect(callApi('memberInfo')).rejects.toMatchObject({ errorCode: 'login.not.session' });
    expect(getToken()).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('remembers the login name (never a password) for 24 hours', () => {
    const now = 1_000_000;
    remember({ kind: 'sms', name: '01712345678', dialCode: '+880', rememberToken: 'r1' }, now);
    const raw = window.localStorage.getItem('loginRemember') ?? '';
    expect(raw).not.toMatch(/password/i);
    expect(readRemembered(now + REMEMBER_MS - 1)).toMatchObject({
      kind: 'sms',
      name: '01712345678',
      dialCode: '+880',
    });
    expect(readRemembered(now + REMEMBER_MS)).toBeNull();
    expect(window.localStorage.getItem('loginRemember')).toBeNull();
    remember({ kind: 'username', name: 'demo01' });
    forgetRemembered();
    expect(readRemembered()).toBeNull();
  });

  it('exchanges a remembered token for a new session and keeps the rotated one', async () => {
    remember({ kind: 'username', name: 'demo01', rememberToken: 'r1' });
    const fetchMock = vi.fn(async (_url: URL, init?: RequestInit) => {
      expect(JSON.parse(String(init?.body))).toEqual({ rememberToken: 'r1' });
      return answer(200, { success: true, value: { ...info, token: 'tok-2', rememberToken: 'r2' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    await restoreRememberedSession();
    expect(getToken()).toBe('tok-2');
    expect(readRemembered()?.rememberToken).toBe('r2');
  });

  it('drops a refused remember token but keeps the name', async () => {
    remember({ kind: 'username', name: 'demo01', rememberToken: 'bad' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { success: false, errorCode: 'login.not.session', message: 'x' })),
    );
    await restoreRememberedSession();
    expect(getToken()).toBeNull();
    expect(readRemembered()).toMatchObject({ name: 'demo01' });
    expect(readRemembered()?.rememberToken).toBeUndefined();
  });
});
