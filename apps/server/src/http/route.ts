import { type ErrorCode, envelope, type Language, type Merchant, type RouteDef } from '@khela/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './errors';
import { JsonText } from './json-text';
import { type AnswerForms, createCompressedCache } from './precompressed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No per-request log lines for this route (RouteExtras.quietLog; app.ts reads it). */
    quietLog?: boolean;
  }
  interface FastifyRequest {
    /** The call's merchant and language, from its headers (context.ts, resolved in onRequest). */
    merchant: Merchant;
    language: Language;
    /**
     * Set on a `sessionHint` route when `request.member` came from memory, not from the session
     * read: the handler must have the session checked (by its own statement) before it acts, and
     * call this on any failure, which reads and checks the session in full (the gate's
     * `authenticate`: refusing as it does) and clears the hint.
     */
    confirmSession?: () => Promise<void>;
  }
}

/**
 * A route's memory of the members of recent tokens (`RouteExtras.sessionHint`). Never an
 * authority: a call served from it is only provisionally signed in, and the route's handler has
 * the session checked in the same statement that acts.
 */
export type SessionHint = {
  /** Puts the remembered member of the call's token on the request (true), or false. */
  read: (request: FastifyRequest) => boolean;
  /** After a full authentication: remember the member of the call's token. */
  keep: (request: FastifyRequest) => void;
  /** The token failed a check: forget it. */
  forget: (request: FastifyRequest) => void;
};

export type Gate = {
  /** Is this module on for the request's merchant? */
  isModuleEnabled: (request: FastifyRequest, modId: string) => boolean;
  /** Refuses the call when the site is in maintenance (system calls stay open). */
  assertOpen: (request: FastifyRequest, def: RouteDef) => void;
  /**
   * The auth guard of routes with `auth` set: resolves the `Authorization` token to
   * `request.member` or refuses (401 `login.not.session`, 403 `in_need_true_account`).
   * Without it, such routes refuse every call.
   */
  authenticate?: (request: FastifyRequest, def: RouteDef) => Promise<void>;
  /**
   * Does the member on the request pass the route's rules (those `authenticate` applies after the
   * session read)? Asked of a member a route remembered (`SessionHint`): when it does not, or the
   * gate cannot tell, the call takes the full session check.
   */
  admits?: (request: FastifyRequest, def: RouteDef) => boolean;
  /**
   * Player protection's door (docs/decisions/030): refuses the signed-in member of a call whose
   * route is marked `protection` (deposit, play, stake, transfer) when a time-out, self-exclusion
   * or used-up limit forbids it. Runs after the session check, before the body is validated.
   */
  protect?: (memberId: number, check: ProtectedCheck) => Promise<void>;
};

/** The marks the gate's protection door checks (`signIn` is checked where sessions open, `exempt` never). */
export type ProtectedCheck = 'deposit' | 'play' | 'stake' | 'transfer';
const protectedCheckOf = (def: RouteDef): ProtectedCheck | undefined =>
  def.protection === undefined || def.protection === 'exempt' || def.protection === 'signIn'
    ? undefined
    : def.protection;

/**
 * Per-route extras: `onRequest` hooks run before the body is read (rate limits);
 * `preValidation` hooks run after the gates and before the schemas (decrypting a sealed body).
 */
