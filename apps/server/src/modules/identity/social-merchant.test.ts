import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { bo, staffLogin } from '../staff/test-support';
import { createBrowser } from './social-test-support';
import * as store from './store';

/**
 * Google / Facebook sign-in configured per merchant (issue 3: "configured per brand, tested
 * against a local OIDC provider started by the tests"). This test starts its own OIDC provider
 * (`oidc-provider`, a real issuer on a free port, not the demo IdP), configures merchant khelabd's
 * Google sign-in against it through the back-office settings API, and signs in over real HTTP.
 * Merchant khelain stays unconfigured: it keeps the server's own providers (the demo IdP here).
 */
const CLIENT_ID = 'khelabd-web';
const CLIENT_SECRET = `secret-${randomBytes(16).toString('hex')}`;

let t: TestApp;
let origin = '';
let idp: Server;
let issuer = '';
const clock = createClock(Date.now());

const startIdp = async (appOrigin: string) => {
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${appOrigin}/wps/session/social/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-idp' }] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@idp.example`, email_verified: true, name: `Test ${sub}` }),
    }),
    // No consent screen: the grant is made on the spot (first-party client).
    loadExistingGrant: async (ctx) => {
      const { client, session, provider: p } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const found = await p.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    conformIdTokenClaims: false,
  });
  idp.on('request', provider.callback());
};

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await startIdp(origin);
});

afterAll(async () => {
  await new Promise((resolve) => idp?.close(resolve));
  await t?.close();
});

const providers = async (merchant: string) => {
  const res = await fetch(`${origin}/wps/session/social/providers`, { headers: { merchant } });
  return ((await res.json()) as { value: unknown }).value;
};

describe('Google / Facebook sign-in per merchant', () => {
  it("configures one merchant's Google against its own issuer; the secret never comes back", async () => {
    const owner = await staffLogin(t.app, clock, 'owner');
    expect(await providers('khelabd')).toEqual([
      { provider: 'google', demo: true },
      { provider: 'facebook', demo: true },
    ]);
    const read = async () =>
      bo(t.app, owner, { method: 'GET', url: '/bo/api/settings/social?merchant=khelabd' });
    expect((await read()).json().value).toEqual({ merchant: 'khelabd', google: null, facebook: null });

    // A new provider needs its secret.
    const noSecret = await bo(t.app, owner, {
      method: 'PUT',
      url: '/bo/api/settings/social',
      payload: {
        merchant: 'khelabd',
        provider: 'google',
        value: { enabled: true, issuer, clientId: CLIENT_ID },
      },
    });
    expect(noSecret.statusCode).toBe(400);

    const saved = await bo(t.app, owner, {
      method: 'PUT',
      url: '/bo/api/settings/social',
      payload: {
        merchant: 'khelabd',
        provider: 'google',
        value: { enabled: true, issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = { enabled: true, issuer, clientId: CLIENT_ID, clientSecretSet: true };
    expect(saved.json().value).toEqual({ merchant: 'khelabd', google: view, facebook: null });
    expect((await read()).json().value.google).toEqual(view);
    // The secret is in no answer and no audit row.
    for (const body of [saved.body, (await read()).body]) expect(body).not.toContain(CLIENT_SECRET);
    const status = await fetch(`${origin}/wps/system/status`, { headers: { merchant: 'khelabd' } });
    expect(await status.text()).not.toContain(CLIENT_SECRET);
    const audit = await t.db
      .selectFrom('bo_audit')
      .selectAll()
      .where('action', '=', 'settings.social')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(CLIENT_SECRET);
    // A role without settings.write cannot change it.
    const support = await staffLogin(t.app, clock, 'support');
    const refused = await bo(t.app, support, {
      method: 'PUT',
      url: '/bo/api/settings/social',
      payload: { merchant: 'khelabd', provider: 'google', value: null },
    });
    expect(refused.statusCode).toBe(403);

    // khelabd's Google is its own issuer now; khelain is untouched.
    expect(await providers('khelabd')).toEqual([
      { provider: 'google', demo: false },
      { provider: 'facebook', demo: true },
    ]);
    expect(await providers('khelain')).toEqual([
      { provider: 'google', demo: true },
      { provider: 'facebook', demo: true },
    ]);
  });

  it("signs in through the merchant's issuer; the other merchant still uses the demo IdP", async () => {
    const b = createBrowser(origin);
    const started = await b.start('google', { merchant: 'khelabd' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const authUrl = new URL(started.body.value.url);
    expect(authUrl.origin).toBe(issuer);
    expect(authUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const home = await b.signInAtIdp(authUrl.href, 'rita');
    expect(home.search).toBe('?social=ok');
    const choose = await b.api('/wps/session/social/finish', {}, { merchant: 'khelabd' });
    expect(choose.body.value).toEqual({
      status: 'choose',
      provider: 'google',
      email: 'rita@idp.example',
      name: 'Test rita',
    });
    const created = await b.api('/wps/session/social/finish', { mode: 'create' }, { merchant: 'khelabd' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const login = created.body.value.login;
    expect(login).toMatchObject({ customerType: 0, nickname: 'Test rita' });
    const member = await store.findMemberById(t.db, login.id);
    expect(member?.merchant_code).toBe('khelabd');
    const link = await store.findSocialLink(t.db, 'khelabd', 'google', 'rita');
    expect(link).toMatchObject({ member_id: login.id, email: 'rita@idp.example' });

    const other = createBrowser(origin);
    const elsewhere = await other.start('google', { merchant: 'khelain' });
    expect(new URL(elsewhere.body.value.url).pathname).toBe('/demo-idp/auth');
  });

  it('uses the stored secret (a wrong one fails at the callback) and hides a disabled provider', async () => {
    const owner = await staffLogin(t.app, clock, 'owner');
    const put = (value: unknown) =>
      bo(t.app, owner, {
        method: 'PUT',
        url: '/bo/api/settings/social',
        payload: { merchant: 'khelabd', provider: 'google', value },
      });
    expect(
      (await put({ enabled: true, issuer, clientId: CLIENT_ID, clientSecret: 'not-the-secret' })).statusCode,
    ).toBe(200);
    const b = createBrowser(origin);
    const started = await b.start('google', { merchant: 'khelabd' });
    expect((await b.signInAtIdp(started.body.value.url, 'rita')).search).toBe('?social=failed');

    // Without a secret in the body the stored one is kept; switched off, it is not offered.
    expect((await put({ enabled: false, issuer, clientId: CLIENT_ID })).statusCode).toBe(200);
    expect(await providers('khelabd')).toEqual([{ provider: 'facebook', demo: true }]);
    const stored = t.app.services.site.settingsOf('khelabd').social.google;
    expect(stored).toMatchObject({ enabled: false, clientSecret: 'not-the-secret' });
    const off = await createBrowser(origin).start('google', { merchant: 'khelabd' });
    expect(off.body.errorCode).toBe('function.not.available');

    // Cleared: back to the server's own (the demo IdP here).
    expect((await put(null)).statusCode).toBe(200);
    expect(await providers('khelabd')).toEqual([
      { provider: 'google', demo: true },
      { provider: 'facebook', demo: true },
    ]);
  });
});
