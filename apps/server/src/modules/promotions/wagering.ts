import type { PlayProduct } from './play-types';

/**
 * The arithmetic of wagering, pure (docs/decisions/036): the listener applies what these return
 * under the bonus row's lock. Progress is kept in hundredths of a minor unit (Σ stake × weight %),
 * so a weight never rounds a stake; the requirement is met when progress ≥ requirement × 100.
 */

export type SpendingOrder = 'cash_first' | 'bonus_first';
export type WageringBase = 'bonus' | 'deposit_bonus';
export type Weights = Partial<Record<PlayProduct, number>>;

/** What a stake's progress adds: the stake times the product's weight (0–100 %), in hundredths. */
export const weightedCenti = (amount: bigint, weights: Weights, product: PlayProduct) =>
  amount * BigInt(weights[product] ?? 0);

/** The wagering requirement in minor units: (bonus, or deposit + bonus) × multiplier. */
export const requirementOf = (base: WageringBase, deposit: bigint, bonus: bigint, multiplier: number) =>
  (base === 'bonus' ? bonus : deposit + bonus) * BigInt(multiplier);

/** A bonus for a deposit: percent (basis points) of the deposit, at most the cap; or a fixed amount. */
export const bonusAmountOf = (
  rule: { percentBp: number; fixedMinor: bigint; capMinor: bigint },
  deposit: bigint,
) => {
  const raw = rule.percentBp > 0 ? (deposit * BigInt(rule.percentBp)) / 10_000n : rule.fixedMinor;
  return rule.capMinor > 0n && raw > rule.capMinor ? rule.capMinor : raw;
};

/** How much of a stake is taken from the bonus wallet (moved to main just before the debit). */
export const bonusTakeOf = (order: SpendingOrder, stake: bigint, cash: bigint, bonus: bigint) => {
  const wanted = order === 'bonus_first' ? stake : stake > cash ? stake - cash : 0n;
  return wanted < bonus ? wanted : bonus;
};

export type StakeDecision = {
  /** Moved bonus → main before the debit. */
  take: bigint;
  /** Progress after the stake, in hundredths. */
  wageredCenti: bigint;
  /** The requirement is met: the bonus left (`bonus - take`) converts to cash now. */
  completes: boolean;
};

export const decideStake = (input: {
  order: SpendingOrder;
  weights: Weights;
  product: PlayProduct;
  stake: bigint;
  cash: bigint;
  bonus: bigint;
  wageredCenti: bigint;
  requirement: bigint;
}): StakeDecision => {
  const take = bonusTakeOf(input.order, input.stake, input.cash, input.bonus);
  const wageredCenti = input.wageredCenti + weightedCenti(input.stake, input.weights, input.product);
  return { take, wageredCenti, completes: wageredCenti >= input.requirement * 100n };
};

/** A stake given back takes its weighted part off the progress (never below 0). */
export const afterRefund = (wageredCenti: bigint, weights: Weights, product: PlayProduct, amount: bigint) => {
  const left = wageredCenti - weightedCenti(amount, weights, product);
  return left > 0n ? left : 0n;
};

/** Progress for people: whole minor units wagered (rounded down) and what remains. */
export const progressOf = (wageredCenti: bigint, requirement: bigint) => {
  const wagered = wageredCenti / 100n;
  const remainingCenti = requirement * 100n - wageredCenti;
  const remaining = remainingCenti <= 0n ? 0n : (remainingCenti + 99n) / 100n;
  return { wagered, remaining };
};
