import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { readOutbox } from '../messaging';

/** The identity calls with the real adapters: mail through a local SMTP server, SMS through a local gateway. */
let testApp: TestApp;
let smtp: SMTPServer;
let gateway: FastifyInstance;
let gatewayStatus = 200;
const mails: { to: string[]; raw: string }[] = [];
const texts: { authorization: string | undefined; body: { to: string; text: string } }[] = [];
let ipCounter = 0;
const newIp = () => {
  ipCounter += 1;
  return `10.3.0.${ipCounter}`;
};

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  gateway = Fastify({ logger: false, forceCloseConnections: true });
  gateway.post('/sms', async (request, reply) => {
    texts.push({
      authorization: request.headers.authorization,
      body: request.body as { to: string; text: string },
    });
    return reply.status(gatewayStatus).send({});
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  testApp = await createTestApp({
    config: {
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      MAIL_FROM: 'Khela <no-reply@khela.test>',
      SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/sms`,
      SMS_GATEWAY_TOKEN: 'gateway-token',
    },
  });
});

afterAll(async () => {
  await testApp?.close();
  await gateway?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const inject = (
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  testApp.app.inject({
    method,
    url,
    remoteAddress: newIp(),
    headers,
    payload: payload as string,
  });

describe('delivery through SMTP and the SMS gateway', () => {
  it('mails the temporary password through SMTP (nothing in the outbox)', async () => {
    await testApp.db
      .updateTable('member')
      .set({ email: 'demo01@example.com' })
      .where('username', '=', 'demo01')
      .execute();
    const res = await inject(
      'POST',
      '/wps/member/password/email',
      'username=demo01&email=demo01%40example.com',
      {
        'content-type': 'application/x-www-form-urlencoded',
        language: 'en',
      },
    );
    expect(res.json()).toEqual({ success: true, value: null });
    await testApp.app.services.identity.settled();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['demo01@example.com']);
    expect(mails[0]?.raw).toContain('From: Khela <no-reply@khela.test>');
    expect(mails[0]?.raw).toContain('Subject: Khela: your temporary password');
    const temporary = /Your temporary password: ([A-Za-z0-9]{10})/.exec(mails[0]?.raw ?? '')?.[1] as string;
    const login = await inject('POST', '/wps/session/login', { username: 'demo01', password: temporary });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value.mustChangePassword).toBe(true);
    expect(await readOutbox(testApp.db, 'demo01@example.com')).toEqual([]);
  });

  it('sends SMS codes through the gateway with its bearer token', async () => {
    const res = await inject(
      'POST',
      '/wps/verification/sms/noLogin',
      { mobileNum: '01712345678' },
      { language: 'en' },
    );
    expect(res.statusCode, res.body).toBe(200);
    await testApp.app.services.identity.settled();
    expect(texts.at(-1)).toMatchObject({
      authorization: 'Bearer gateway-token',
      body: { to: '+8801712345678' },
    });
    const code = /code is ([0-9]{6})/.exec(texts.at(-1)?.body.text ?? '')?.[1] as string;
    const login = await inject('POST', '/wps/session/login', {
      username: '01712345678',
      password: code,
      type: 'sms',
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('a gateway failure: the registration code answers sms.send.failed, the login code answers as usual', async () => {
    gatewayStatus = 500;
    try {
      const register = await inject('POST', '/wps/verification/sms/register', { mobileNo: '01712999001' });
      expect(register.statusCode).toBe(502);
      expect(register.json()).toMatchObject({ success: false, errorCode: 'sms.send.failed' });
      // No answer may tell whether a member has the number, so the login code fails quietly (and is logged).
      const noLogin = await inject(
        'POST',
        '/wps/verification/sms/noLogin',
        { mobileNum: '9812345678' },
        { merchant: 'khelain' },
      );
      expect(noLogin.statusCode, noLogin.body).toBe(200);
      await testApp.app.services.identity.settled();
    } finally {
      gatewayStatus = 200;
    }
  });
});
