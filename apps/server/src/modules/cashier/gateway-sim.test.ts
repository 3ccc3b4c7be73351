import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { newMember, type TestMember } from '../wallet/test-support';
import { DEMO_GATEWAY_SECRET } from '.';
import { createGatewaySimulator } from './gateway';
import { httpDeliver, sendWebhook } from './gateway-sim';
import { mainBalance, memberCall, staffCall } from './test-support';

let t: TestApp;
let base: string;
const clock = createClock('2026-11-20T10:00:00Z');
let channelId: number;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const finance = await staffLogin(t.app, clock, 'finance');
  const channel = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/channels', {
    merchant: 'khelabd',
    code: 'NAGAD',
    name: 'Nagad (gateway)',
    kind: 'gateway',
    gateway: 'sim',
    min: 10_000,
    max: 1_000_000,
    enabled: true,
  });
  expect(channel.statusCode, channel.body).toBe(200);
  channelId = (JSON.parse(channel.body) as { value: { id: number } }).value.id;
});
afterAll(async () => {
  await t?.close();
});

const gatewayDeposit = async (m: TestMember, amount: number) => {
  const res = await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', { channelId, amount });
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { value: { id: string; payUrl: string } }).value;
};

const creditEntries = async (depositId: string) =>
  (
    await t.db
      .selectFrom('journal_entry')
      .select('id')
      .where('idempotency_key', '=', `deposit:${depositId}`)
      .execute()
  ).length;

describe('the simulator pay page (demo mode)', () => {
  it('serves the payUrl of a gateway deposit; "Pay" delivers the signed notification and credits once', async () => {
    const m = await newMember(t.db);
    const d = await gatewayDeposit(m, 45_600);
    expect(d.payUrl).toBe(`/wps/cashier/gateway/sim/pay?order=${d.id}&amount=45600`);
    const shown = await fetch(`${base}${d.payUrl}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('456.00 BDT');
    expect(html).toContain('name="outcome" value="paid"');

    const paid = await fetch(`${base}/wps/cashier/gateway/sim/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ order: d.id, outcome: 'paid' }).toString(),
    });
    expect(paid.status).toBe(200);
    const result = await paid.text();
    expect(result).toContain('delivered (attempt 1)');
    expect(result).toContain('>approved<');
    expect(await mainBalance(t.db, m.member.id)).toBe(45_600n);
    expect(await creditEntries(d.id)).toBe(1);
    // The page of a settled order offers nothing more to press.
    expect(await (await fetch(`${base}${d.payUrl}`)).text()).toContain('already approved');
  });

  it('"Decline" rejects the deposit; an unknown order is 404', async () => {
    const m = await newMember(t.db);
    const d = await gatewayDeposit(m, 20_000);
    const declined = await fetch(`${base}/wps/cashier/gateway/sim/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ order: d.id, outcome: 'failed' }).toString(),
    });
    expect(await declined.text()).toContain('>rejected<');
    expect(await mainBalance(t.db, m.member.id)).toBe(0n);
    expect((await fetch(`${base}/wps/cashier/gateway/sim/pay?order=${randomUUID()}`)).status).toBe(404);
  });
});

describe('webhook sender: retries with back-off', () => {
  /** A loopback proxy in front of the server whose first answer is spoiled as `mode` says. */
  const proxy = async (mode: 'refuse-first' | 'lose-first-answer') => {
    let seen = 0;
    const server: Server = createServer(async (req, res) => {
      seen += 1;
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      if (seen === 1 && mode === 'refuse-first') {
        res.writeHead(503).end('unavailable');
        return;
      }
      const forwarded = await fetch(`${base}${req.url}`, {
        method: 'POST',
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      const text = await forwarded.text();
      if (seen === 1) {
        res.writeHead(502).end('bad gateway');
        return;
      }
      res.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(text);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
      url: `http://127.0.0.1:${port}/wps/cashier/gateway/webhook?provider=sim`,
      seen: () => seen,
      close: () => new Promise<void>((ok) => server.close(() => ok())),
    };
  };

  for (const mode of ['refuse-first', 'lose-first-answer'] as const) {
    it(`first delivery fails with a 5xx (${mode}); the retry credits exactly once`, async () => {
      const m = await newMember(t.db);
      const d = await gatewayDeposit(m, 33_300);
      const p = await proxy(mode);
      const waits: number[] = [];
      try {
        const n = createGatewaySimulator(DEMO_GATEWAY_SECRET).notify({
          eventId: `evt-${randomUUID()}`,
          orderId: d.id,
          providerRef: `RETRY-${mode}`,
          amountMinor: '33300',
          currency: 'BDT',
          status: 'paid',
        });
        const sent = await sendWebhook(httpDeliver(p.url), n.rawBody, n.headers, {
          baseDelayMs: 10,
          wait: async (ms) => {
            waits.push(ms);
          },
        });
        expect(sent, JSON.stringify(sent)).toMatchObject({ delivered: true, attempts: 2 });
        expect(sent.statuses).toEqual([mode === 'refuse-first' ? 503 : 502, 200]);
        expect(waits).toEqual([10]);
      } finally {
        await p.close();
      }
      expect(await mainBalance(t.db, m.member.id)).toBe(33_300n);
      expect(await creditEntries(d.id)).toBe(1);
    });
  }

  it('a payment reference already used for another order is ignored (200, no credit), not a 500 retried for ever', async () => {
    const m = await newMember(t.db);
    const d = await gatewayDeposit(m, 12_300);
    const n = createGatewaySimulator(DEMO_GATEWAY_SECRET).notify({
      orderId: d.id,
      providerRef: 'RETRY-refuse-first',
      amountMinor: '12300',
      currency: 'BDT',
      status: 'paid',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/gateway/webhook?provider=sim',
      payload: n.rawBody,
      headers: n.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).value).toEqual({ outcome: 'ignored' });
    expect(await creditEntries(d.id)).toBe(0);
  });

  it('backs off 1, 2, 4, ... times the base delay, stops on a 4xx, gives up after the attempts', async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    const down = await sendWebhook(async () => 503, '{}', {}, { attempts: 4, baseDelayMs: 100, wait });
    expect(down).toEqual({ delivered: false, attempts: 4, statuses: [503, 503, 503, 503] });
    expect(waits).toEqual([100, 200, 400]);
    const refused = await sendWebhook(async () => 401, '{}', {}, { attempts: 4, baseDelayMs: 100, wait });
    expect(refused).toEqual({ delivered: false, attempts: 1, statuses: [401] });
    let calls = 0;
    const flaky = await sendWebhook(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('ECONNRESET');
        return 200;
      },
      '{}',
      {},
      { baseDelayMs: 1, wait },
    );
    expect(flaky).toEqual({ delivered: true, attempts: 3, statuses: [0, 0, 200] });
  });
});
