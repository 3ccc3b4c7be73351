import { z } from 'zod';
import { merchantCode } from '../core/lists';
import { PROMO_FREQUENCIES, PROMO_KINDS, PROMO_PRODUCTS } from './constants';

/** Minor units as a decimal string (bigint on the server). */
const minorText = z.string().regex(/^-?[0-9]+$/);
const minorInput = z
  .union([z.string().regex(/^[0-9]{1,16}$/), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => BigInt(v));

export const promoText = z.object({ title: z.string().trim().min(1).max(80), body: z.string().max(2000) });
export const promoTexts = z.object({ en: promoText, bn: promoText.optional(), hi: promoText.optional() });
export const promoWeights = z.partialRecord(z.enum(PROMO_PRODUCTS), z.number().int().min(0).max(100));

export const promoOffer = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  title: z.string(),
  body: z.string(),
  /** `claim`: claimable now for `bonusMinor`; `apply`: staff review; `none`: not now. */
  action: z.enum(['claim', 'apply', 'none']),
  bonusMinor: minorText.nullable(),
  depositMinor: minorText.nullable(),
  percentBp: z.number().int(),
  capMinor: minorText,
  minDepositMinor: minorText,
  multiplier: z.number().int(),
  wageringBase: z.enum(['bonus', 'deposit_bonus']),
  weights: promoWeights,
  maxBetMinor: minorText,
  expiryHours: z.number().int(),
  spendingOrder: z.enum(['cash_first', 'bonus_first']),
  withdrawPolicy: z.enum(['forfeit', 'refuse']),
  /** An application of the member waits for review. */
  pending: z.boolean(),
});
export const promoOffersValue = z.object({ offers: z.array(promoOffer) });

export const promoClaimBody = z.object({ code: z.string().min(2).max(40) });
export const promoClaimValue = z.object({ bonusId: z.string(), amountMinor: minorText });
export const promoApplyBody = z.object({
  code: z.string().min(2).max(40),
  remark: z.string().trim().max(140, 'promotions.remark.long'),
});
export const promoApplyValue = z.object({ applicationId: z.string() });

export const promoBonusView = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  status: z.enum(['active', 'completed', 'forfeited', 'expired']),
  amountMinor: minorText,
  depositMinor: minorText,
  /** What is on the bonus wallet now (active), or what converted / returned at the end. */
  balanceMinor: minorText,
  requirementMinor: minorText,
  wageredMinor: minorText,
  remainingMinor: minorText,
  weights: promoWeights,
  maxBetMinor: minorText,
  spendingOrder: z.enum(['cash_first', 'bonus_first']),
  withdrawPolicy: z.enum(['forfeit', 'refuse']),
  grantedAt: z.number(),
  expiresAt: z.number(),
  endedAt: z.number().nullable(),
});
export const promoBonusesValue = z.object({
  bonuses: z.array(promoBonusView),
  /** Cash that can be withdrawn now (with `forfeit`, withdrawing ends the active bonus). */
  withdrawableMinor: minorText,
  mainMinor: minorText,
});
export const promoForfeitValue = z.object({ returnedMinor: minorText.nullable() });

export const rewardItem = z.object({
  source: z.string(),
  key: z.string(),
  title: z.string(),
  amountMinor: minorText.nullable(),
  action: z.enum(['claim', 'open']),
});
export const promoRewardsValue = z.object({ count: z.number().int(), items: z.array(rewardItem) });

// ---------------------------------------------------------------- back office
export const boPromoRuleBody = z.object({
  merchant: merchantCode,
  code: z.string().regex(/^[a-z0-9_-]{2,40}$/),
  kind: z.enum(PROMO_KINDS),
  active: z.boolean(),
  startsAt: z.number().int().nullable().default(null),
  endsAt: z.number().int().nullable().default(null),
  frequency: z.enum(PROMO_FREQUENCIES),
  percentBp: z.number().int().min(0).max(100_000),
  fixedMinor: minorInput,
  capMinor: minorInput,
  minDepositMinor: minorInput,
  /** Referral: the friend's turnover a reward waits for (ADR 048). */
  minTurnoverMinor: minorInput.default(0n),
  wageringBase: z.enum(['bonus', 'deposit_bonus']),
  multiplier: z.number().int().min(1).max(200),
  weights: promoWeights,
  maxBetMinor: minorInput,
  expiryHours: z.number().int().min(1).max(8760),
  spendingOrder: z.enum(['cash_first', 'bonus_first']),
  withdrawPolicy: z.enum(['forfeit', 'refuse']),
  texts: promoTexts,
});
export const boPromoRuleRow = boPromoRuleBody
  .omit({
    fixedMinor: true,
    capMinor: true,
    minDepositMinor: true,
    minTurnoverMinor: true,
    maxBetMinor: true,
    merchant: true,
  })
  .extend({
    merchant: z.string(),
    version: z.number().int(),
    effectiveFrom: z.number(),
    fixedMinor: minorText,
    capMinor: minorText,
    minDepositMinor: minorText,
    minTurnoverMinor: minorText,
    maxBetMinor: minorText,
  });
