import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { PLAY_PRODUCTS, type PlayProduct } from './play-types';
import type { SpendingOrder, WageringBase, Weights } from './wagering';

/**
 * Promotions as per-merchant versioned rules (docs/decisions/036). A save is a new version; the
 * version in force is the highest one already effective. A granted bonus copies what wagering
 * needs (`BonusTerms`) so a later version never changes it.
 */

/** The kinds the engine grants (referral: a reward per qualified friend, ADR 048). */
export const PROMO_KINDS = [
  'deposit_match',
  'first_deposit',
  'reload',
  'free_credit',
  'cashback',
  'referral',
  'apply',
] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
export const FREQUENCIES = ['once', 'daily', 'weekly', 'unlimited'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const LANGUAGES = ['en', 'bn', 'hi'] as const;
export type PromoText = { title: string; body: string };
export type WithdrawPolicy = 'forfeit' | 'refuse';

export type PromoRule = {
  merchantCode: string;
  code: string;
  version: number;
  effectiveFrom: Date;
  kind: PromoKind;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  frequency: Frequency;
  /** Basis points of the deposit (deposit kinds); 0 with `fixedMinor` for a fixed bonus. */
  percentBp: number;
  fixedMinor: bigint;
  /** The largest bonus; 0: no cap. */
  capMinor: bigint;
  minDepositMinor: bigint;
  /** Referral: the friend's turnover (stakes) a reward waits for; 0 for the other kinds. */
  minTurnoverMinor: bigint;
  wageringBase: WageringBase;
  multiplier: number;
  weights: Weights;
  maxBetMinor: bigint;
  expiryHours: number;
  spendingOrder: SpendingOrder;
  withdrawPolicy: WithdrawPolicy;
  texts: Partial<Record<(typeof LANGUAGES)[number], PromoText>>;
};

export type RuleInput = Omit<PromoRule, 'merchantCode' | 'version' | 'effectiveFrom'>;

/** What a granted bonus keeps of its rule (JSON in `promo_bonus.rule`). */
export type BonusTerms = {
  weights: Weights;
  maxBetMinor: string;
  spendingOrder: SpendingOrder;
  withdrawPolicy: WithdrawPolicy;
  wageringBase: WageringBase;
  multiplier: number;
};

export const termsOf = (rule: PromoRule): BonusTerms => ({
  weights: rule.weights,
  maxBetMinor: rule.maxBetMinor.toString(),
  spendingOrder: rule.spendingOrder,
  withdrawPolicy: rule.withdrawPolicy,
  wageringBase: rule.wageringBase,
  multiplier: rule.multiplier,
});

/** Refuses a rule that could not work: every field is checked again by the table's CHECKs. */
export const checkRule = (input: RuleInput) => {
  const bad = (field: string) =>
    new AppError('validation.failed', { value: { fields: { [field]: 'promotions.rule.invalid' } } });
  if (!/^[a-z0-9_-]{2,40}$/.test(input.code)) throw bad('code');
  if (!PROMO_KINDS.includes(input.kind)) throw bad('kind');
  if (!FREQUENCIES.includes(input.frequency)) throw bad('frequency');
  // Cashback is claimed once a day, on the net loss of the day before.
  if (input.kind === 'cashback' && (input.frequency !== 'daily' || input.percentBp === 0))
    throw bad('frequency');
  if (input.multiplier < 1 || input.multiplier > 200) throw bad('multiplier');
  if (input.percentBp < 0 || input.percentBp > 100_000) throw bad('percentBp');
  if (input.fixedMinor < 0n || input.capMinor < 0n || input.minDepositMinor < 0n) throw bad('amount');
  if (input.minTurnoverMinor < 0n) throw bad('minTurnoverMinor');
  // A referral pays a fixed reward per qualified friend.
  if (input.kind === 'referral' && (input.fixedMinor === 0n || input.percentBp !== 0))
    throw bad('fixedMinor');
  if (input.percentBp === 0 && input.fixedMinor === 0n) throw bad('fixedMinor');
  if (input.maxBetMinor <= 0n) throw bad('maxBetMinor');
  if (input.expiryHours < 1 || input.expiryHours > 8760) throw bad('expiryHours');
  if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) throw bad('endsAt');
  for (const [product, weight] of Object.entries(input.weights)) {
    if (!PLAY_PRODUCTS.includes(product as PlayProduct)) throw bad('weights');
    if (!Number.isInteger(weight) || (weight as number) < 0 || (weight as number) > 100) throw bad('weights');
  }
  if (!input.texts.en?.title) throw bad('texts');
  for (const text of Object.values(input.texts)) {
    if (!text || text.title.length > 80 || text.body.length > 2000) throw bad('texts');
  }
};

