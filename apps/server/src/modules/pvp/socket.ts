import { PVP_SOCKET_PATH } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthMember, IdentityService } from '../identity';
import type { Pvp } from './service';

const HEARTBEAT_MS = 25_000;

type Deps = { identity: Pick<IdentityService, 'authenticate'>; pvp: Pvp };
type Entry = { tableId: string; member: AuthMember | null };

/**
 * `GET /wps/pvp/ws?tableId=<id>&token=<member token>[&merchant=<code>]`: a Teen Patti room.
 * Every message is `{"type":"state", …}` — the whole state as `GET /wps/pvp/state` answers it for
 * this member (their own cards once seen, their moves and bet limits) —, sent on open and on every
 * change (signalled through the pub/sub: Redis across nodes). A seated member's socket counts as
 * a connection of their seat; when the last one closes, the seat and chips are held 30 s.
 */
export const registerPvpSocket = (app: FastifyInstance, deps: Deps) => {
  const authenticate = async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const merchant =
      typeof query.merchant === 'string' && query.merchant ? query.merchant : (request.merchant?.code ?? '');
    const found = token ? await deps.identity.authenticate(token, merchant) : null;
    (request as FastifyRequest & { pvpRoom?: Entry }).pvpRoom = {
      tableId: typeof query.tableId === 'string' ? query.tableId : '',
      member: found?.member ?? null,
    };
  };

  app.get(
    PVP_SOCKET_PATH,
    { websocket: true, preValidation: authenticate, schema: { hide: true }, logLevel: 'warn' },
    (socket, request) => {
      const entry = (request as FastifyRequest & { pvpRoom?: Entry }).pvpRoom;
      const member = entry?.member;
      if (!entry || !member) {
        socket.close(4401, 'login.not.session');
        return;
      }
      const { tableId } = entry;
      let closed = false;
      let sending = Promise.resolve();
      const send = () => {
        sending = sending
          .then(async () => {
            if (closed) return;
            const state = await deps.pvp.state(member.merchantCode, tableId, member.id);
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'state', ...state }));
          })
          .catch((error: unknown) => {
            app.log.warn({ err: error }, 'pvp push failed');
            socket.close(4404, 'pvp.not.seated');
          });
      };
      const unsubscribe = deps.pvp.signals.subscribe(tableId, send);
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      socket.on('message', () => {
        alive = true;
      });
      const timer = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      timer.unref();
      socket.on('close', () => {
        closed = true;
        clearInterval(timer);
        unsubscribe();
        deps.pvp
          .disconnect(tableId, member.id)
          .catch((error: unknown) => app.log.warn({ err: error }, 'pvp disconnect failed'));
      });
      deps.pvp
        .connect(tableId, member.id)
        .then(send)
        .catch((error: unknown) => app.log.warn({ err: error }, 'pvp connect failed'));
    },
  );
};
