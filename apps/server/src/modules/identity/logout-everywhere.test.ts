import { BALANCE_SOCKET_SESSION_ENDED } from '@khela/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { registerBalanceSocket } from '../wallet';
import { createCaller, errorOf } from './test-support';

/**
 * Issue 3: "logout ... revoke[s] all sessions". A member signed in in two tabs (or devices) signs
 * out in one: the other is refused on its next call, its remember-me token is dead, and its
 * balance socket closes at the next heartbeat (4401), through the real logout call.
 */

let t: TestApp;
let socketServer: FastifyInstance;
let socketBase: string;

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
  // The balance socket of the app pings every 25 s; this one every 100 ms, on the same services.
  socketServer = Fastify({ logger: false });
  await registerBalanceSocket(socketServer, {
    identity: t.app.services.identity,
    events: t.app.services.wallet.events,
    heartbeatMs: 100,
  });
  socketBase = await socketServer.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await socketServer?.close();
  await t?.close();
});

/** A balance socket: resolves once `ready` came, with the promise of its close code. */
const openSocket = (token: string) =>
  new Promise<{ socket: WebSocket; closed: Promise<number> }>((resolve, reject) => {
    const socket = new WebSocket(
      `${socketBase.replace(/^http/, 'ws')}/wps/ws?token=${token}&merchant=khelabd`,
    );
    const closed = new Promise<number>((r) => {
      socket.onclose = (event) => r(event.code);
    });
    socket.onmessage = (event) => {
      if ((JSON.parse(String(event.data)) as { type: string }).type === 'ready') resolve({ socket, closed });
    };
    socket.onerror = () => reject(new Error('socket error'));
  });

describe('logout everywhere', () => {
  it("signing out in one tab ends the other tab's session, remember-me token and balance socket", async () => {
    const call = createCaller(t.app, '10.77.0.1');
    const login = async (remember = false) => {
      const res = await call({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: 'team02', password: 'Demo1234', remember },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { token: string; rememberToken?: string };
    };
    const tabA = await login();
    const tabB = await login(true);
    const info = (token: string) => call({ method: 'GET', url: '/wps/member/info', token });
    expect((await info(tabB.token)).statusCode).toBe(200);

    const { closed } = await openSocket(tabB.token);
    let early: number | null = null;
    void closed.then((code) => {
      early = code;
    });
    await new Promise((r) => setTimeout(r, 350));
    expect(early).toBe(null);

    const out = await call({ method: 'POST', url: '/wps/session/logout', token: tabA.token });
    expect(out.json()).toEqual({ success: true, value: null });

    expect(await closed).toBe(BALANCE_SOCKET_SESSION_ENDED);
    expect(errorOf(await info(tabB.token))).toMatchObject({ status: 401, errorCode: 'login.not.session' });
    const remember = await call({
      method: 'POST',
      url: '/wps/session/remember',
      payload: { rememberToken: tabB.rememberToken },
    });
    expect(errorOf(remember)).toMatchObject({ status: 401, errorCode: 'login.not.session' });
  });
});
