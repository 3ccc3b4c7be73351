import { randomInt } from 'node:crypto';
import type { Load, Op } from './load';
import { PAY } from './setup';

/** Wallet transfers main ↔ vendor wallet (`GCS_walletTransfer`) and transfers to the upline. */
export const transferOps = (load: Load): Op[] => {
  const { setup, checks, keyed } = load;
  const { vendorTypeIds } = setup;
  return [
    [
      12,
      async (m) => {
        const vendor = vendorTypeIds[randomInt(vendorTypeIds.length)] as number;
        const out = randomInt(2) === 0;
        const body = {
          fromAccountTypeId: out ? 2 : vendor,
          toAccountTypeId: out ? vendor : 2,
          amount: 1_000 + randomInt(20_000),
        };
        const r = await keyed(
          'walletTransfer',
          '/wps/relay/GCS_walletTransfer',
          body,
          { authorization: m.token },
          'transactionId',
        );
        if (r.ok) checks.push({ kind: 'entry', key: `transfer:${m.id}:${r.key}`, label: 'walletTransfer' });
      },
    ],
    [
      5,
      async (m) => {
        if (!m.upline) return;
        const body = { amount: 1_000 + randomInt(5_000), paymentPassword: PAY };
        const r = await keyed(
          'upline',
          '/wps/cashier/transfer-upline',
          body,
          { authorization: m.token },
          'transactionId',
        );
        if (r.ok) checks.push({ kind: 'entry', key: `upline:${m.id}:${r.key}`, label: 'upline' });
      },
    ],
  ];
};
