import { z } from 'zod';
import type { ProviderAction } from './constants';

/** Vendor transaction ids and round ids: 1–100 visible ASCII characters. */
const vendorId = z.string().regex(/^[\x21-\x7e]{1,100}$/);
/** Integer minor units, 0 ..= 2^53 - 1, as a JSON integer. */
const minorUnits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const base = z.object({
  /** The merchant (operator) the vendor plays for: picks the secret. */
  merchant: z.string().regex(/^[a-z0-9]{2,20}$/),
});
/** Our player id: the member id as a string of digits. */
const playerId = z.string().regex(/^[1-9][0-9]{0,9}$/);
const currency = z.string().regex(/^[A-Z]{3}$/);

export const providerRequestSchemas = {
  authenticate: base.extend({ token: z.string().min(16).max(200) }).strict(),
  balance: base.extend({ playerId }).strict(),
  bet: base
    .extend({
      playerId,
      token: z.string().min(16).max(200),
      txId: vendorId,
      roundId: vendorId,
      /** The catalogue game id (node id) the bet is in. */
      gameId: z.string().min(1).max(100),
      amount: minorUnits.min(1),
      currency,
    })
    .strict(),
  win: base
    .extend({
      playerId,
      txId: vendorId,
      roundId: vendorId,
      gameId: z.string().min(1).max(100),
      /** 0 is allowed (a losing result); it moves no money but is recorded. */
      amount: minorUnits,
      currency,
    })
    .strict(),
  rollback: base
    .extend({
      playerId,
      txId: vendorId,
      roundId: vendorId,
      /** The txId of the bet to refund. */
      refTxId: vendorId,
    })
    .strict(),
  endRound: base
    .extend({
      playerId,
      txId: vendorId,
      roundId: vendorId,
    })
    .strict(),
} satisfies Record<ProviderAction, z.ZodType>;

export type ProviderRequest<A extends ProviderAction> = z.infer<(typeof providerRequestSchemas)[A]>;
