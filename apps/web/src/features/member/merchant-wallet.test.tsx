import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../shared/state/session';
import { readSessionWallet } from './queries';

/** Spec §3 session key `wallet`: GCS_merchantWallet is asked right after login and kept for the session. */

const info = { token: 'tok-w', userName: 'demo01', nickname: 'Demo', id: 7, customerType: 0 };
const answer = (body: unknown) =>
  new Response(JSON.stringify({ success: true, value: body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('session key wallet', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    clearSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  for (const isSingle of [true, false]) {
    it(`after login asks GCS_merchantWallet and keeps isSingle=${isSingle} in session storage; logout clears it`, async () => {
      const fetchMock = vi.fn(async (_url: URL | string) => answer({ isSingle }));
      vi.stubGlobal('fetch', fetchMock);
      expect(readSessionWallet()).toBeUndefined();
      signIn(info);
      await vi.waitFor(() =>
        expect(window.sessionStorage.getItem('wallet')).toBe(JSON.stringify({ isSingle })),
      );
      expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/wps/relay/GCS_merchantWallet');
      expect(readSessionWallet()).toEqual({ isSingle });
      clearSession();
      expect(readSessionWallet()).toBeUndefined();
    });
  }

  it('ignores a session value that is not the expected shape', () => {
    window.sessionStorage.setItem('wallet', '{"isSingle":"yes"}');
    expect(readSessionWallet()).toBeUndefined();
    window.sessionStorage.setItem('wallet', 'not json');
    expect(readSessionWallet()).toBeUndefined();
  });
});
