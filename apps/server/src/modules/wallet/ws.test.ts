import { BALANCE_SOCKET_SESSION_ENDED } from '@khela/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { hashSessionToken } from '../../shared/tokens';
import { createBalanceEvents } from './events';
import { newMember } from './test-support';
import { registerBalanceSocket } from './ws';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
});

/** A real WebSocket client (Node's global WebSocket) with its messages and close code. */
const connect = (url: string) =>
  new Promise<{
    socket: WebSocket;
    seen: string[];
    next: (type: string, timeoutMs?: number) => Promise<void>;
    closed: Promise<number>;
  }>((resolve, reject) => {
    const socket = new WebSocket(url);
    const seen: string[] = [];
    const waiters: { type: string; resolve: () => void }[] = [];
    let closedResolve: (code: number) => void = () => {};
    const closed = new Promise<number>((r) => {
      closedResolve = r;
    });
    socket.onmessage = (event) => {
      const { type } = JSON.parse(String(event.data)) as { type: string };
      seen.push(type);
      for (const w of waiters.filter((x) => x.type === type)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      if (type === 'ready') resolve({ socket, seen, next, closed });
    };
    socket.onclose = (event) => closedResolve(event.code);
    socket.onerror = () => reject(new Error('socket error'));
    const next = (type: string, timeoutMs = 5000) =>
      new Promise<void>((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`no ${type} message`)), timeoutMs);
        waiters.push({
          type,
          resolve: () => {
            clearTimeout(timer);
            res();
          },
        });
      });
  });

const wsUrl = (httpBase: string, query: string) => `${httpBase.replace(/^http/, 'ws')}/wps/ws?${query}`;

describe('balance events', () => {
  it('calls the listeners of the member only, and stops after unsubscribe', async () => {
    const events = createBalanceEvents();
    const calls: number[] = [];
    const off1 = events.subscribe(1, () => calls.push(1));
    events.subscribe(2, () => calls.push(2));
    events.publish(1);
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toEqual([1]);
    off1();
    events.publish(1);
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toEqual([1]);
    await events.close();
  });
});

describe('GET /wps/ws', () => {
  it('refuses a connection without a live session token (HTTP 401 before the upgrade)', async () => {
    const none = await t.app.inject({
      url: '/wps/ws',
      headers: { connection: 'upgrade', upgrade: 'websocket' },
    });
    expect(none.statusCode).toBe(401);
    await expect(connect(wsUrl(base, `token=${'x'.repeat(43)}`))).rejects.toThrow();
  });

  it('pushes {"type":"balance"} to the member after a ledger change, not to others', async () => {
    const a = await newMember(t.db);
    const b = await newMember(t.db);
    const clientA = await connect(wsUrl(base, `token=${a.token}`));
    const clientB = await connect(wsUrl(base, `token=${b.token}`));
    const pushed = clientA.next('balance');
    await t.app.services.wallet.grantDemoCredit(a.member.id, { amount: 500n });
    await pushed;
    await new Promise((r) => setTimeout(r, 100));
    expect(clientB.seen).toEqual(['ready']);
    clientA.socket.close();
    clientB.socket.close();
  });
});

describe('heartbeat', () => {
  let server: FastifyInstance;
  let serverBase: string;
  beforeAll(async () => {
    server = Fastify({ logger: false });
    await registerBalanceSocket(server, {
      identity: t.app.services.identity,
      events: t.app.services.wallet.events,
      heartbeatMs: 100,
    });
    serverBase = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps a live session open and closes with 4401 once the session is revoked (logout)', async () => {
    const m = await newMember(t.db);
    const client = await connect(wsUrl(serverBase, `token=${m.token}&merchant=khelabd`));
    let early: number | null = null;
    void client.closed.then((code) => {
      early = code;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(early).toBe(null);
    await t.db
      .updateTable('member_session')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashSessionToken(m.token))
      .execute();
    expect(await client.closed).toBe(BALANCE_SOCKET_SESSION_ENDED);
  });
});
