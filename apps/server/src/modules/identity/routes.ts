import formbody from '@fastify/formbody';
import { normalizeIP } from '@fastify/rate-limit';
import { type ErrorCode, identityRoutes, type RouteDef } from '@khela/contract';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, type RouteExtras, registerRoute } from '../../http/route';
import { CAPTCHA_COOKIE, CAPTCHA_TTL_MS } from './captcha';
import { registerDemoIdp } from './demo-idp';
import type { CallMeta, IdentityService } from './service';
import type { AuthMember } from './sessions';
import { SOCIAL_CALLBACK_PATH, SOCIAL_COOKIE, SOCIAL_FLOW_MS, SOCIAL_PATH } from './social';

/** Per IP: at most this many login calls a minute... */
export const LOGINS_PER_MINUTE = 20;
/** ...and this many registrations an hour (both registration calls together). */
export const REGISTRATIONS_PER_HOUR = 5;
/** Per IP: SMS-code requests an hour (both calls together; each number has its own tighter limit). */
export const SMS_REQUESTS_PER_HOUR = 20;
/** Per IP: password calls (forgot by email, reset by SMS) an hour. */
export const PASSWORD_RESETS_PER_HOUR = 10;
/** Per IP: Google/Facebook sign-in calls (start and callback together) a minute; `finish` counts with the logins. */
export const SOCIAL_CALLS_PER_MINUTE = 30;
/** Per IP: trial (free-play) accounts an hour. */
export const FREE_PLAYS_PER_HOUR = 5;
/** Per IP: captcha images, challenges and affiliate checks a minute. */
export const CHECKS_PER_MINUTE = 30;
/** Per IP: authenticator enrolment calls (start, confirm, disable together) a minute. */
export const TOTP_CALLS_PER_MINUTE = 10;

/** The value of one cookie of the request, if sent. */
export const readCookie = (request: FastifyRequest, name: string) => {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
};

export const callMeta = (request: FastifyRequest): CallMeta => ({
  merchant: request.merchant,
  ip: request.ip,
  userAgent:
    typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 512) : null,
  language: request.language,
  captchaId: readCookie(request, CAPTCHA_COOKIE),
});

/**
 * A signed-in member's refusal on a route, once the session is live: trial accounts are refused
 * `realAccountOnly` routes, and a member who must change the password every route but the few
 * marked `beforePasswordChange`. The auth guard applies it after the session read, and the gate
 * to a member a route remembered (`Gate.admits`, RouteExtras.sessionHint).
 */
export const routeRefusal = (
  identity: IdentityService,
  member: AuthMember,
  def: RouteDef,
): ErrorCode | null => {
  if (def.realAccountOnly && identity.isTrial(member)) return 'in_need_true_account';
  if (!def.beforePasswordChange && identity.isPasswordChangePending(member))
    return 'password.change.required';
  return null;
};

/**
 * The auth guard (`Gate.authenticate`): the raw token of the `Authorization` header (no
 * `Bearer`) must name a live session of this merchant; it puts the member on the request, then
 * refuses what `routeRefusal` refuses.
 */
export const createAuthGuard =
  (identity: IdentityService) =>
  async (request: FastifyRequest, def: RouteDef): Promise<void> => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.trim() : '';
    if (!token) {
      if (def.auth === 'optional') return;
      throw new AppError('login.not.session');
    }
    const found = await identity.authenticate(token, request.merchant.code);
    if (!found) throw new AppError('login.not.session');
    request.member = found.member;
    request.authSession = found.session;
    const refusal = routeRefusal(identity, found.member, def);
    if (refusal) throw new AppError(refusal);
  };

