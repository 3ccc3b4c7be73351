import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * The built-in test identity provider (demo mode and tests only): a real OIDC provider
 * (`oidc-provider`) mounted in-process at `/demo-idp`, so Google and Facebook sign-in can be tried
 * and tested end to end without Google or Facebook. Any login name with any password signs in
 * on its own page (`/demo-idp/interaction/<uid>`);
 * the account's `sub` is the login name, its email `<login>@demo-idp.test` (verified).
 */

export const DEMO_IDP_PATH = '/demo-idp';
export const DEMO_IDP_EMAIL_DOMAIN = 'demo-idp.test';

/** One client per provider, standing in for the Google and the Facebook app. */
export const DEMO_IDP_CLIENTS = {
  google: { id: 'khela-demo-google', secret: 'khela-demo-google-secret' },
  facebook: { id: 'khela-demo-facebook', secret: 'khela-demo-facebook-secret' },
} as const;

const createProvider = async (origin: string) => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'demo-idp' };
  const provider = new Provider(`${origin}${DEMO_IDP_PATH}`, {
    clients: Object.values(DEMO_IDP_CLIENTS).map((c) => ({
      client_id: c.id,
      client_secret: c.secret,
      redirect_uris: [`${origin}/wps/session/social/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Our own small sign-in page (below) instead of the library's dev pages, which load web fonts.
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEMO_IDP_PATH}/interaction/${interaction.uid}` },
    ttl: { Interaction: 600, Session: 24 * 3600, Grant: 24 * 3600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub.toLowerCase()}@${DEMO_IDP_EMAIL_DOMAIN}`,
        email_verified: true,
        name: sub,
      }),
    }),
    // A first-party demo: no consent screen, the grant is made on the spot.
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
    // Like Google: email and name in the ID token itself.
    conformIdTokenClaims: false,
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Demo IdP</title><p>${String(out.error)}: ${String(out.error_description ?? '')}</p>`;
    },
  });
  return provider;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The demo IdP's sign-in page: self-contained (no fonts, scripts or images from elsewhere). */
const signInPage = (uid: string, clientId: string) => {
  const provider = clientId === DEMO_IDP_CLIENTS.facebook.id ? 'Facebook' : 'Google';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo ${provider} sign-in</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f5f9}
@media (prefers-color-scheme:dark){body{background:#0f172a}main{background:#1e293b!important;color:#e2e8f0}}
main{width:min(360px,calc(100vw - 32px));background:#fff;border-radius:16px;padding:24px;box-shadow:0 10px 30px #0002}
h1{font-size:1.15rem;margin:0 0 4px}p{margin:0 0 16px;font-size:.85rem;opacity:.75}
label{display:block;font-size:.8rem;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;height:44px;border-radius:10px;border:1px solid #94a3b8;padding:0 12px;font-size:1rem;background:transparent;color:inherit}
button{margin-top:20px;width:100%;height:46px;border:0;border-radius:999px;background:#2563eb;color:#fff;font-weight:600;font-size:1rem}
</style></head><body><main>
<h1>Demo ${provider} sign-in</h1>
<p>Test identity provider of the Khela demo: any name and any password sign in.</p>
<form method="post" action="${DEMO_IDP_PATH}/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="login">Name</label><input id="login" name="login" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form></main></body></html>`;
};

/** Reads a small url-encoded form from the untouched request stream. */
const readForm = async (raw: IncomingMessage) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > 4096) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

/** Mounts the demo IdP at `/demo-idp` on this app (call only in demo mode). */
export const registerDemoIdp = (app: FastifyInstance, originOf: (request: FastifyRequest) => string) => {
  const providers = new Map<string, Promise<Provider>>();
  const providerFor = (origin: string) => {
    let provider = providers.get(origin);
    if (!provider) {
      provider = createProvider(origin);
      providers.set(origin, provider);
    }
    return provider;
  };
  app.register(async (scope) => {
    // The provider reads its own request bodies: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: { hijack: () => void; raw: unknown }) => {
      const provider = await providerFor(originOf(request));
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(DEMO_IDP_PATH.length) || '/';
      provider.callback()(raw, reply.raw as never);
    };
    scope.get<{ Params: { uid: string } }>(
      `${DEMO_IDP_PATH}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const provider = await providerFor(originOf(request));
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(signInPage(details.uid, String(details.params.client_id ?? '')));
      },
    );
    scope.post(
      `${DEMO_IDP_PATH}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const provider = await providerFor(originOf(request));
        const form = await readForm(request.raw);
        const login = (form.get('login') ?? '').trim().slice(0, 64);
        if (!login) return reply.status(400).type('text/plain').send('a name is required');
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
      },
    );
    scope.all(DEMO_IDP_PATH, { schema: { hide: true } }, handler);
    scope.all(`${DEMO_IDP_PATH}/*`, { schema: { hide: true } }, handler);
  });
};
