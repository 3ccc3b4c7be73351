import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../src/modules/wallet/test-support';
import { createTestApp, type TestApp } from './helpers';

/**
 * Graceful drain (issue 23, ADR 047): what SIGTERM runs (main.ts: close-with-grace → `app.close()`)
 * while a request is half-received on a keep-alive connection (as a balancer's are), a scheduler
 * job is running and a balance socket is open. The server stops taking connections at once, closes
 * the socket, waits for the request (answered in full once its body arrives, then its connection
 * closed rather than left idling) and the job (it finishes; no new job can be registered), and
 * only then reports closed. shutdown.pglite.test.ts checks the real process and its database over SIGTERM.
 */
let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const openBalanceSocket = (token: string) =>
  new Promise<{ closed: Promise<number> }>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/wps/ws?token=${token}`);
    const closed = new Promise<number>((r) => {
      socket.onclose = (event) => r(event.code);
    });
    socket.onmessage = (event) => {
      if ((JSON.parse(String(event.data)) as { type: string }).type === 'ready') resolve({ closed });
    };
    socket.onerror = () => reject(new Error('socket error'));
  });

/** Waits for `promise`, naming the step when it takes longer than `ms`. */
const within = <T>(step: string, promise: Promise<T>, ms = 10_000) =>
  Promise.race([
    promise,
    sleep(ms).then(() => {
      throw new Error(`drain: no ${step} within ${ms} ms`);
    }),
  ]);

describe('graceful drain', () => {
  it('finishes in-flight work, stops the scheduler and closes sockets before it reports closed', async () => {
    const m = await newMember(t.db, { prefix: 'drain' });
    const socket = await openBalanceSocket(m.token);

    // A job in flight, held until released.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let jobFinished = false;
    t.app.services.scheduler.every('test.drain', 3_600_000, async () => {
      await gate;
      jobFinished = true;
    });
    const job = t.app.services.scheduler.runNow('test.drain');

    // A request in flight: its headers and half its body sent, the rest later.
    const body = JSON.stringify({ username: 'nobody-here', password: 'Wrong1234' });
    const half = body.length >> 1;
    const client = connect(port, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    let answer = '';
    client.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    const ended = new Promise((r) => client.once('close', r));
    client.write(
      `POST /wps/session/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`,
    );
    await sleep(100);

    let closed = false;
    const closing = t.app.close().then(() => {
      closed = true;
    });
    // The socket is closed at once; no new connection is taken; the drain waits.
    expect(await within('socket close', socket.closed)).toBeGreaterThanOrEqual(1000);
    await expect(within('refusal', fetch(`http://127.0.0.1:${port}/livez`))).rejects.toThrow(/fetch failed/);
    await sleep(300);
    expect(closed).toBe(false);
    expect(answer).toBe('');

    // The request's body arrives: it is answered in full (a refused login, 4xx, not a reset).
    client.write(body.slice(half));
    await within('answer', ended);
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(answer).toContain('"success":false');
    await sleep(100);
    expect(closed).toBe(false);

    // The job finishes; only then is the server closed, and its scheduler takes no new job.
    release();
    await within('job', job);
    await within('close', closing);
    expect(jobFinished).toBe(true);
    expect(closed).toBe(true);
    expect(() => t.app.services.scheduler.every('test.later', 1000, async () => {})).toThrow(/closed/);
  }, 60_000);
});
