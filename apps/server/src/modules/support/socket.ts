import type { WebSocket } from '@fastify/websocket';
import { SUPPORT_SOCKET_PATH, SUPPORT_STAFF_SOCKET_PATH } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { IdentityService } from '../identity';
import { can } from '../staff';
import type { Support, SupportSignalKey } from './service';

const HEARTBEAT_MS = 25_000;

type StaffAuth = (token: string) => Promise<{ role: Parameters<typeof can>[0] } | null>;

type Deps = {
  identity: Pick<IdentityService, 'authenticate'>;
  authenticateStaff: StaffAuth;
  support: Support;
};

declare module 'fastify' {
  interface FastifyRequest {
    supportKey?: SupportSignalKey;
  }
}

/** Sends `{"type":"support"}` on each signal of `key`, pings to keep the socket alive. */
const serve = (socket: WebSocket, key: SupportSignalKey, support: Support) => {
  const send = (type: string) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type }));
  };
  const unsubscribe = support.signals.subscribe(key, () => send('support'));
  let alive = true;
  socket.on('pong', () => {
    alive = true;
  });
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
  }, HEARTBEAT_MS);
  timer.unref();
  socket.on('close', () => {
    clearInterval(timer);
    unsubscribe();
  });
  send('ready');
};

const tokenOf = (request: FastifyRequest) => {
  const query = request.query as Record<string, unknown>;
  return typeof query.token === 'string' ? query.token : '';
};

/**
 * The support chat's pushes (ADR 044), signals only ("look again"): the member's socket
 * `GET /wps/support/ws?token=<member token>` hears each change of their conversation; the back
 * office's `GET /bo/api/support/ws?token=<staff token>` (permission `support.chat`) each change of
 * any conversation. Messages go through the HTTP calls; signals cross nodes through Redis.
 * Must be registered in the composition root's WebSocket scope.
 */
export const registerSupportSockets = (app: FastifyInstance, deps: Deps) => {
  app.get(
    SUPPORT_SOCKET_PATH,
    {
      websocket: true,
      schema: { hide: true },
      logLevel: 'warn',
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>;
        const merchant =
          typeof query.merchant === 'string' && query.merchant
            ? query.merchant
            : (request.merchant?.code ?? '');
        const token = tokenOf(request);
        const found = token ? await deps.identity.authenticate(token, merchant) : null;
        if (!found) throw new AppError('login.not.session');
        request.supportKey = `member:${found.member.id}`;
      },
    },
    (socket, request) => {
      if (!request.supportKey) return socket.close(4401, 'login.not.session');
      serve(socket, request.supportKey, deps.support);
    },
  );
  app.get(
    SUPPORT_STAFF_SOCKET_PATH,
    {
      websocket: true,
      schema: { hide: true },
      logLevel: 'warn',
      preValidation: async (request) => {
        const token = tokenOf(request);
        const staff = token ? await deps.authenticateStaff(token) : null;
        if (!staff) throw new AppError('login.not.session');
        if (!can(staff.role, 'support.chat')) throw new AppError('forbidden');
        request.supportKey = 'staff';
      },
    },
    (socket, request) => {
      if (!request.supportKey) return socket.close(4401, 'login.not.session');
      serve(socket, request.supportKey, deps.support);
    },
  );
};
