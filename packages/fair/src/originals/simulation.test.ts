/**
 * Empirical RTP of every original through the real HMAC stream: the mean return per unit of bet
 * of N rounds must lie within 3σ/√N of the exact figure (σ the sample standard deviation of one
 * round's return). Returns use the exact multiplier (the payout's rounding to minor units is
 * checked by the rule tests).
 */
import { describe, expect, it } from 'vitest';
import {
  crashChain,
  crashPointX100,
  crashRtp,
  diceRtp,
  limboRtp,
  type Multiplier,
  minesLayout,
  minesRtp,
  playDice,
  playLimbo,
  playMines,
  playPlinko,
  playTower,
  playWheel,
  plinkoRtp,
  towerLayout,
  towerRtp,
  wheelRtp,
} from './index';

const N = 200_000;
const SEED = '5eed'.repeat(16);
const x = (m: Multiplier) => m.num / m.den;

const within3Sigma = (name: string, exact: number, returns: (i: number) => number) => {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < N; i++) {
    const r = returns(i);
    sum += r;
    squares += r * r;
  }
  const mean = sum / N;
  const sigma = Math.sqrt((squares - N * mean * mean) / (N - 1));
  const bound = (3 * sigma) / Math.sqrt(N);
  const report = `${name}: empirical ${mean.toFixed(5)} exact ${exact.toFixed(5)} σ ${sigma.toFixed(3)} bound ±${bound.toFixed(5)}`;
  console.log(report);
  expect(Math.abs(mean - exact), report).toBeLessThanOrEqual(bound);
  return bound;
};

describe(`originals: ${N.toLocaleString('en')} rounds each within 3σ of the exact RTP`, () => {
  const seeds = (nonce: number) => ({ serverSeed: SEED, clientSeed: 'sim', nonce });
  it('dice, limbo, plinko, wheel', () => {
    within3Sigma('dice under 33.33', diceRtp('under', 3333).value, (i) => {
      const r = playDice({ ...seeds(i), betMinor: 100, direction: 'under', target: 3333 });
      return r.won ? x(r.multiplier) : 0;
    });
    within3Sigma('limbo 3.00×', limboRtp(300).value, (i) => {
      const r = playLimbo({ ...seeds(i), betMinor: 100, targetX100: 300 });
      return r.won ? x(r.multiplier) : 0;
    });
    within3Sigma('plinko 16 rows high', plinkoRtp('high', 16).value, (i) =>
      x(playPlinko({ ...seeds(i), betMinor: 100, rows: 16, risk: 'high' }).multiplier),
    );
    within3Sigma('wheel 50 medium', wheelRtp('medium', 50).value, (i) =>
      x(playWheel({ ...seeds(i), betMinor: 100, segments: 50, risk: 'medium' }).multiplier),
    );
  });
  it('mines and tower (cash out after a fixed number of safe picks)', () => {
    within3Sigma('mines 3, cash out after 4', minesRtp(3, 4).value, (i) => {
      // the player reveals cells 24, 23, 22, 21 in order (any fixed order is as good as any other)
      const mines = minesLayout({ ...seeds(i), mines: 3 });
      const picks: number[] = [];
      for (const cell of [24, 23, 22, 21]) {
        picks.push(cell);
        if (mines.includes(cell)) break;
      }
      const r = playMines({ ...seeds(i), betMinor: 100, mines: 3, picks });
      return r.won ? x(r.multiplier) : 0;
    });
    within3Sigma('tower medium, cash out after 3', towerRtp('medium', 3).value, (i) => {
      const traps = towerLayout({ ...seeds(i), difficulty: 'medium' });
      const picks: number[] = [];
      for (let level = 0; level < 3; level++) {
        picks.push(1);
        if (traps[level]?.includes(1)) break;
      }
      const r = playTower({ ...seeds(i), betMinor: 100, difficulty: 'medium', picks });
      return r.won ? x(r.multiplier) : 0;
    });
  });
  it('crash: a cash-out at 2.00× over a chain of rounds', () => {
    const chain = crashChain(SEED, N);
    within3Sigma('crash cash out 2.00×', crashRtp(200).value, (i) =>
      crashPointX100(chain[i + 1] as string, 'lobby-salt') >= 200 ? 2 : 0,
    );
  });
});
