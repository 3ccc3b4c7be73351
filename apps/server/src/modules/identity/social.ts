import { createHash } from 'node:crypto';
import { SOCIAL_PROVIDERS, type SocialProvider, type SocialSettings } from '@khela/contract';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { DEMO_IDP_CLIENTS, DEMO_IDP_PATH } from './demo-idp';
import { hashSessionToken, isWellFormedToken, newSessionToken } from './sessions';
import * as store from './store';

/**
 * Google / Facebook sign-in as an OIDC relying party (openid-client): Authorization Code with
 * PKCE (S256), `state` and `nonce`, the ID token checked by the library (signature, issuer,
 * audience, expiry, nonce). The flow lives in `oidc_flow`, keyed by the hash of a random id the
 * browser holds in an httpOnly cookie (`SOCIAL_COOKIE`), so the callback is bound to the browser
 * that started it. The identity service then signs in, creates or links the member (ADR 013).
 */

export const SOCIAL_COOKIE = 'khela_oidc';
/** Path of the cookie and of the callback the provider sends the browser back to. */
export const SOCIAL_PATH = '/wps/session/social';
export const SOCIAL_CALLBACK_PATH = `${SOCIAL_PATH}/callback`;
/** A sign-in must come back and be finished within this time. */
export const SOCIAL_FLOW_MS = 10 * 60 * 1000;

export type SocialProviderConfig = {
  provider: SocialProvider;
  /** Uses the built-in demo IdP (`/demo-idp`, demo mode only) instead of the issuer below. */
  demo: boolean;
  issuer?: string;
  clientId?: string;
  clientSecret?: string;
};

type Deps = {
  db: Kysely<DB>;
  /** The server's own providers (environment `OIDC_*`, else the demo IdP): for merchants without settings of their own. */
  providers: SocialProviderConfig[];
  /** A merchant's own provider settings (stored with its site settings); they win over `providers`. */
  merchantSettings?: (merchantCode: string) => SocialSettings | undefined;
  now?: () => Date;
  /** Tests may route the library's HTTP calls (discovery, token, JWKS) elsewhere. */
  fetch?: client.CustomFetch;
};

