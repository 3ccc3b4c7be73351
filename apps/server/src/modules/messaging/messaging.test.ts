import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { createMessenger, readOutbox } from './index';
import type { MessageLog } from './types';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('empty');
});

afterAll(async () => {
  await database?.close();
});

const memoryLog = () => {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  const log: MessageLog = {
    info: (obj, msg) => lines.push({ obj, msg }),
    error: (obj, msg) => lines.push({ obj, msg }),
  };
  return { log, lines };
};

describe('outbox adapter (default)', () => {
  it('keeps SMS and email in the outbox table and logs them', async () => {
    const { log, lines } = memoryLog();
    const messenger = createMessenger({ config: {}, db: database.db, log });
    expect(messenger.adapters).toEqual({ email: 'outbox', sms: 'outbox' });
    await messenger.send({
      channel: 'sms',
      to: '+8801712000001',
      text: 'Code 123456',
      merchantCode: 'khelabd',
      purpose: 'login',
    });
    await messenger.send({ channel: 'email', to: 'a@example.com', subject: 'Hi', text: 'Body' });
    const sms = await readOutbox(database.db, '+8801712000001');
    expect(sms).toMatchObject([
      { channel: 'sms', body: 'Code 123456', merchant_code: 'khelabd', purpose: 'login', subject: null },
    ]);
    expect(await readOutbox(database.db, 'a@example.com')).toMatchObject([
      { channel: 'email', subject: 'Hi', body: 'Body' },
    ]);
    expect(lines.map((l) => l.obj.to)).toEqual(['+8801712000001', 'a@example.com']);
  });
});

describe('switched-off channels', () => {
  it('refuses to send on a channel whose flows are off (409 message.channel.off) and keeps nothing', async () => {
    const messenger = createMessenger({ config: { SMS_FLOWS: 'off', MAIL_FLOWS: 'off' }, db: database.db });
    const sms = messenger.send({
      channel: 'sms',
      to: '+8801712000077',
      text: 'Code 654321',
      merchantCode: 'khelabd',
      purpose: 'login',
    });
    await expect(sms).rejects.toMatchObject({ code: 'message.channel.off', status: 409 });
    await expect(
      messenger.send({ channel: 'email', to: 'off@example.com', subject: 'Hi', text: 'Body' }),
    ).rejects.toMatchObject({ code: 'message.channel.off' });
    expect(await readOutbox(database.db, '+8801712000077')).toEqual([]);
    expect(await readOutbox(database.db, 'off@example.com')).toEqual([]);
  });
});

describe('SMTP adapter', () => {
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends email through SMTP_URL from MAIL_FROM; SMS still go to the outbox', async () => {
    const messenger = createMessenger({
      config: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Khela <no-reply@khela.test>' },
      db: database.db,
    });
    try {
      expect(messenger.adapters).toEqual({ email: 'smtp', sms: 'outbox' });
      await messenger.send({
        channel: 'email',
        to: 'player@example.com',
        subject: 'Your temporary password',
        text: 'Temporary password: Abc12345',
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'no-reply@khela.test', to: ['player@example.com'] });
      expect(received[0]?.raw).toContain('Subject: Your temporary password');
      expect(received[0]?.raw).toContain('Temporary password: Abc12345');
      expect(await readOutbox(database.db, 'player@example.com')).toEqual([]);
      await messenger.send({ channel: 'sms', to: '+8801712000002', text: 'Code 654321' });
      expect(await readOutbox(database.db, '+8801712000002')).toHaveLength(1);
    } finally {
      messenger.close();
    }
  });

  it('fails when the SMTP server cannot be reached', async () => {
    const messenger = createMessenger({ config: { SMTP_URL: 'smtp://127.0.0.1:1' }, db: database.db });
    try {
      await expect(messenger.send({ channel: 'email', to: 'x@example.com', text: 'x' })).rejects.toThrow();
    } finally {
      messenger.close();
    }
  });
});

describe('HTTP SMS gateway adapter', () => {
  let gateway: FastifyInstance;
  let url: string;
  let answer = 200;
  const calls: { authorization: string | undefined; body: unknown }[] = [];

  beforeAll(async () => {
    gateway = Fastify({ logger: false, forceCloseConnections: true });
    gateway.post('/send', async (request, reply) => {
      calls.push({ authorization: request.headers.authorization, body: request.body });
      return reply.status(answer).send({ ok: answer === 200 });
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/send`;
  });

  afterAll(async () => {
    await gateway.close();
  });

  it('posts JSON with the bearer token; email stays in the outbox', async () => {
    const messenger = createMessenger({
      config: { SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: 'gw-secret' },
      db: database.db,
    });
    expect(messenger.adapters).toEqual({ email: 'outbox', sms: 'gateway' });
    await messenger.send({ channel: 'sms', to: '+919812345678', text: 'Code 111222', purpose: 'login' });
    expect(calls).toEqual([
      { authorization: 'Bearer gw-secret', body: { to: '+919812345678', text: 'Code 111222' } },
    ]);
    expect(await readOutbox(database.db, '+919812345678')).toEqual([]);
    await messenger.send({ channel: 'email', to: 'b@example.com', text: 'x' });
    expect(await readOutbox(database.db, 'b@example.com')).toHaveLength(1);
  });

  it('fails on a non-2xx answer, and refuses a gateway without a token', async () => {
    answer = 503;
    const messenger = createMessenger({
      config: { SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: 'gw-secret' },
      db: database.db,
    });
    await expect(messenger.send({ channel: 'sms', to: '+919812345679', text: 'x' })).rejects.toThrow(/503/);
    answer = 200;
    expect(() => createMessenger({ config: { SMS_GATEWAY_URL: url }, db: database.db })).toThrow(
      /SMS_GATEWAY_TOKEN/,
    );
  });
});
