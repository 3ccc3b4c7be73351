import websocket from '@fastify/websocket';
import { BALANCE_SOCKET_PATH } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { AuthMember, IdentityService } from '../identity';
import type { BalanceEvents } from './events';

/** Ping every 25 s; a socket that has not answered the previous ping is dropped. */
export const HEARTBEAT_MS = 25_000;

/** Close codes (4000-4999 are the application's): the client stops reconnecting on 4401. */
export const WS_CLOSE_SESSION_ENDED = 4401;

declare module 'fastify' {
  interface FastifyRequest {
    wsMember?: { member: AuthMember; tokenHash: string };
  }
}

type Deps = {
  identity: Pick<IdentityService, 'authenticate' | 'isSessionLive'>;
  events: BalanceEvents;
  heartbeatMs?: number;
};

/**
 * `GET /wps/ws?token=<member token>[&merchant=<code>]`: the balance push. Browsers cannot set
 * headers on a WebSocket, so the token (and the merchant, when it is not the default) come in
 * the query. Refused with a plain 401 before the upgrade when the token is not a live session.
 * Messages (server → client, JSON text): `{"type":"ready"}` once subscribed, then
 * `{"type":"balance"}` after each change of the member's balance. The session is checked again at
 * each heartbeat (without extending it): after logout, revocation or expiry the socket closes with
 * code 4401.
 */
export const registerBalanceSocket = async (app: FastifyInstance, deps: Deps) => {
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  await app.register(websocket, { options: { maxPayload: 1024 } });

  const stillLive = (tokenHash: string) => deps.identity.isSessionLive(tokenHash);

  const authenticate = async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const merchant =
      typeof query.merchant === 'string' && query.merchant ? query.merchant : (request.merchant?.code ?? '');
    const found = token ? await deps.identity.authenticate(token, merchant) : null;
    if (!found) throw new AppError('login.not.session');
    request.wsMember = { member: found.member, tokenHash: found.session.tokenHash };
  };

  app.get(
    BALANCE_SOCKET_PATH,
    // The token is in the query: keep the request URL out of the info-level request logs.
    { websocket: true, preValidation: authenticate, schema: { hide: true }, logLevel: 'warn' },
    (socket, request) => {
      const auth = request.wsMember;
      if (!auth) {
        socket.close(WS_CLOSE_SESSION_ENDED, 'login.not.session');
        return;
      }
      const send = (type: string) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type }));
      };
      const unsubscribe = deps.events.subscribe(auth.member.id, () => send('balance'));
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      // Anything the client sends is ignored (a client may send its own keep-alive text).
      socket.on('message', () => {
        alive = true;
      });
      const timer = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
        stillLive(auth.tokenHash).then(
          (live) => {
            if (!live) socket.close(WS_CLOSE_SESSION_ENDED, 'login.not.session');
          },
          (error: unknown) => request.log.warn({ err: error }, 'balance socket session check failed'),
        );
      }, heartbeatMs);
      timer.unref();
      socket.on('close', () => {
        clearInterval(timer);
        unsubscribe();
      });
      send('ready');
    },
  );
};
