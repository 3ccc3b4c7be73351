import { randomInt, randomUUID } from 'node:crypto';
import { call, valueFrom } from './http';
import type { Load, Op } from './load';

/**
 * Finance adjustments, manual deposits and their approval or rejection, gateway deposits settled
 * by signed webhooks (paid, failed, repeated).
 */
export const depositOps = (load: Load): Op[] => {
  const { server, setup, checks, replays, queues, take, acked, keyed } = load;
  const { staffAuth, staffId, manualChannelId, gatewayChannelId, sim } = setup;
  return [
    [
      10,
      async (m) => {
        const direction = randomInt(4) === 0 ? 'debit' : 'credit';
        const amount = direction === 'credit' ? 100_000 + randomInt(100_000) : 1_000 + randomInt(5_000);
        const body = { memberId: m.id, direction, amount, reason: `crash test ${direction}` };
        const r = await keyed('adjust', '/bo/api/cashier/adjust', body, staffAuth, 'transactionId');
        if (r.ok) checks.push({ kind: 'entry', key: `adjust:${staffId}:${r.key}`, label: 'adjust' });
      },
    ],
    [
      9,
      async (m) => {
        const body = {
          channelId: manualChannelId,
          amount: 20_000 + randomInt(50_000),
          reference: `CR${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        };
        const r = await keyed('deposit', '/wps/cashier/deposits', body, { authorization: m.token }, 'id');
        if (r.ok) {
          const id = String(valueFrom(r.res).id);
          checks.push({ kind: 'deposit', memberId: m.id, clientKey: r.key, id });
          queues.pending.push(id);
        }
      },
    ],
    [
      8,
      async () => {
        const id = take(queues.pending);
        if (!id) return;
        const reject = randomInt(4) === 0;
        const res = await call(
          server,
          'POST',
          `/bo/api/cashier/deposits/${reject ? 'reject' : 'approve'}`,
          reject ? { id, reason: 'crash test: no such payment' } : { id },
          staffAuth,
        );
        if (acked(reject ? 'deposit.reject' : 'deposit.approve', res))
          checks.push({
            kind: 'deposit-state',
            id,
            status: reject ? 'rejected' : 'approved',
            label: reject ? 'deposit.reject' : 'deposit.approve',
          });
        else if (res.status === 0) queues.pending.push(id);
      },
    ],
    [
      6,
      async (m) => {
        const amount = 20_000 + randomInt(50_000);
        const body = { channelId: gatewayChannelId, amount };
        const r = await keyed(
          'gateway.deposit',
          '/wps/cashier/deposits',
          body,
          { authorization: m.token },
          'id',
        );
        if (r.ok) {
          const id = String(valueFrom(r.res).id);
          checks.push({ kind: 'deposit', memberId: m.id, clientKey: r.key, id });
          queues.gateway.push({ id, amount: String(amount), memberId: m.id });
        }
      },
    ],
    [
      6,
      async () => {
        const d = take(queues.gateway);
        if (!d) return;
        const status = randomInt(5) === 0 ? 'failed' : 'paid';
        const n = sim.notify({
          eventId: `crash-${randomUUID()}`,
          orderId: d.id,
          providerRef: `CRASH${randomUUID().replace(/-/g, '').slice(0, 12)}`,
          amountMinor: d.amount,
          currency: 'BDT',
          status,
        });
        const path = '/wps/cashier/gateway/webhook?provider=sim';
        const res = await call(server, 'POST', path, n.rawBody, n.headers);
        if (acked('gateway.webhook', res)) {
          const outcome = String(valueFrom(res).outcome);
          if (outcome === 'credited' || outcome === 'rejected')
            checks.push({
              kind: 'deposit-state',
              id: d.id,
              status: outcome === 'credited' ? 'approved' : 'rejected',
              label: `gateway.${outcome}`,
            });
          replays.push({
            label: 'gateway.webhook',
            method: 'POST',
            path,
            body: n.rawBody,
            headers: n.headers,
            idField: 'outcome',
            id: 'duplicate',
            expect: 'duplicate',
          });
        } else if (res.status === 0) queues.gateway.push(d);
      },
    ],
  ];
};