export type RouteExtras = {
  onRequest?: onRequestAsyncHookHandler[];
  preValidation?: preValidationAsyncHookHandler[];
  /**
   * The route compresses its keyed `JsonText` answers itself, keeping up to this many compressed
   * variants (instead of @fastify/compress, which then skips the route).
   */
  compressCache?: number;
  /**
   * Serves repeated calls from memory, before the query is validated and the handler runs
   * (`compressCache` routes only). The answer a call got is kept under `key(request)` plus the raw
   * URL (path and query string, byte for byte) and sent again while `stamp(request)` is unchanged:
   * the stamp names everything else the answer depends on (settings and catalogue versions,
   * maintenance on or off), compared with `===`. `stamp` answers undefined when it cannot tell
   * cheaply (a cached version is due for its check): the call then takes the full path, which
   * refreshes it. The gates (maintenance, region, module flag, session) run on every call. Only
   * answers of calls that passed validation are kept, and validation depends on nothing but the
   * URL, so a kept answer is what the full path would answer. At most `compressCache` URLs are
   * kept (then the memo starts afresh), so it holds no more answers alive than that cache.
   */
  memo?: {
    key: (request: FastifyRequest) => string;
    stamp: (request: FastifyRequest) => string | number | undefined;
  };
  /**
   * No "incoming request" / "request completed" log lines for this route (a hot read every page
   * makes); errors still reach the error handler, which logs every 5xx.
   */
  quietLog?: boolean;
  /**
   * Bad query or body parameters answer this code instead of `validation.failed`
   * (domainRoute: `request_param_err`, API-FACTS §1.3); the fields stay in `value.fields`.
   */
  invalidInputCode?: ErrorCode;
  /**
   * Skips the session read in the gate when the token's member is remembered (see
   * `SessionHint`, `FastifyRequest.confirmSession`): for a handler whose one statement checks
   * the session itself. Auth routes only. A call whose body fails validation has its session
   * checked first, so it is refused as on any other route.
   */
  sessionHint?: SessionHint;
};

const ENVELOPE_HEAD = Buffer.from('{"success":true,"value":');
const ENVELOPE_TAIL = Buffer.from('}');
const JSON_TYPE = 'application/json; charset=utf-8';

type MemoEntry = { stamp: string | number; forms: AnswerForms };

type Handler<D extends RouteDef> = (
  request: FastifyRequest & {
    query: NonNullable<D['query']> extends z.ZodType ? z.output<NonNullable<D['query']>> : unknown;
    body: NonNullable<D['body']> extends z.ZodType ? z.output<NonNullable<D['body']>> : unknown;
  },
  reply: FastifyReply,
) => Promise<z.input<D['value']> | JsonText>;

/**
 * Registers one contract route: validation from its schemas, the module gate, the envelope.
 * Handlers return the `value`; everything else about the wire is decided here.
 */
