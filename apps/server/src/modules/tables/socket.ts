import { LIVE_TABLE_SOCKET_PATH, type LiveTableState } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthMember, IdentityService } from '../identity';
import type { Tables } from './service';
import type { TableRow } from './store';

const HEARTBEAT_MS = 25_000;

type Client = {
  memberId: number | null;
  send: (message: unknown) => void;
  /** The last state sent, to send only what changed. */
  last: LiveTableState | null;
};

type Deps = { identity: Pick<IdentityService, 'authenticate'>; tables: Tables };

/** The top-level fields of `next` that differ from `prev` (serverTime always). */
export const deltaOf = (prev: LiveTableState, next: LiveTableState) => {
  const delta: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof LiveTableState)[])
    if (JSON.stringify(prev[key]) !== JSON.stringify(next[key])) delta[key] = next[key];
  return delta;
};

/**
 * `GET /wps/tables/ws?tableId=<id>[&token=<member token>][&merchant=<code>]`: a table's room.
 * The first message is `{"type":"state", …}` (the whole state, as `GET /wps/tables/state`); each
 * change after it (a bet, a settlement and the next round, a seat) sends `{"type":"delta", …}`
 * with only the fields that changed. A member takes a seat (the same one when they come back
 * within 30 s); without a token the socket watches. The clock runs in the client from
 * `serverTime`, `opensAt` and `closesAt`; the server pushes when the round moves on.
 * Every node serves sockets of every table: a change is signalled through the pub/sub (Redis
 * across nodes) and each node reads the table's state once and sends it to its own sockets.
 */
export const registerTableSocket = (app: FastifyInstance, deps: Deps) => {
  const rooms = new Map<string, { table: TableRow; clients: Set<Client>; unsubscribe: () => void }>();

  const push = async (tableId: string) => {
    const room = rooms.get(tableId);
    if (!room) return;
    const shared = await deps.tables.shared(room.table);
    for (const client of room.clients) {
      const next = await deps.tables.personal(shared, client.memberId);
      if (client.last === null) client.send({ type: 'state', ...next });
      else {
        const delta = deltaOf(client.last, next);
        if (Object.keys(delta).length > 1) client.send({ type: 'delta', ...delta });
      }
      client.last = next;
    }
  };

  const enter = (table: TableRow, client: Client) => {
    let room = rooms.get(table.id);
    if (!room) {
      const unsubscribe = deps.tables.signals.subscribe(table.id, () => {
        push(table.id).catch((error: unknown) => app.log.warn({ err: error }, 'table push failed'));
      });
      room = { table, clients: new Set(), unsubscribe };
      rooms.set(table.id, room);
    }
    room.clients.add(client);
  };

  const exit = (tableId: string, client: Client) => {
    const room = rooms.get(tableId);
    if (!room) return;
    room.clients.delete(client);
    if (room.clients.size === 0) {
      room.unsubscribe();
      rooms.delete(tableId);
    }
  };

  const authenticate = async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const merchant =
      typeof query.merchant === 'string' && query.merchant ? query.merchant : (request.merchant?.code ?? '');
    const found = token ? await deps.identity.authenticate(token, merchant) : null;
    const tableId = typeof query.tableId === 'string' ? query.tableId : '';
    const table = await deps.tables.table(merchant, tableId);
    (request as FastifyRequest & { liveTable?: unknown }).liveTable = {
      table,
      member: found?.member ?? null,
      tokenGiven: token !== '',
    };
  };

  app.get(
    LIVE_TABLE_SOCKET_PATH,
    { websocket: true, preValidation: authenticate, schema: { hide: true }, logLevel: 'warn' },
    (socket, request) => {
      const entry = (
        request as FastifyRequest & {
          liveTable?: { table: TableRow; member: AuthMember | null; tokenGiven: boolean };
        }
      ).liveTable;
      if (!entry || (entry.tokenGiven && !entry.member)) {
        socket.close(4401, 'login.not.session');
        return;
      }
      const { table, member } = entry;
      const client: Client = {
        memberId: member?.id ?? null,
        last: null,
        send: (message) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        },
      };
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
      let closed = false;
      socket.on('close', () => {
        closed = true;
        clearInterval(timer);
        exit(table.id, client);
        if (member)
          deps.tables
            .leave(table.id, member.id)
            .catch((error: unknown) => app.log.warn({ err: error }, 'table seat release failed'));
      });
      enter(table, client);
      const seated = member ? deps.tables.join(table, member.id, member.nickname) : Promise.resolve(null);
      seated
        .then(async () => {
          if (closed || client.last !== null) return;
          const first = await deps.tables.personal(await deps.tables.shared(table), client.memberId);
          if (client.last === null) {
            client.send({ type: 'state', ...first });
            client.last = first;
          }
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'table join failed'));
    },
  );
};
