import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { formatMinor } from '../wallet';
import type { createGatewaySimulator } from './gateway';
import type { CashierService } from './service';

/** One delivery of a signed notification: the HTTP status the receiver answered (0: no answer). */
export type Deliver = (rawBody: string, headers: Record<string, string>) => Promise<number>;

export type SendResult = { delivered: boolean; attempts: number; statuses: number[] };

/**
 * The provider's side of a webhook: delivers the same signed bytes until the receiver answers 2xx,
 * at most `attempts` times, waiting `baseDelayMs`, then twice as long each time (a 4xx is final:
 * the receiver refused it and a retry would be refused too). The receiver is idempotent per event
 * id, so a delivery whose answer was lost and is sent again changes nothing.
 */
export const sendWebhook = async (
  deliver: Deliver,
  rawBody: string,
  headers: Record<string, string>,
  options: { attempts?: number; baseDelayMs?: number; wait?: (ms: number) => Promise<unknown> } = {},
): Promise<SendResult> => {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const wait = options.wait ?? ((ms: number) => sleep(ms));
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let status = 0;
    try {
      status = await deliver(rawBody, headers);
    } catch {
      status = 0;
    }
    statuses.push(status);
    if (status >= 200 && status < 300) return { delivered: true, attempts: attempt, statuses };
    if (status >= 400 && status < 500) break;
    if (attempt < attempts) await wait(baseDelayMs * 2 ** (attempt - 1));
  }
  return { delivered: false, attempts: statuses.length, statuses };
};

/** Delivery over HTTP with fetch (a real provider calling our webhook URL). */
export const httpDeliver =
  (url: string, timeoutMs = 5000): Deliver =>
  async (rawBody, headers) => {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return res.status;
  };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f1f5f9; color: #0f172a; }
  main { max-width: 26rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.25rem; margin: 0 0 0.25rem; }
  .note { color: #475569; font-size: 0.875rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 1rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; font-size: 0.875rem; }
  dt { color: #475569; } dd { margin: 0; word-break: break-all; }
  form { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { flex: 1; font: inherit; font-weight: 600; border: 0; border-radius: 8px; padding: 0.75rem; cursor: pointer; }
  .pay { background: #16a34a; color: #fff; } .fail { background: #e2e8f0; color: #0f172a; }
  .result { padding: 0.75rem; border-radius: 8px; background: #f0fdf4; margin-top: 1rem; }
  .result.bad { background: #fef2f2; }
  a { color: #2563eb; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

const SIM_PATH = '/wps/cashier/gateway/sim/pay';

/**
 * Demo mode only: the payment page of the gateway simulator (the `payUrl` of a `sim` deposit).
 * It stands for the provider's hosted page: "Pay" or "Decline" makes the simulator send the
 * signed notification to our webhook (`deliver`), with retries and back-off, exactly as a
 * provider would; the page then says what the webhook answered. It moves no money itself.
 */
export const registerGatewaySimulatorPage = async (
  app: FastifyInstance,
  deps: {
    simulator: ReturnType<typeof createGatewaySimulator>;
    cashier: Pick<CashierService, 'depositQuery'>;
    deliver: Deliver;
    send?: typeof sendWebhook;
  },
) => {
  const send = deps.send ?? sendWebhook;
  const orderOf = async (order: unknown) => {
    if (typeof order !== 'string' || !/^[0-9a-f-]{36}$/.test(order)) return null;
    const row = await deps.cashier.depositQuery().where('d.id', '=', order).executeTakeFirst();
    return row && row.gateway === deps.simulator.gateway.code ? row : null;
  };
  const describe = (d: NonNullable<Awaited<ReturnType<typeof orderOf>>>) =>
    `<p class="amount">${escapeHtml(formatMinor(BigInt(d.amount)))} ${escapeHtml(d.currency)}</p>
     <dl><dt>Order</dt><dd>${escapeHtml(d.id)}</dd><dt>Merchant</dt><dd>${escapeHtml(d.merchant_code)}</dd>
     <dt>Status</dt><dd data-testid="sim-status">${escapeHtml(d.status)}</dd></dl>`;

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.get(SIM_PATH, async (request, reply) => {
      const d = await orderOf((request.query as Record<string, unknown>).order);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!d)
        return reply
          .code(404)
          .send(
            page(
              'Unknown order',
              '<h1>Unknown order</h1><p class="note">No simulator payment has this order id.</p>',
            ),
          );
      const actions =
        d.status === 'pending'
          ? `<form method="post" action="${SIM_PATH}">
               <input type="hidden" name="order" value="${escapeHtml(d.id)}">
               <button class="pay" name="outcome" value="paid">Pay</button>
               <button class="fail" name="outcome" value="failed">Decline</button>
             </form>`
          : `<p class="note">This order is already ${escapeHtml(d.status)}.</p>`;
      return page(
        'Payment gateway simulator',
        `<h1>Payment gateway simulator</h1>
         <p class="note">Demo only: no real money. Paying sends the signed notification a payment provider would send.</p>
         ${describe(d)}${actions}`,
      );
    });
    scope.post(SIM_PATH, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const d = await orderOf(body.order);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!d || (body.outcome !== 'paid' && body.outcome !== 'failed'))
        return reply.code(400).send(page('Bad request', '<h1>Bad request</h1>'));
      const n = deps.simulator.notify({
        eventId: `sim-${randomUUID()}`,
        orderId: d.id,
        providerRef: `SIM${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
        amountMinor: String(d.amount),
        currency: d.currency,
        status: body.outcome,
      });
      const sent = await send(deps.deliver, n.rawBody, n.headers);
      const after = (await orderOf(d.id)) ?? d;
      const text = sent.delivered
        ? `The notification was delivered (attempt ${sent.attempts}). You can close this page.`
        : `The notification could not be delivered after ${sent.attempts} attempts (${sent.statuses.join(', ')}).`;
      return page(
        'Payment gateway simulator',
        `<h1>Payment gateway simulator</h1>${describe(after)}
         <p class="result${sent.delivered ? '' : ' bad'}" data-testid="sim-result">${escapeHtml(text)}</p>`,
      );
    });
  });
};
