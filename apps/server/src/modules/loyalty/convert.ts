import type { LoyaltyRule } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { type LoyaltyWallet, payMember } from './money';
import { movePoints } from './points';

/**
 * Points to cash at the merchant's ratio: the points spent (`convert:<member>:<key>`) and the cash
 * paid (`loyalty:convert:<member>:<key>`) in one transaction; the same request key again moves nothing.
 */
export const convertPoints = async (
  trx: Db,
  wallet: LoyaltyWallet,
  currency: string,
  c: {
    id: number;
    merchantCode: string;
    points: bigint;
    requestKey: string;
    rule: LoyaltyRule['points'];
  },
  at: Date,
) => {
  const min = BigInt(c.rule.convertMinPoints);
  if (c.points < min) throw new AppError('loyalty.convert.min', { value: { min: min.toString() } });
  const cashMinor = c.points * BigInt(c.rule.convertMinorPerPoint);
  await movePoints(trx, {
    merchantCode: c.merchantCode,
    memberId: c.id,
    key: `convert:${c.id}:${c.requestKey}`,
    delta: -c.points,
    reason: 'convert',
    detail: { cashMinor: cashMinor.toString() },
    at,
  });
  await payMember(wallet, trx, {
    merchantCode: c.merchantCode,
    currency,
    memberId: c.id,
    key: `loyalty:convert:${c.id}:${c.requestKey}`,
    kind: 'loyalty.convert',
    amountMinor: cashMinor,
    metadata: { points: c.points.toString() },
  });
  return { cashMinor };
};