export const registerRoute = <D extends RouteDef>(
  app: FastifyInstance,
  gate: Gate,
  def: D,
  handler: Handler<D>,
  extras: RouteExtras = {},
) => {
  const methods = Array.isArray(def.method) ? [...def.method] : [def.method as string];
  const wrap = def.envelope === false ? def.value : envelope(def.value);
  const sendCompressed = extras.compressCache ? createCompressedCache(extras.compressCache) : undefined;
  const memo = sendCompressed ? extras.memo : undefined;
  const hint = def.auth === true ? extras.sessionHint : undefined;
  if (extras.sessionHint && !hint) throw new Error(`${def.path}: sessionHint needs auth: true`);
  /** The full session check of a call that was signed in from the hint. */
  const confirmer = (request: FastifyRequest) => async () => {
    request.confirmSession = undefined;
    request.member = undefined;
    request.authSession = undefined;
    if (!gate.authenticate) throw new AppError('login.not.session');
    try {
      await gate.authenticate(request, def);
    } catch (error) {
      hint?.forget(request);
      throw error;
    }
    hint?.keep(request);
  };
  if (extras.memo && (!memo || extras.preValidation))
    throw new Error(`${def.path}: memo needs compressCache and no preValidation hooks of its own`);
  const check = protectedCheckOf(def);
  const protect = gate.protect;
  // Only marked routes get the hook (and its promise); a visitor's optional-auth call has no member.
  const protectHook =
    check && protect
      ? async (request: FastifyRequest) => {
          if (request.member) await protect(request.member.id, check);
        }
      : undefined;
  const memoEntries = new Map<string, MemoEntry>();
  // Calls that missed the memo: where their answer is to be kept, and under which stamp (taken
  // before the answer is built, so an answer is never kept under a newer stamp than its own).
  const memoPending = new WeakMap<FastifyRequest, { key: string; stamp: string | number }>();
  /** Sends a kept answer and ends the hooks (true), or notes where to keep the coming one. */
  const answeredFromMemo = (request: FastifyRequest, reply: FastifyReply) => {
    if (!memo) return false;
    const stamp = memo.stamp(request);
    if (stamp === undefined) return false;
    const key = `${memo.key(request)}\u0000${request.url}`;
    const kept = memoEntries.get(key);
    if (kept !== undefined && kept.stamp === stamp) {
      kept.forms.send(request, reply.type(JSON_TYPE));
      return true;
    }
    memoPending.set(request, { key, stamp });
    return false;
  };
  /** After the gates: a kept answer is sent (Fastify stops at a sent reply: done is not called). */
  const proceed = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    let answered: boolean;
    try {
      answered = answeredFromMemo(request, reply);
    } catch (error) {
      return done(error as Error);
    }
    if (!answered) done();
  };
  const keep = (request: FastifyRequest, forms: AnswerForms) => {
    const pending = memo ? memoPending.get(request) : undefined;
    if (!memo || !pending) return;
    if (memoEntries.size >= (extras.compressCache ?? 0)) memoEntries.clear();
    memoEntries.set(pending.key, { stamp: pending.stamp, forms });
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: methods,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: wrap },
      ...(def.auth ? { security: def.auth === 'optional' ? [{}, { token: [] }] : [{ token: [] }] } : {}),
    },
    ...(extras.onRequest ? { onRequest: extras.onRequest } : {}),
    ...(sendCompressed ? { compress: false as const } : {}),
    ...(extras.quietLog ? { config: { quietLog: true } } : {}),
    // A hinted call's validation error waits for its session check (in the handler).
    ...(hint ? { attachValidation: true } : {}),
    ...(extras.invalidInputCode
      ? {
          schemaErrorFormatter: (errors: { instancePath: string; message?: string }[]) =>
            new AppError(extras.invalidInputCode as ErrorCode, {
              value: {
                fields: Object.fromEntries(
                  errors.map((e) => [
                    e.instancePath.replace(/^\//, '').replace(/\//g, '.'),
                    e.message ?? 'invalid',
                  ]),
                ),
              },
            }),
        }
      : {}),
    // Gates run before the body is validated: a closed module or a missing session learns nothing about the input.
    // Callback style, not async: no promise and no extra tick on calls without a session (an async
    // hook cost a bare Fastify about 8 % of its throughput in our measurements).
    preValidation: [
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        try {
          gate.assertOpen(request, def);
          if (def.modId && !gate.isModuleEnabled(request, def.modId))
            throw new AppError('function.not.available');
        } catch (error) {
          return done(error as Error);
        }
        // No token on an optional-auth call: nothing to look up, and no promise on the hot path.
        if (!def.auth || (def.auth === 'optional' && !request.headers.authorization))
          return proceed(request, reply, done);
        if (!gate.authenticate) return done(new AppError('login.not.session'));
        if (hint) {
          let remembered: boolean;
          try {
            remembered = hint.read(request);
          } catch (error) {
            return done(error as Error);
          }
          // The route's rules on the remembered member (a password may have come due since).
          if (remembered && gate.admits?.(request, def)) {
            request.confirmSession = confirmer(request);
            return proceed(request, reply, done);
          }
          request.member = undefined;
          request.authSession = undefined;
          // Not returned: a hook that returns a promise is also treated as async by Fastify.
          gate.authenticate(request, def).then(() => {
            hint.keep(request);
            proceed(request, reply, done);
          }, done);
          return;
        }
        gate.authenticate(request, def).then(() => proceed(request, reply, done), done);
      },
      ...(protectHook ? [protectHook] : []),
      ...(extras.preValidation ?? []),
    ],
    handler: async (request, reply) => {
      if (request.validationError) {
        // Only with attachValidation (a sessionHint route): the session is checked first.
        await request.confirmSession?.();
        throw request.validationError;
      }
      const value = await handler(request as Parameters<Handler<D>>[0], reply);
      if (value instanceof JsonText) {
        // Already serialised; a Buffer skips the serializer. One allocation for the whole answer
        // (kept with the compressed forms when the answer has a key).
        const body = () =>
          Buffer.concat(
            def.envelope === false ? value.chunks : [ENVELOPE_HEAD, ...value.chunks, ENVELOPE_TAIL],
          );
        reply.type(JSON_TYPE);
        if (sendCompressed && value.cacheKey !== undefined) {
          const forms = sendCompressed.formsOf(value.cacheKey, body);
          keep(request, forms);
          return forms.send(request, reply);
        }
        return reply.send(body());
      }
      return def.envelope === false ? value : { success: true, value };
    },
  });
};
