import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewayWebhookBody } from '@khela/contract';

/**
 * A payment gateway: an automated provider the player pays through (a hosted page), which then
 * notifies us by a signed webhook. Adding a provider is writing one of these and configuring a
 * `gateway` channel with its code in the back office.
 *
 * The contract with the cashier:
 * - `payUrl(orderId, amount)`: where the player pays for our deposit `orderId`.
 * - `verify(rawBody, headers)`: true only when the notification is authentic (signature over the
 *   exact bytes received). Unverified notifications are refused with 401 and change nothing.
 * - The notification body is `GatewayWebhookBody` (an adapter for a provider with another format
 *   maps it in `parse`). The cashier handles duplicates and retries: each `eventId` is processed
 *   once, and a deposit is credited once whatever arrives (ledger key `deposit:<id>`).
 */
export type PaymentGateway = {
  code: string;
  payUrl: (orderId: string, amount: bigint) => string;
  verify: (rawBody: string, headers: Record<string, string | string[] | undefined>) => boolean;
  parse: (body: unknown) => GatewayWebhookBody;
};

export const SIGNATURE_HEADER = 'x-signature';

export const hmacHex = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');

const equalHex = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};

/** An HMAC-SHA256 gateway (hex signature of the raw body in `X-Signature`), e.g. the simulator. */
export const createHmacGateway = (options: {
  code: string;
  secret: string;
  payBase: string;
}): PaymentGateway => ({
  code: options.code,
  payUrl: (orderId, amount) =>
    `${options.payBase}?order=${encodeURIComponent(orderId)}&amount=${encodeURIComponent(amount.toString())}`,
  verify: (rawBody, headers) => {
    const header = headers[SIGNATURE_HEADER];
    if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) return false;
    return equalHex(header, hmacHex(options.secret, rawBody));
  },
  parse: (body) => body as GatewayWebhookBody,
});

/** The simulator's code: used in tests and in demo mode. */
export const SIMULATOR_CODE = 'sim';

/**
 * The payment-gateway simulator: the provider side of `createHmacGateway`. `notify` builds a
 * signed notification exactly as a provider would send it; tests post it (again and again, to
 * check retries and duplicates).
 */
export const createGatewaySimulator = (secret: string) => {
  const gateway = createHmacGateway({
    code: SIMULATOR_CODE,
    secret,
    payBase: '/wps/cashier/gateway/sim/pay',
  });
  let counter = 0;
  const notify = (event: Omit<GatewayWebhookBody, 'eventId'> & { eventId?: string }) => {
    counter += 1;
    const body: GatewayWebhookBody = {
      eventId: event.eventId ?? `sim-evt-${counter}`,
      orderId: event.orderId,
      providerRef: event.providerRef,
      amountMinor: event.amountMinor,
      currency: event.currency,
      status: event.status,
    };
    const rawBody = JSON.stringify(body);
    return {
      rawBody,
      body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: hmacHex(secret, rawBody) },
    };
  };
  return { gateway, notify };
};