export const createSocialSignIn = ({
  db,
  providers,
  merchantSettings,
  now = () => new Date(),
  fetch: customFetch,
}: Deps) => {
  const configs = new Map<string, Promise<client.Configuration>>();

  /**
   * The providers a merchant offers: each one its settings configure (and enable), else the
   * server's own for that provider. A provider set but disabled is not offered at all.
   */
  const providersFor = (merchantCode: string): SocialProviderConfig[] =>
    SOCIAL_PROVIDERS.flatMap((provider) => {
      const own = merchantSettings?.(merchantCode)?.[provider];
      if (own) {
        if (!own.enabled) return [];
        return [
          {
            provider,
            demo: false,
            issuer: own.issuer,
            clientId: own.clientId,
            clientSecret: own.clientSecret,
          },
        ];
      }
      return providers.filter((p) => p.provider === provider);
    });

  const providerOf = (merchantCode: string, name: string) => {
    const found = providersFor(merchantCode).find((p) => p.provider === name);
    if (!found) throw new AppError('function.not.available');
    return found;
  };

  /** The provider's discovered configuration (cached per issuer and client; a failed discovery is retried next time). */
  const configFor = (p: SocialProviderConfig, origin: string) => {
    const issuer = p.demo ? `${origin}${DEMO_IDP_PATH}` : (p.issuer as string);
    const secretTag = p.demo
      ? ''
      : createHash('sha256')
          .update(p.clientSecret ?? '')
          .digest('hex');
    const key = `${p.provider}|${issuer}|${p.demo ? '' : p.clientId}|${secretTag}`;
    let config = configs.get(key);
    if (!config) {
      const clientId = p.demo ? DEMO_IDP_CLIENTS[p.provider].id : (p.clientId as string);
      const secret = p.demo ? DEMO_IDP_CLIENTS[p.provider].secret : (p.clientSecret as string);
      const insecure = issuer.startsWith('http://');
      config = client
        .discovery(new URL(issuer), clientId, secret, client.ClientSecretPost(secret), {
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
          ...(customFetch ? { [client.customFetch]: customFetch } : {}),
        })
        .then((c) => {
          if (customFetch) c[client.customFetch] = customFetch;
          return c;
        })
        .catch((error: unknown) => {
          configs.delete(key);
          throw error;
        });
      configs.set(key, config);
    }
    return config;
  };

  const redirectUri = (origin: string) => `${origin}${SOCIAL_CALLBACK_PATH}`;

  /** Starts a sign-in: answers the flow id (for the cookie) and the URL to send the browser to. */
  const start = async (merchantCode: string, provider: SocialProvider, origin: string) => {
    const p = providerOf(merchantCode, provider);
    const config = await configFor(p, origin);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const flowId = newSessionToken();
    const at = now();
    await store.insertOidcFlow(db, {
      idHash: hashSessionToken(flowId),
      merchantCode,
      provider,
      state,
      nonce,
      codeVerifier,
      at,
      expiresAt: new Date(at.getTime() + SOCIAL_FLOW_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(origin),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { flowId, url: url.href };
  };

  /** The live flow of a cookie value, or null. */
  const flowOf = async (flowId: string | null) => {
    if (!flowId || !isWellFormedToken(flowId)) return null;
    const idHash = hashSessionToken(flowId);
    const flow = await store.findOidcFlow(db, idHash);
    if (!flow || flow.used_at !== null || flow.expires_at.getTime() <= now().getTime()) return null;
    return { ...flow, idHash };
  };

  /**
   * The provider sent the browser back: exchanges the code (PKCE verifier, state and nonce
   * checked) and stores the verified subject, email and name on the flow.
   */
  const callback = async (flowId: string | null, currentUrl: URL, origin: string) => {
    const flow = await flowOf(flowId);
    if (!flow || flow.signed_in_at !== null) throw new AppError('social.expired');
    const config = await configFor(providerOf(flow.merchant_code, flow.provider), origin);
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new AppError('social.expired');
    const email =
      typeof claims.email === 'string' && claims.email_verified !== false ? claims.email.toLowerCase() : null;
    const name = typeof claims.name === 'string' ? claims.name.slice(0, 64) : null;
    if (!(await store.completeOidcFlow(db, flow.idHash, { subject: claims.sub, email, name, at: now() })))
      throw new AppError('social.expired');
    return { merchantCode: flow.merchant_code };
  };

  return {
    /** The sign-ins a merchant offers (never a secret). */
    list: (merchantCode: string) =>
      providersFor(merchantCode).map(({ provider, demo }) => ({ provider, demo })),
    /** Whether any merchant may fall back to the demo IdP (then it is mounted). */
    offersDemo: () => providers.some((p) => p.demo),
    start,
    callback,
    flowOf,
  };
};

export type SocialSignIn = ReturnType<typeof createSocialSignIn>;

type OidcConfig = {
  KHELA_MODE?: 'demo' | 'production' | undefined;
  OIDC_GOOGLE_CLIENT_ID?: string | undefined;
  OIDC_GOOGLE_CLIENT_SECRET?: string | undefined;
  OIDC_GOOGLE_ISSUER?: string | undefined;
  OIDC_FACEBOOK_CLIENT_ID?: string | undefined;
  OIDC_FACEBOOK_CLIENT_SECRET?: string | undefined;
  OIDC_FACEBOOK_ISSUER?: string | undefined;
  OIDC_DEMO_IDP?: 'on' | 'off' | undefined;
};

/**
 * The providers a server offers: each one whose client id and secret are set; in demo mode the
 * others through the demo IdP (unless `OIDC_DEMO_IDP=off`).
 */
export const socialProvidersFromConfig = (config: OidcConfig): SocialProviderConfig[] => {
  const demoIdp = config.KHELA_MODE === 'demo' && config.OIDC_DEMO_IDP !== 'off';
  const entry = (
    provider: SocialProvider,
    clientId: string | undefined,
    clientSecret: string | undefined,
    issuer: string,
  ): SocialProviderConfig[] => {
    if (clientId && clientSecret) return [{ provider, demo: false, issuer, clientId, clientSecret }];
    return demoIdp ? [{ provider, demo: true }] : [];
  };
  return [
    ...entry(
      'google',
      config.OIDC_GOOGLE_CLIENT_ID,
      config.OIDC_GOOGLE_CLIENT_SECRET,
      config.OIDC_GOOGLE_ISSUER ?? 'https://accounts.google.com',
    ),
    ...entry(
      'facebook',
      config.OIDC_FACEBOOK_CLIENT_ID,
      config.OIDC_FACEBOOK_CLIENT_SECRET,
      config.OIDC_FACEBOOK_ISSUER ?? 'https://www.facebook.com',
    ),
  ];
};
