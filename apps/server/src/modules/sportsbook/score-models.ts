import type { ByteStream } from '@khela/fair';

/**
 * The simulator's score models (issue 21): each sport gives a finite distribution of final scores
 * as integer weights, from the event's strength (−20..20, drawn from its seed). The same weights
 * price the markets (pricing.ts) and draw the result (one uniform draw of the CSPRNG stream of the
 * event's seed), so the published prices match the odds of what happens.
 */
export type ScoreWeight = { home: number; away: number; weight: number };

const FOOTBALL_GOALS = [22, 33, 24, 12, 6, 2, 1];

/** Shifts a side's table up by `percent` of one step (stronger side scores more). */
const shifted = (base: number[], percent: number) =>
  base.map((w, k) => w * (100 - percent) + (k > 0 ? (base[k - 1] as number) * percent : 0));

const triangle = (size: number, centre: number) =>
  Array.from({ length: size }, (_, k) => Math.max(1, 8 - Math.abs(k - centre)));

const product = (
  home: number[],
  away: number[],
  homeScore: (k: number) => number,
  awayScore: (k: number) => number,
): ScoreWeight[] =>
  home.flatMap((hw, h) => away.map((aw, a) => ({ home: homeScore(h), away: awayScore(a), weight: hw * aw })));

export const scoreModel = (sportCode: string, strength: number): ScoreWeight[] => {
  const up = Math.max(0, strength);
  const down = Math.max(0, -strength);
  switch (sportCode) {
    case 'football':
      // Home advantage 10 % of a goal, each strength point 2 %.
      return product(
        shifted(FOOTBALL_GOALS, 10 + up * 2),
        shifted(FOOTBALL_GOALS, down * 2),
        (k) => k,
        (k) => k,
      );
    case 'cricket':
      // Runs 120..216 in steps of 8; the chasing side gets 4 runs more, so a tie never happens.
      return product(
        triangle(13, 6 + Math.round(strength / 7)),
        triangle(13, 6 - Math.round(strength / 7)),
        (k) => 120 + 8 * k,
        (k) => 124 + 8 * k,
      );
    case 'kabaddi':
      // Points 20..48 in steps of 2 for both sides: about one match in twelve ends level (a tie
      // is a dead heat of the match bet, ADR 055).
      return product(
        triangle(15, 7 + Math.round(strength / 5)),
        triangle(15, 7 - Math.round(strength / 5)),
        (k) => 20 + 2 * k,
        (k) => 20 + 2 * k,
      );
    case 'cs2':
    case 'dota2': {
      // Best of three maps; the home side wins a map with (50 + strength) %.
      const a = 50 + strength;
      const b = 50 - strength;
      return [
        { home: 2, away: 0, weight: 100 * a * a },
        { home: 2, away: 1, weight: 2 * a * a * b },
        { home: 1, away: 2, weight: 2 * a * b * b },
        { home: 0, away: 2, weight: 100 * b * b },
      ];
    }
    default:
      throw new Error(`no score model for ${sportCode}`);
  }
};

/** One score drawn by weight (a single uniform draw, rejection-sampled: no bias). */
export const drawScore = (model: ScoreWeight[], stream: ByteStream) => {
  const total = model.reduce((sum, s) => sum + s.weight, 0);
  let pick = stream.uniformInt(total);
  for (const s of model) {
    if (pick < s.weight) return { home: s.home, away: s.away };
    pick -= s.weight;
  }
  throw new Error('unreachable');
};

/** The strength of an event: the first draw of its stream. */
export const strengthOf = (stream: ByteStream) => stream.uniformInt(41) - 20;
