/**
 * Empirical RTP of the slot engines and fishing through the real HMAC stream: the mean return per
 * unit of bet over N rounds within 3σ/√N of the exact figure.
 */
import { describe, expect, it } from 'vitest';
import { FISH_SPECIES, fishRtp, fishShot } from '../fishing/index';
import { clusterRtp, holdWinRtp, megawaysRtp, spinCluster, spinHoldWin, spinMegaways } from './index';

const N = 100_000;
const SEED = 'feed'.repeat(16);

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
};

describe(`slot engines and fishing: ${N.toLocaleString('en')} rounds each within 3σ of the exact RTP`, () => {
  const seeds = (nonce: number) => ({ serverSeed: SEED, clientSeed: 'sim', nonce, betMinor: 20 });
  it('cluster (medium)', () => {
    within3Sigma(
      'cluster medium',
      clusterRtp('medium').rtp.value,
      (i) => spinCluster({ ...seeds(i), volatility: 'medium' }).payoutMinor / 20,
    );
  });
  it('hold and win (low)', () => {
    within3Sigma(
      'holdwin low',
      holdWinRtp('low').rtp.value,
      (i) => spinHoldWin({ ...seeds(i), volatility: 'low' }).payoutMinor / 20,
    );
  });
  it('megaways (high)', () => {
    within3Sigma(
      'megaways high',
      megawaysRtp('high').rtp.value,
      (i) => spinMegaways({ ...seeds(i), volatility: 'high' }).payoutMinor / 20,
    );
  });
  it('fishing shots at every species in turn', () => {
    for (const s of FISH_SPECIES) expect(fishRtp(s.id, 9600).value).toBe(0.96);
    within3Sigma('fishing, RTP 96 %', 0.96, (i) => {
      const r = fishShot({
        serverSeed: SEED,
        clientSeed: 'sim',
        nonce: i,
        bulletMinor: 10,
        speciesId: i % FISH_SPECIES.length,
        rtpBp: 9600,
      });
      return r.payoutMinor / 10;
    });
  });
});
