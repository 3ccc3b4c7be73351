import { expect } from 'vitest';

/**
 * Test support for Google / Facebook sign-in over real HTTP: a browser with a cookie jar that
 * follows redirects by hand and signs in at an IdP's login page (the demo IdP's, or the
 * development pages of an `oidc-provider` a test starts).
 */

/** A browser: a cookie jar and manual redirects, calling the app at `origin`. */
export const createBrowser = (origin: string, ip = '10.60.0.1') => {
  const jar = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, origin), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = (pair ?? '').indexOf('=');
      const name = (pair ?? '').slice(0, eq).trim();
      const value = (pair ?? '').slice(eq + 1).trim();
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const api = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-ip': ip, ...headers },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes, checked by the assertions
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  /** Follows redirects from `url` until the app's home page; signs in at the IdP on the way. */
  const signInAtIdp = async (url: string, login: string) => {
    let next = url;
    for (let hop = 0; hop < 12; hop += 1) {
      const res = await request(next);
      if (res.status >= 300 && res.status < 400) {
        next = new URL(res.headers.get('location') as string, next.startsWith('http') ? next : origin).href;
        if (new URL(next).pathname === '/') return new URL(next);
        continue;
      }
      const html = await res.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!action || !html.includes('name="login"'))
        throw new Error(`unexpected IdP page: ${html.slice(0, 300)}`);
      const submit = await request(new URL(action.replaceAll('&amp;', '&'), next).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'anything' }).toString(),
      });
      expect(submit.status).toBeGreaterThanOrEqual(300);
      next = new URL(submit.headers.get('location') as string, next).href;
    }
    throw new Error('too many redirects');
  };
  const start = (provider: 'google' | 'facebook', headers: Record<string, string> = {}) =>
    api('/wps/session/social/start', { provider }, headers);
  return { jar, request, api, signInAtIdp, start };
};
