/**
 * Empirical RTP of 10^6 paid rounds (each with all the free spins it leads to) per sampled game,
 * through the real `spin` and its HMAC stream, against the exact theoretical figure: the mean
 * return per unit of bet must lie within 2.576·σ/√n of it (99 % two-sided), σ the sample standard
 * deviation of one round's return. The jackpot is not part of either figure.
 */
import { describe, expect, it } from 'vitest';
import { rtpOf, type SlotState, spin, themeFor } from './index';

const ROUNDS = 1_000_000;
const SEED = '5eed'.repeat(16);

const simulate = (nodeId: string, name: string) => {
  const theme = themeFor({ nodeId, name });
  const bet = 20;
  let sum = 0;
  let sumSquares = 0;
  let nonce = 0;
  let features = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let r = spin({ serverSeed: SEED, clientSeed: nodeId, nonce: nonce++, theme, betMinor: bet, state: null });
    let win = r.winMinor;
    let state: SlotState | null = r.nextState;
    if (state) features += 1;
    while (state) {
      r = spin({ serverSeed: SEED, clientSeed: nodeId, nonce: nonce++, theme, betMinor: bet, state });
      win += r.winMinor;
      state = r.nextState;
    }
    const x = win / bet;
    sum += x;
    sumSquares += x * x;
  }
  const mean = sum / ROUNDS;
  const sigma = Math.sqrt((sumSquares - ROUNDS * mean * mean) / (ROUNDS - 1));
  return { theme, mean, sigma, bound: (2.576 * sigma) / Math.sqrt(ROUNDS), features, spins: nonce };
};

describe('RTP simulation, 10^6 rounds per game', () => {
  const games = [
    ['pg-rng-0001', 'Frozen Sweets Bonanza'],
    ['jili-rng-0042', 'Lucky Cherry'],
    ['pp-rng-0100', 'Happy Lotus'],
  ] as const;
  for (const [nodeId, name] of games) {
    it(`${nodeId} ${name}`, () => {
      const { theme, mean, sigma, bound, features, spins } = simulate(nodeId, name);
      const exact = rtpOf(theme.paytable);
      const report = `${theme.paytable.key}: empirical ${mean.toFixed(5)} theoretical ${exact.rtp.value.toFixed(5)} σ ${sigma.toFixed(3)} bound ±${bound.toFixed(5)} features ${features} spins ${spins}`;
      console.log(report);
      expect(Math.abs(mean - exact.rtp.value), report).toBeLessThanOrEqual(bound);
      // The test has teeth: a paytable 3 points off would fall outside the bound.
      expect(bound).toBeLessThan(0.03);
      // Free spins happened about as often as the exact trigger probability says (within 5σ).
      const p = exact.triggerProbability.value;
      expect(Math.abs(features - ROUNDS * p)).toBeLessThan(5 * Math.sqrt(ROUNDS * p * (1 - p)));
    });
  }
});
