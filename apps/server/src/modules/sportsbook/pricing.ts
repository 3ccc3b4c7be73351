import type { LegOutcome } from '@khela/fair';
import {
  type FixtureMarket,
  type MarketKind,
  type SelectionCode,
  selectionOutcome,
  selectionSettlement,
} from './feed';
import type { ScoreWeight } from './score-models';

/**
 * Prices a selection from a score distribution at a margin: the decimal odds o at which the
 * expected return is 1 − margin, a half win returning (o + 1)/2, a push or void 1, a half loss
 * 1/2, a dead heat o × places/tied. Odds are floored to hundredths (in ten-thousandths) within
 * 1.01..50.
 */
const MIN = 10_100n;
const MAX = 500_000n;

/** A settled selection's return per unit staked as a × o + b. */
const returnOf = (s: ReturnType<typeof selectionSettlement>) => {
  if (s.deadHeat && s.outcome === 'win') return { a: s.deadHeat.places / s.deadHeat.tied, b: 0 };
  switch (s.outcome) {
    case 'win':
      return { a: 1, b: 0 };
    case 'half_win':
      return { a: 0.5, b: 0.5 };
    case 'push':
    case 'void':
      return { a: 0, b: 1 };
    case 'half_loss':
      return { a: 0, b: 0.5 };
    case 'loss':
      return { a: 0, b: 0 };
  }
};

export const priceOf = (
  model: ScoreWeight[],
  market: { kind: MarketKind; lineQ: number | null },
  code: SelectionCode,
  marginBp: number,
) => {
  const total = model.reduce((s, w) => s + w.weight, 0);
  let perOdds = 0;
  let fixed = 0;
  for (const s of model) {
    const r = returnOf(selectionSettlement(market, code, s));
    perOdds += (r.a * s.weight) / total;
    fixed += (r.b * s.weight) / total;
  }
  const target = 1 - marginBp / 10_000;
  if (perOdds <= 0) return MAX;
  const odds = (target - fixed) / perOdds;
  const hundredths = BigInt(Math.max(0, Math.floor(odds * 100))) * 100n;
  return hundredths < MIN ? MIN : hundredths > MAX ? MAX : hundredths;
};

/** How even a home/over line is: |P(win side) − P(other side)| counting halves. */
const imbalance = (
  model: ScoreWeight[],
  market: { kind: MarketKind; lineQ: number },
  code: SelectionCode,
) => {
  const score: Record<LegOutcome, number> = {
    win: 1,
    half_win: 0.5,
    push: 0,
    void: 0,
    half_loss: -0.5,
    loss: -1,
  };
  return Math.abs(model.reduce((sum, s) => sum + s.weight * score[selectionOutcome(market, code, s)], 0));
};

/** The most even line among the candidates (quarters). */
export const balancedLine = (
  model: ScoreWeight[],
  kind: 'handicap' | 'total' | 'map_handicap',
  candidates: number[],
) => {
  const code = kind === 'total' ? 'over' : 'home';
  let best = candidates[0] as number;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const lineQ of candidates) {
    const score = imbalance(model, { kind, lineQ }, code);
    if (score < bestScore) {
      best = lineQ;
      bestScore = score;
    }
  }
  return best;
};

export const pricedMarket = (
  model: ScoreWeight[],
  kind: MarketKind,
  lineQ: number | null,
  codes: SelectionCode[],
  marginBp: number,
): FixtureMarket => ({
  kind,
  lineQ,
  selections: codes.map((code) => ({ code, odds: priceOf(model, { kind, lineQ }, code, marginBp) })),
});

export const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
