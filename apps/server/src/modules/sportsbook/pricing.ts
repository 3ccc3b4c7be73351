import type { LegOutcome } from '@khela/fair';
import { type FixtureMarket, type MarketKind, type SelectionCode, selectionOutcome } from './feed';
import type { ScoreWeight } from './score-models';

/**
 * Prices a selection from a score distribution at a margin: the decimal odds o at which the
 * expected return is 1 − margin, a half win returning (o + 1)/2, a push or void 1, a half loss
 * 1/2. Odds are floored to hundredths (in ten-thousandths) within 1.01..50.
 */
const MIN = 10_100n;
const MAX = 500_000n;

export const priceOf = (
  model: ScoreWeight[],
  market: { kind: MarketKind; lineQ: number | null },
  code: SelectionCode,
  marginBp: number,
) => {
  const total = model.reduce((s, w) => s + w.weight, 0);
  const p: Record<LegOutcome, number> = { win: 0, half_win: 0, push: 0, void: 0, half_loss: 0, loss: 0 };
  for (const s of model) p[selectionOutcome(market, code, s)] += s.weight / total;
  const target = 1 - marginBp / 10_000;
  const denominator = p.win + p.half_win / 2;
  if (denominator <= 0) return MAX;
  const odds = (target - p.half_win / 2 - p.push - p.void - p.half_loss / 2) / denominator;
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
