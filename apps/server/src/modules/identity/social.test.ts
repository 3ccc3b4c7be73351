import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_IDP_EMAIL_DOMAIN } from './demo-idp';
import { socialProvidersFromConfig } from './social';
import { createBrowser } from './social-test-support';
import * as store from './store';

/**
 * Google / Facebook sign-in against the built-in demo IdP (a real oidc-provider), over real HTTP:
 * the app listens on a free port and this test plays the browser, cookies and redirects included.
 */
let t: TestApp;
let origin = '';

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t?.close();
});

const browser = () => createBrowser(origin);

describe('Google / Facebook sign-in (OIDC) against the demo IdP', () => {
  it('offers both providers through the demo IdP in demo mode, none in production without settings', async () => {
    const res = await fetch(`${origin}/wps/session/social/providers`);
    expect(((await res.json()) as { value: unknown }).value).toEqual([
      { provider: 'google', demo: true },
      { provider: 'facebook', demo: true },
    ]);
    expect(socialProvidersFromConfig({ KHELA_MODE: 'production' })).toEqual([]);
    expect(
      socialProvidersFromConfig({
        KHELA_MODE: 'production',
        OIDC_GOOGLE_CLIENT_ID: 'id',
        OIDC_GOOGLE_CLIENT_SECRET: 'secret',
      }),
    ).toEqual([
      {
        provider: 'google',
        demo: false,
        issuer: 'https://accounts.google.com',
        clientId: 'id',
        clientSecret: 'secret',
      },
    ]);
  });

  it('first sign-in creates a member; the next one signs the same member in', async () => {
    const b = browser();
    const started = await b.start('google');
    expect(started.status).toBe(200);
    const authUrl = new URL(started.body.value.url);
    expect(authUrl.pathname).toBe('/demo-idp/auth');
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(b.jar.has('khela_oidc')).toBe(true);

    const home = await b.signInAtIdp(authUrl.href, 'alice');
    expect(home.search).toBe('?social=ok');
    const choose = await b.api('/wps/session/social/finish', {});
    expect(choose.body.value).toEqual({
      status: 'choose',
      provider: 'google',
      email: `alice@${DEMO_IDP_EMAIL_DOMAIN}`,
      name: 'alice',
    });
    const created = await b.api('/wps/session/social/finish', { mode: 'create' });
    expect(created.status).toBe(200);
    const login = created.body.value.login;
    expect(login).toMatchObject({ customerType: 0, nickname: 'alice', firstTimeLogin: false });
    expect(login.userName).toMatch(/^g[0-9]{8}$/);
    // The flow is spent.
    expect((await b.api('/wps/session/social/finish', { mode: 'create' })).body.errorCode).toBe(
      'social.expired',
    );

    // Again (the IdP remembers alice): signed straight in as the same member.
    const again = await b.start('google');
    expect((await b.signInAtIdp(again.body.value.url, 'alice')).search).toBe('?social=ok');
    const second = await b.api('/wps/session/social/finish', {});
    expect(second.body.value).toMatchObject({ status: 'signedIn', login: { id: login.id } });
    const links = await t.db
      .selectFrom('member_social_link')
      .selectAll()
      .where('member_id', '=', login.id)
      .execute();
    expect(links).toMatchObject([{ provider: 'google', subject: 'alice' }]);
  });

  it('links an existing member only with its password', async () => {
    const b = browser();
    const started = await b.start('facebook');
    expect((await b.signInAtIdp(started.body.value.url, 'bob')).search).toBe('?social=ok');
    const wrong = await b.api('/wps/session/social/finish', {
      mode: 'link',
      username: 'demo01',
      password: 'Wrong1234',
    });
    expect(wrong).toMatchObject({ status: 401, body: { errorCode: 'login.failed' } });
    const linked = await b.api('/wps/session/social/finish', {
      mode: 'link',
      username: 'demo01',
      password: 'Demo1234',
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.value.login.userName).toBe('demo01');
    const demo = await store.findMemberByUsername(t.db, 'khelabd', 'demo01');
    const audit = await store.readAudit(t.db, 'khelabd', { memberId: demo?.id as number });
    expect(audit.at(-2)).toMatchObject({
      event: 'social.link',
      detail: { provider: 'facebook', mode: 'link' },
    });

    const again = await b.start('facebook');
    await b.signInAtIdp(again.body.value.url, 'bob');
    const second = await b.api('/wps/session/social/finish', {});
    expect(second.body.value.login.userName).toBe('demo01');
  });

  it('refuses a callback with a forged state or without the flow cookie', async () => {
    const b = browser();
    const started = await b.start('google');
    const url = new URL(started.body.value.url);
    url.searchParams.set('state', 'forged-state');
    expect((await b.signInAtIdp(url.href, 'carol')).search).toBe('?social=failed');
    expect((await b.api('/wps/session/social/finish', {})).body.errorCode).toBe('social.expired');

    const other = browser();
    const again = await b.start('google');
    // Another browser (no flow cookie) comes back with the code: refused.
    const stolen = await other.signInAtIdp(again.body.value.url, 'carol');
    expect(stolen.search).toBe('?social=failed');
    expect((await other.api('/wps/session/social/finish', { mode: 'create' })).body.errorCode).toBe(
      'social.expired',
    );
  });
});
