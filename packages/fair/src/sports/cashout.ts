import { type DeadHeat, type LegOutcome, ODDS_SCALE, settledLegFraction } from './odds';

/**
 * Cash-out offers (issue 21, ADR 050), exact: a bet's value at the current prices with their
 * margin taken out, less the operator's cash-out margin, floored once to the minor unit.
 *
 * An open leg's factor is placed odds ÷ current fair odds, where the fair odds of a selection are
 * its current odds × Σ 1/oⱼ over its market's current odds (the overround removed):
 * placed × Π oⱼ ÷ (current × Σⱼ Πₖ≠ⱼ oₖ), kept as a fraction. A settled leg counts as it settled
 * (a win its odds, times places/tied after a dead heat, a void 1, a half win (o + 1)/2, a half loss ½); a lost leg leaves nothing to
 * offer. offer = ⌊stake × Π factors × (10 000 − marginBp) / 10 000⌋.
 */
export type CashOutLeg =
  | { state: 'settled'; outcome: LegOutcome; odds: bigint; deadHeat?: DeadHeat | null }
  | {
      state: 'open';
      /** The odds the bet took. */
      odds: bigint;
      /** The selection's current odds. */
      current: bigint;
      /** The current odds of every selection of the leg's market (this one included). */
      market: readonly bigint[];
    };

const BP = 10_000n;

/** The offer in minor units (floored), or null when a leg has lost or a price is missing. */
export const cashOutOffer = (stakeMinor: bigint, legs: readonly CashOutLeg[], marginBp: number) => {
  if (!Number.isInteger(marginBp) || marginBp < 0 || marginBp >= 10_000) return null;
  let numerator = stakeMinor * (BP - BigInt(marginBp));
  let denominator = BP;
  for (const leg of legs) {
    if (leg.state === 'settled') {
      const f = settledLegFraction(leg);
      if (f.numerator === 0n) return null;
      numerator *= f.numerator;
      denominator *= f.denominator;
      continue;
    }
    if (leg.current <= 0n || leg.market.length < 2 || leg.market.some((o) => o <= 0n)) return null;
    if (!leg.market.includes(leg.current)) return null;
    const product = leg.market.reduce((p, o) => p * o, 1n);
    const sumOfOthers = leg.market.reduce((s, _, j) => s + product / (leg.market[j] as bigint), 0n);
    numerator *= leg.odds * product;
    denominator *= ODDS_SCALE * leg.current * sumOfOthers;
  }
  return numerator / denominator;
};
