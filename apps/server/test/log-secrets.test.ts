import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { readOutbox } from '../src/modules/messaging';
import { createTestDatabase, type TestDatabase } from './helpers';

/** ADR 029: without an SMS gateway or mail server the codes stay in the outbox, never in the log. */
describe('the log holds no code, password or token', () => {
  let database: TestDatabase;
  let app: App;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('demo');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: {
        LOG_LEVEL: 'trace',
        KHELA_MODE: 'demo',
        TRUST_PROXY: undefined,
        BLOCKED_COUNTRIES: undefined,
      },
      database,
      logger: { level: 'trace', stream: sink },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('logs the sending of an SMS code and a login, without the code, the password or the session token', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      remoteAddress: '10.6.0.1',
      payload: { mobileNum: '01712345678', purpose: 'login' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await app.services.identity.settled();
    const [message] = await readOutbox(database.db, '+8801712345678');
    const code = /\b([0-9]{6})\b/.exec(message?.body ?? '')?.[1] as string;
    expect(code).toMatch(/^[0-9]{6}$/);
    const login = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: '10.6.0.2',
      payload: { username: 'demo01', password: 'Demo1234' },
    });
    const token = login.json().value?.token as string;
    expect(token).toBeTruthy();
    const log = lines.join('');
    expect(log).toContain('outbox: message kept, not sent');
    expect(log).not.toContain(code);
    expect(log).not.toContain(message?.body as string);
    expect(log).not.toContain('Demo1234');
    expect(log).not.toContain(token);
  });
});