type RuleRow = {
  merchant_code: string;
  code: string;
  version: number;
  effective_from: Date | string;
  kind: string;
  active: boolean;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  frequency: string;
  percent_bp: number;
  fixed_minor: string | bigint;
  cap_minor: string | bigint;
  min_deposit_minor: string | bigint;
  min_turnover_minor: string | bigint;
  wagering_base: string;
  multiplier: number;
  weights: unknown;
  max_bet_minor: string | bigint;
  expiry_hours: number;
  spending_order: string;
  withdraw_policy: string;
  texts: unknown;
};

const date = (v: Date | string | null) => (v === null ? null : new Date(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export const ruleOfRow = (r: RuleRow): PromoRule => ({
  merchantCode: r.merchant_code,
  code: r.code,
  version: r.version,
  effectiveFrom: new Date(r.effective_from),
  kind: r.kind as PromoKind,
  active: r.active,
  startsAt: date(r.starts_at),
  endsAt: date(r.ends_at),
  frequency: r.frequency as Frequency,
  percentBp: r.percent_bp,
  fixedMinor: BigInt(r.fixed_minor),
  capMinor: BigInt(r.cap_minor),
  minDepositMinor: BigInt(r.min_deposit_minor),
  minTurnoverMinor: BigInt(r.min_turnover_minor),
  wageringBase: r.wagering_base as WageringBase,
  multiplier: r.multiplier,
  weights: json<Weights>(r.weights),
  maxBetMinor: BigInt(r.max_bet_minor),
  expiryHours: r.expiry_hours,
  spendingOrder: r.spending_order as SpendingOrder,
  withdrawPolicy: r.withdraw_policy as WithdrawPolicy,
  texts: json<PromoRule['texts']>(r.texts),
});

/** The rules in force of a merchant at `at` (each code's highest effective version). */
export const rulesInForce = async (db: Db, merchantCode: string, at: Date, code?: string) => {
  let q = db
    .selectFrom('promo_rule')
    .selectAll()
    .distinctOn('code')
    .where('merchant_code', '=', merchantCode)
    .where('effective_from', '<=', at);
  if (code !== undefined) q = q.where('code', '=', code);
  const rows = await q.orderBy('code').orderBy('version', 'desc').execute();
  return rows.map((r) => ruleOfRow(r as unknown as RuleRow));
};

/** Every version of a merchant's promotions, newest first (the designer's history). */
export const ruleVersions = async (db: Db, merchantCode: string) => {
  const rows = await db
    .selectFrom('promo_rule')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('code')
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ruleOfRow(r as unknown as RuleRow));
};

/** Saves a new version (the next number under the code's row lock: two saves make two versions). */
export const saveRuleVersion = async (
  db: Db,
  merchantCode: string,
  input: RuleInput,
  by: string,
  at: Date,
) => {
  checkRule(input);
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`promo_rule:${merchantCode}:${input.code}`}))`.execute(
    db,
  );
  const last = await db
    .selectFrom('promo_rule')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('merchant_code', '=', merchantCode)
    .where('code', '=', input.code)
    .executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  await db
    .insertInto('promo_rule')
    .values({
      merchant_code: merchantCode,
      code: input.code,
      version,
      effective_from: at,
      kind: input.kind,
      active: input.active,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      frequency: input.frequency,
      percent_bp: input.percentBp,
      fixed_minor: input.fixedMinor.toString(),
      cap_minor: input.capMinor.toString(),
      min_deposit_minor: input.minDepositMinor.toString(),
      min_turnover_minor: input.minTurnoverMinor.toString(),
      wagering_base: input.wageringBase,
      multiplier: input.multiplier,
      weights: JSON.stringify(input.weights),
      max_bet_minor: input.maxBetMinor.toString(),
      expiry_hours: input.expiryHours,
      spending_order: input.spendingOrder,
      withdraw_policy: input.withdrawPolicy,
      texts: JSON.stringify(input.texts),
      created_by: by,
      created_at: at,
    })
    .execute();
  return version;
};