export const boPromoRulesQuery = z.object({ merchant: merchantCode });
export const boPromoRulesValue = z.object({ rules: z.array(boPromoRuleRow) });
export const boPromoRuleSaveValue = z.object({ version: z.number().int() });

export const boPromoApplicationsQuery = z.object({
  merchant: merchantCode.optional(),
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
});
export const boPromoApplicationRow = z.object({
  id: z.string(),
  merchant: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  code: z.string(),
  remark: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.number(),
  decidedBy: z.string().nullable(),
  bonusId: z.string().nullable(),
});
export const boPromoApplicationsValue = z.object({ items: z.array(boPromoApplicationRow) });
export const boPromoDecideBody = z.object({
  id: z.string().min(1).max(64),
  approve: z.boolean(),
  amountMinor: minorInput.optional(),
  reason: z.string().trim().max(500).optional(),
});
export const boPromoDecideValue = z.object({ bonusId: z.string().nullable() });

export const boPromoBonusesQuery = z.object({
  merchant: merchantCode.optional(),
  memberId: z.coerce.number().int().positive().optional(),
  status: z.enum(['active', 'completed', 'forfeited', 'expired']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export const boPromoBonusRow = z.object({
  id: z.string(),
  merchant: z.string(),
  memberId: z.number().int(),
  code: z.string(),
  version: z.number().int(),
  status: z.string(),
  amountMinor: minorText,
  depositMinor: minorText,
  requirementMinor: minorText,
  wageredMinor: minorText,
  convertedMinor: minorText.nullable(),
  returnedMinor: minorText.nullable(),
  grantedAt: z.number(),
  expiresAt: z.number(),
  endedAt: z.number().nullable(),
});
export const boPromoBonusesValue = z.object({
  items: z.array(boPromoBonusRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A friend's standing (ADR 048): under review = shares an address or payout account with the referrer. */
export const REFERRAL_FRIEND_STATUSES = [
  'registered',
  'deposited',
  'qualified',
  'under_review',
  /** Staff rejected the friend under review (ADR 051): never paid. */
  'not_eligible',
  'rewarded',
] as const;
export const promoReferralValue = z.object({
  code: z.string(),
  /** `/register?referralCode=<code>`, on the site's own domain. */
  registerPath: z.string(),
  /** The referral promotion in force, or null when the merchant runs none. */
  rule: z
    .object({
      code: z.string(),
      rewardMinor: minorText,
      minDepositMinor: minorText,
      minTurnoverMinor: minorText,
      multiplier: z.number().int(),
      expiryHours: z.number().int(),
    })
    .nullable(),
  totals: z.object({
    invitations: z.number().int(),
    qualified: z.number().int(),
    rewardedMinor: minorText,
  }),
  friends: z.array(
    z.object({
      friendId: z.number().int(),
      /** Masked: first two and last character. */
      username: z.string(),
      registeredAt: z.number(),
      status: z.enum(REFERRAL_FRIEND_STATUSES),
      /** Paid (rewarded) or claimable now (qualified); null otherwise. */
      rewardMinor: minorText.nullable(),
    }),
  ),
});
export const promoReferralClaimBody = z.object({ friendId: z.number().int().positive() });

/** Why a friend is under review (ADR 048): a shared IP address or payout account with the referrer. */
export const REFERRAL_FLAGS = ['shared_ip', 'shared_payout'] as const;

/** The referral report (ADR 051): one row per invited friend, with their referrer. */
export const boReferralQuery = z.object({
  merchant: merchantCode,
  status: z.enum(REFERRAL_FRIEND_STATUSES).optional(),
  flagged: z.enum(['yes', 'no']).optional(),
  referrerId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export const boReferralRow = z.object({
  referrerId: z.number().int(),
  referrerUsername: z.string(),
  code: z.string(),
  friendId: z.number().int(),
  friendUsername: z.string(),
  registeredAt: z.number(),
  status: z.enum(REFERRAL_FRIEND_STATUSES),
  depositMinor: minorText,
  turnoverMinor: minorText,
  /** Paid to the referrer for this friend, or null (not paid). */
  rewardMinor: minorText.nullable(),
  flags: z.array(z.enum(REFERRAL_FLAGS)),
  decision: z.enum(['approved', 'rejected']).nullable(),
  decisionReason: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export const boReferralValue = z.object({
  items: z.array(boReferralRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const boReferralDecideBody = z.object({
  merchant: merchantCode,
  referrerId: z.number().int().positive(),
  friendId: z.number().int().positive(),
  approve: z.boolean(),
  reason: z.string().trim().min(1).max(200),
});
export const boReferralDecideValue = z.object({
  status: z.enum(REFERRAL_FRIEND_STATUSES),
  /** The bonus paid at once on approval (null: rejected, thresholds not reached, or the referrer claims it later). */
  bonusId: z.string().nullable(),
});
