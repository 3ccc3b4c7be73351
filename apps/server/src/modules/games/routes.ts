import { normalizeIP } from '@fastify/rate-limit';
import {
  boGamesRoutes,
  GAME_SESSION_HEADER,
  gamesRoutes,
  JACKPOT_EVENTS_PATH,
  LANGUAGES,
  type Language,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { GamesBackoffice } from './backoffice';
import type { GamesService } from './service';

/** Per IP per minute: launch-token exchanges (a credential) and launches. */
export const GAME_SESSIONS_PER_MINUTE = 60;
export const LAUNCHES_PER_MINUTE = 60;

const limit = (app: FastifyInstance, name: string, max: number) =>
  app.rateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:${normalizeIP(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', { value: { retryAfter: Math.ceil(context.ttl / 1000) } }),
  }) as unknown as onRequestAsyncHookHandler;

const languageOf = (request: FastifyRequest, param: string | undefined): Language => {
  const found = LANGUAGES.find((l) => l === param);
  return found && request.merchant.languages.includes(found) ? found : request.language;
};

const member = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

const gameSessionToken = (request: FastifyRequest) => {
  const header = request.headers[GAME_SESSION_HEADER];
  return typeof header === 'string' ? header.trim() : undefined;
};

/** Comment lines that keep an idle event stream open through proxies. */
export const JACKPOT_STREAM_PING_MS = 25_000;

/**
 * `GET /wps/game/jackpot/events?merchant=<code>`: server-sent events for the `/rng` counter
 * (public, like the pool itself). `{"type":"jackpot"}` after each fall or reset of the pool.
 */
const registerJackpotStream = (app: FastifyInstance, games: GamesService) => {
  const open = new Set<{ end: () => void }>();
  app.get(JACKPOT_EVENTS_PATH, { schema: { hide: true }, logLevel: 'warn' }, (request, reply) => {
    const asked = (request.query as Record<string, unknown>).merchant;
    const merchant =
      typeof asked === 'string' && asked && games.knowsMerchant(asked) ? asked : request.merchant.code;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 5000\n\n');
    const unsubscribe = games.jackpotEvents.subscribe(merchant, () =>
      raw.write('data: {"type":"jackpot"}\n\n'),
    );
    const ping = setInterval(() => raw.write(': ping\n\n'), JACKPOT_STREAM_PING_MS);
    ping.unref();
    const stream = {
      end: () => {
        clearInterval(ping);
        unsubscribe();
        open.delete(stream);
        raw.end();
      },
    };
    open.add(stream);
    request.raw.on('close', stream.end);
  });
  // Before the server closes: it waits for every connection to end, and these never do by
  // themselves (a shutdown with an open /rng page would hang until killed, without the
  // database's clean close).
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.end();
  });
  app.addHook('onClose', async () => {
    await games.jackpotEvents.close();
  });
};

/** Player and game-page calls of the games module. */
export const registerGamesRoutes = (app: FastifyInstance, gate: Gate, games: GamesService) => {
  if (!app.hasDecorator('rateLimit')) throw new Error('@fastify/rate-limit must be registered before games');
  registerJackpotStream(app, games);
  const r = gamesRoutes;
  registerRoute(
    app,
    gate,
    r.launchGame,
    async (request) =>
      games.launch(
        request.merchant.code,
        request.member,
        request.query,
        languageOf(request, request.query.language),
      ),
    { onRequest: [limit(app, 'game-launch', LAUNCHES_PER_MINUTE)] },
  );
  registerRoute(
    app,
    gate,
    r.gameLaunchFB,
    async (request) =>
      games.launchSports(
        request.merchant.code,
        request.member,
        request.query,
        languageOf(request, request.query.language),
      ),
    { onRequest: [limit(app, 'game-launch', LAUNCHES_PER_MINUTE)] },
  );
  registerRoute(app, gate, r.gameSession, async (request) => games.openSession(request.body.token), {
    onRequest: [limit(app, 'game-session', GAME_SESSIONS_PER_MINUTE)],
  });
  registerRoute(app, gate, r.slotInit, async (request) => games.slot.init(gameSessionToken(request)));
  registerRoute(app, gate, r.slotSpin, async (request) =>
    games.slot.spin(gameSessionToken(request), request.body),
  );
  registerRoute(app, gate, r.slotClientSeed, async (request) =>
    games.slot.setClientSeed(gameSessionToken(request), request.body.clientSeed),
  );
  registerRoute(app, gate, r.slotRotateSeed, async (request) =>
    games.slot.rotateSeed(gameSessionToken(request)),
  );
  registerRoute(app, gate, r.slotHistory, async (request) => games.slot.history(gameSessionToken(request)));
  registerRoute(app, gate, r.engineInit, async (request) => games.engine.init(gameSessionToken(request)));
  registerRoute(app, gate, r.enginePlay, async (request) =>
    games.engine.play(gameSessionToken(request), request.body),
  );
  registerRoute(app, gate, r.engineStep, async (request) =>
    games.engine.step(gameSessionToken(request), request.body),
  );
  registerRoute(app, gate, r.engineCashout, async (request) =>
    games.engine.cashout(gameSessionToken(request), request.body),
  );
  registerRoute(app, gate, r.roundProof, async (request) => games.proof(request.query.roundId));
  registerRoute(app, gate, r.jackpotPool, async (request) => games.jackpotPool(request.merchant.code));
  registerRoute(app, gate, r.betRecords, async (request) =>
    games.betRecords(member(request), request.language, request.query),
  );
  registerRoute(app, gate, r.betRecordDetail, async (request) =>
    games.betRecordDetail(member(request), request.language, request.query.roundId),
  );
};

/** The back office's game calls (`/bo/api/games/*`). */
export const registerGamesStaffRoutes = ({ route }: StaffRouter, bo: GamesBackoffice) => {
  const r = boGamesRoutes;
  route(r.boGameRounds, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.page(actor(q), filter, page, pageSize);
  });
  route(r.boGameRoundsCsv, async (q) => bo.csv(actor(q), q.query));
  route(r.boGameRound, async (q) => bo.detail(actor(q), q.query.id));
  route(r.boGameVendors, async (q) => bo.vendors(actor(q)));
  route(r.boGameVendorStatus, async (q) => bo.setVendorStatus(actor(q), q.body));
  route(r.boJackpot, async (q) => bo.jackpot(actor(q), q.query.merchant));
  route(r.boJackpotUpdate, async (q) => bo.updateJackpot(actor(q), q.body));
};