/** A per-IP limiter shared by the routes it is given to (the store is Redis when the app has one). */
const ipLimiter = (
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: number,
): onRequestAsyncHookHandler => {
  if (!app.hasDecorator('rateLimit'))
    throw new Error('@fastify/rate-limit must be registered before the identity routes');
  const hook = app.rateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `${name}:${normalizeIP(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', { value: { retryAfter: Math.ceil(context.ttl / 1000) } }),
  });
  return hook as unknown as onRequestAsyncHookHandler;
};

const signedIn = (request: FastifyRequest) => {
  if (!request.member || !request.authSession) throw new AppError('login.not.session');
  return { member: request.member, session: request.authSession };
};

/** Session and member calls: login, logout, registration, member info, change password, the body key. */
export const registerIdentityRoutes = (
  app: FastifyInstance,
  gate: Gate,
  identity: IdentityService,
  /** The site's public address (PUBLIC_URL); unset: each request's own origin. */
  publicUrl?: string,
) => {
  // Cookies are Secure when the public address is https or the trusted proxy says the call was (ADR 029).
  const secureOf = (request: FastifyRequest) =>
    publicUrl?.startsWith('https:') || request.protocol === 'https' ? '; Secure' : '';
  const loginLimit = ipLimiter(app, 'login', LOGINS_PER_MINUTE, 60_000);
  const registerLimit = ipLimiter(app, 'register', REGISTRATIONS_PER_HOUR, 60 * 60_000);
  // Calls marked `encrypted` also take `{ jwe }`: opened here, then checked by the same schema.
  const openSealedBody: preValidationAsyncHookHandler = async (request) => {
    if (identity.encryption.isEncrypted(request.body)) {
      request.body = await identity.encryption.decrypt(request.body.jwe);
    }
  };
  const extras = (def: RouteDef, limit?: onRequestAsyncHookHandler): RouteExtras => ({
    ...(limit ? { onRequest: [limit] } : {}),
    ...(def.encrypted ? { preValidation: [openSealedBody] } : {}),
  });
  const smsLimit = ipLimiter(app, 'sms', SMS_REQUESTS_PER_HOUR, 60 * 60_000);
  const resetLimit = ipLimiter(app, 'password', PASSWORD_RESETS_PER_HOUR, 60 * 60_000);
  const checkLimit = ipLimiter(app, 'check', CHECKS_PER_MINUTE, 60_000);
  const {
    encryptionKey,
    login,
    logout,
    register,
    registerMobile,
    memberInfo,
    changePassword,
    rememberLogin,
    smsCodeNoLogin,
    smsCodeRegister,
    forgotPasswordEmail,
    resetPasswordBySms,
    captcha,
    humanChallenge,
    affiliateCheck,
    loginVerification,
    loginVerificationSend,
    freePlay,
    socialProviders,
    socialStart,
    socialFinish,
    memberTotp,
    memberTotpStart,
    memberTotpConfirm,
    memberTotpDisable,
    agentHome,
  } = identityRoutes;
  const totpLimit = ipLimiter(app, 'totp', TOTP_CALLS_PER_MINUTE, 60_000);
  const freePlayLimit = ipLimiter(app, 'freeplay', FREE_PLAYS_PER_HOUR, 60 * 60_000);

  registerRoute(app, gate, encryptionKey, async () => identity.encryption.publicKey(), extras(encryptionKey));
  registerRoute(
    app,
    gate,
    login,
    async (request) => identity.login(callMeta(request), request.body),
    extras(login, loginLimit),
  );
  registerRoute(
    app,
    gate,
    loginVerification,
    async (request) => identity.verifyLogin(callMeta(request), request.body),
    extras(loginVerification, loginLimit),
  );
  // Sends an SMS or a mail: limited with the SMS-code calls.
  registerRoute(
    app,
    gate,
    loginVerificationSend,
    async (request) => identity.sendLoginVerification(callMeta(request), request.body),
    extras(loginVerificationSend, smsLimit),
  );
  registerRoute(
    app,
    gate,
    freePlay,
    async (request) => identity.freePlay(callMeta(request), request.body ?? {}),
    extras(freePlay, freePlayLimit),
  );
  registerRoute(
    app,
    gate,
    logout,
    async (request) => {
      return identity.logout(callMeta(request), signedIn(request).member);
    },
    extras(logout),
  );
  registerRoute(
    app,
    gate,
    register,
    async (request) => identity.register(callMeta(request), 'username', request.body),
    extras(register, registerLimit),
  );
  registerRoute(
    app,
    gate,
    registerMobile,
    async (request) => identity.register(callMeta(request), 'mobile', request.body),
    extras(registerMobile, registerLimit),
  );
  registerRoute(
    app,
    gate,
    memberInfo,
    async (request) => (request.member ? identity.memberInfo(request.member) : {}),
    extras(memberInfo),
  );
  registerRoute(
    app,
    gate,
    changePassword,
    async (request) => {
      const { member, session } = signedIn(request);
      return identity.changePassword(callMeta(request), member, session, request.body);
    },
    extras(changePassword),
  );
  registerRoute(
    app,
    gate,
    memberTotp,
    async (request) => identity.totpStatus(signedIn(request).member),
    extras(memberTotp),
  );
  registerRoute(
    app,
    gate,
    memberTotpStart,
    async (request) => identity.totpStart(callMeta(request), signedIn(request).member),
    extras(memberTotpStart, totpLimit),
  );
  registerRoute(
    app,
    gate,
    memberTotpConfirm,
    async (request) => identity.totpConfirm(callMeta(request), signedIn(request).member, request.body.code),
    extras(memberTotpConfirm, totpLimit),
  );
  registerRoute(
    app,
    gate,
    memberTotpDisable,
    async (request) => identity.totpDisable(callMeta(request), signedIn(request).member, request.body),
    extras(memberTotpDisable, totpLimit),
  );
  registerRoute(
    app,
    gate,
    agentHome,
    async (request) => identity.agentHome(signedIn(request).member, request.query.page),
    extras(agentHome),
  );
  registerRoute(
    app,
    gate,
    rememberLogin,
    async (request) => identity.rememberLogin(callMeta(request), request.body.rememberToken),
    extras(rememberLogin, loginLimit),
  );
  registerRoute(
    app,
    gate,
    smsCodeNoLogin,
    async (request) => identity.requestNoLoginCode(callMeta(request), request.body),
    extras(smsCodeNoLogin, smsLimit),
  );
  registerRoute(
    app,
    gate,
    smsCodeRegister,
    async (request) => identity.requestRegisterCode(callMeta(request), request.body),
    extras(smsCodeRegister, smsLimit),
  );
  registerRoute(
    app,
    gate,
    resetPasswordBySms,
    async (request) => identity.resetPasswordBySms(callMeta(request), request.body),
    extras(resetPasswordBySms, resetLimit),
  );
  registerRoute(
    app,
    gate,
    captcha,
    async (request, reply) => {
      const { id, png } = await identity.newCaptcha(callMeta(request));
      const secure = secureOf(request);
      reply
        .header('cache-control', 'no-store')
        .header(
          'set-cookie',
          `${CAPTCHA_COOKIE}=${id}; Path=/wps; HttpOnly; SameSite=Strict; Max-Age=${CAPTCHA_TTL_MS / 1000}${secure}`,
        );
      return png.toString('base64');
    },
    extras(captcha, checkLimit),
  );
  registerRoute(
    app,
    gate,
    humanChallenge,
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return identity.humanChallenge();
    },
    extras(humanChallenge, checkLimit),
  );
  registerRoute(
    app,
    gate,
    affiliateCheck,
    async (request) => identity.checkAffiliate(callMeta(request), request.query.code),
    extras(affiliateCheck, checkLimit),
  );
  // Google / Facebook sign-in (OIDC). The provider sends the browser back to the callback, a
  // plain redirect (not an API call); the flow is bound to the browser by an httpOnly cookie.
  const social = identity.social;
  const socialLimit = ipLimiter(app, 'social', SOCIAL_CALLS_PER_MINUTE, 60_000);
  const originOf = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;
  registerRoute(
    app,
    gate,
    socialProviders,
    async (request) => social?.list(request.merchant.code) ?? [],
    extras(socialProviders),
  );
  registerRoute(
    app,
    gate,
    socialStart,
    async (request, reply) => {
      if (!social) throw new AppError('function.not.available');
      const { flowId, url } = await social.start(
        request.merchant.code,
        request.body.provider,
        originOf(request),
      );
      reply
        .header('cache-control', 'no-store')
        .header(
          'set-cookie',
          `${SOCIAL_COOKIE}=${flowId}; Path=${SOCIAL_PATH}; HttpOnly; SameSite=Lax; Max-Age=${SOCIAL_FLOW_MS / 1000}${secureOf(request)}`,
        );
      return { url };
    },
    extras(socialStart, socialLimit),
  );
  registerRoute(
    app,
    gate,
    socialFinish,
    async (request) =>
      identity.socialFinish(callMeta(request), readCookie(request, SOCIAL_COOKIE), request.body),
    // It signs in (and `link` proves a password): counted with the logins of the IP.
    extras(socialFinish, loginLimit),
  );
  app.get(
    SOCIAL_CALLBACK_PATH,
    { schema: { hide: true }, onRequest: [socialLimit] },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      let outcome = 'ok';
      if (!social) outcome = 'failed';
      else if (query.error) outcome = query.error === 'access_denied' ? 'cancelled' : 'failed';
      else {
        try {
          await social.callback(
            readCookie(request, SOCIAL_COOKIE),
            new URL(request.url, originOf(request)),
            originOf(request),
          );
        } catch (error) {
          request.log.warn({ err: error }, 'identity: social sign-in callback refused');
          outcome = 'failed';
        }
      }
      return reply.header('cache-control', 'no-store').redirect(`/?social=${outcome}`, 302);
    },
  );
  if (social?.offersDemo()) registerDemoIdp(app, originOf);

  // The one form-encoded call (as on the platform): the form parser is registered for it alone.
  app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4096 });
    registerRoute(
      scope,
      gate,
      forgotPasswordEmail,
      async (request) => identity.forgotPasswordByEmail(callMeta(request), request.body),
      extras(forgotPasswordEmail, resetLimit),
    );
  });
};
