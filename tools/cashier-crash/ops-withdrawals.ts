import { randomInt } from 'node:crypto';
import { call, valueFrom } from './http';
import type { Load, Op } from './load';
import { PAY } from './setup';

/**
 * Withdrawals and every finance action on them: approve, reject, issue, forced receipt, refund
 * after a "not received" with proof.
 */
export const withdrawalOps = (load: Load): Op[] => {
  const { server, setup, checks, queues, take, acked, keyed, withdrawalAction } = load;
  const { members } = setup;
  return [
    [
      9,
      async (m) => {
        const body = { amount: 50_000 + randomInt(20_000), paymentPassword: PAY };
        const r = await keyed('withdraw', '/wps/cashier/withdrawals', body, { authorization: m.token }, 'id');
        if (r.ok) {
          const id = String(valueFrom(r.res).id);
          checks.push({ kind: 'withdrawal', memberId: m.id, clientKey: r.key, id });
          queues.inProcess.push(id);
        }
      },
    ],
    [
      7,
      async () => {
        const id = take(queues.inProcess);
        if (!id) return;
        const reject = randomInt(4) === 0;
        const r = await withdrawalAction(
          id,
          reject ? 'reject' : 'approve',
          reject ? 'crash test reject' : undefined,
        );
        if (r.ok) {
          checks.push(
            reject
              ? {
                  kind: 'withdrawal-event',
                  id,
                  status: 'rejected',
                  confirmation: null,
                  entryKey: `withdraw-release:${id}`,
                  label: 'reject',
                }
              : {
                  kind: 'withdrawal-event',
                  id,
                  status: 'approved',
                  confirmation: null,
                  entryKey: null,
                  label: 'approve',
                },
          );
          if (!reject) queues.approved.push(id);
        } else if (r.res.status === 0) queues.inProcess.push(id);
      },
    ],
    [
      6,
      async (m) => {
        const id = take(queues.approved);
        if (!id) return;
        const reject = randomInt(6) === 0;
        const r = await withdrawalAction(
          id,
          reject ? 'reject' : 'issue',
          reject ? 'crash test reject' : undefined,
        );
        if (r.ok) {
          checks.push({
            kind: 'withdrawal-event',
            id,
            status: reject ? 'rejected' : 'issued',
            confirmation: reject ? null : 'distributed',
            entryKey: reject ? `withdraw-release:${id}` : `withdraw-payout:${id}`,
            label: reject ? 'reject' : 'issue',
          });
          const owner = members.find((x) => x.id === Number(valueFrom(r.res).memberId)) ?? m;
          if (!reject) queues.issued.push({ id, member: owner });
        } else if (r.res.status === 0) queues.approved.push(id);
      },
    ],
    [
      4,
      async () => {
        const w = take(queues.issued);
        if (!w) return;
        if (randomInt(3) === 0) {
          const r = await withdrawalAction(w.id, 'force_receipt', 'crash test: bank confirms');
          if (r.ok)
            checks.push({
              kind: 'withdrawal-event',
              id: w.id,
              status: 'issued',
              confirmation: 'forced',
              entryKey: null,
              label: 'force_receipt',
            });
          else if (r.res.status === 0) queues.issued.push(w);
          return;
        }
        const res = await call(
          server,
          'POST',
          '/wps/cashier/withdrawals/confirm',
          { id: w.id, answer: 'not_received', proofId: w.member.proofId },
          { authorization: w.member.token },
        );
        if (acked('not_received', res)) {
          checks.push({
            kind: 'withdrawal-event',
            id: w.id,
            status: 'issued',
            confirmation: 'not_received',
            entryKey: null,
            label: 'not_received',
          });
          queues.notReceived.push(w.id);
        } else if (res.status === 0) queues.issued.push(w);
      },
    ],
    [
      3,
      async () => {
        const id = take(queues.notReceived);
        if (!id) return;
        const r = await withdrawalAction(id, 'refund', 'crash test: payment bounced');
        if (r.ok)
          checks.push({
            kind: 'withdrawal-event',
            id,
            status: 'rejected',
            confirmation: 'not_received',
            entryKey: `withdraw-refund:${id}`,
            label: 'refund',
          });
        else if (r.res.status === 0) queues.notReceived.push(id);
      },
    ],
  ];
};
