/**
 * Fishing: each shot is one provably fair round (its own nonce). A bullet of value b aimed at a
 * fish of species s captures it with probability
 *   p = RTP / mean multiplier = (rtpBp / 10,000) · count / Σ multipliers,
 * the same for every player and every shot (never adjusted by anyone's history). Draws: one
 * uniformInt(10,000 · Σm) — captured when it is < rtpBp · count — then, for a species with several
 * multipliers, uniformInt(count) picks the one paid. A capture pays b × multiplier (whole numbers:
 * exact). Expected return of every shot: p · mean multiplier = rtpBp / 10,000, exactly.
 * Batched settlement: the server may debit and credit many shots at once; each keeps its nonce and
 * is verified on its own.
 */
import { checkBet, checkInt, type RoundSeeds } from '../originals/common';
import { createByteStream, FairError } from '../rng';
import { ratio } from '../rtp';
import type { Ratio } from '../types';
import data from './species.json';

export type FishSpecies = {
  id: number;
  key: string;
  label: string;
  /** Whole multiples of the bullet; several: one is drawn uniformly on capture. */
  multipliers: number[];
  spawnWeight: number;
  durationMs: number;
  jitterMs: number;
};

export const FISH_SPECIES: readonly FishSpecies[] = data.species;
/** The default RTP of a bullet, in basis points (96 %). */
export const FISH_DEFAULT_RTP_BP = 9_600;
export const FISH_MIN_RTP_BP = 8_000;
export const FISH_MAX_RTP_BP = 9_900;

export const speciesOf = (speciesId: number): FishSpecies => {
  checkInt(speciesId, 0, FISH_SPECIES.length - 1, 'species');
  return FISH_SPECIES[speciesId] as FishSpecies;
};

export type FishShotInput = RoundSeeds & {
  /** The bullet's value (the stake of the shot), minor units. */
  bulletMinor: number;
  speciesId: number;
  /** The bullet's RTP in basis points (a room setting copied into every shot). */
  rtpBp: number;
};

export type FishShotResult = {
  game: 'fishing';
  speciesId: number;
  bulletMinor: number;
  rtpBp: number;
  /** The capture draw, 0 ≤ draw < 10,000 · Σ multipliers. */
  captureDraw: number;
  captured: boolean;
  /** The multiplier paid (0 when the fish escaped). */
  multiplier: number;
  stakeMinor: number;
  payoutMinor: number;
};

/** The exact capture probability of a species: [numerator, denominator]. */
export const captureChance = (speciesId: number, rtpBp: number): [number, number] => {
  const species = speciesOf(speciesId);
  checkInt(rtpBp, FISH_MIN_RTP_BP, FISH_MAX_RTP_BP, 'bullet RTP');
  const sum = species.multipliers.reduce((a, b) => a + b, 0);
  return [rtpBp * species.multipliers.length, 10_000 * sum];
};

/** Exact RTP of a shot at a species: P(capture) · mean multiplier. */
export const fishRtp = (speciesId: number, rtpBp: number): Ratio => {
  const [hits, of] = captureChance(speciesId, rtpBp);
  const m = speciesOf(speciesId).multipliers;
  return ratio(BigInt(hits) * BigInt(m.reduce((a, b) => a + b, 0)), BigInt(of) * BigInt(m.length));
};

export const fishShot = (input: FishShotInput): FishShotResult => {
  const bulletMinor = checkBet(input.bulletMinor);
  const [hits, of] = captureChance(input.speciesId, input.rtpBp);
  const species = FISH_SPECIES[input.speciesId] as FishSpecies;
  const stream = createByteStream(input);
  const captureDraw = stream.uniformInt(of);
  const captured = captureDraw < hits;
  const count = species.multipliers.length;
  const multiplier = captured ? (species.multipliers[count > 1 ? stream.uniformInt(count) : 0] as number) : 0;
  const payout = BigInt(bulletMinor) * BigInt(multiplier);
  if (payout > BigInt(Number.MAX_SAFE_INTEGER)) throw new FairError('bad_bet', 'bullet too large');
  return {
    game: 'fishing',
    speciesId: input.speciesId,
    bulletMinor,
    rtpBp: input.rtpBp,
    captureDraw,
    captured,
    multiplier,
    stakeMinor: bulletMinor,
    payoutMinor: Number(payout),
  };
};

/** Several shots settled together (one debit, one credit): each result stays verifiable by its nonce. */
export const settleShots = (shots: readonly FishShotInput[]) => {
  const nonces = new Set<number>();
  const results = shots.map((shot) => {
    if (nonces.has(shot.nonce)) throw new FairError('bad_nonce', 'each shot has its own nonce');
    nonces.add(shot.nonce);
    return fishShot(shot);
  });
  let stakeMinor = 0;
  let payoutMinor = 0;
  for (const r of results) {
    stakeMinor += r.stakeMinor;
    payoutMinor += r.payoutMinor;
  }
  if (!Number.isSafeInteger(stakeMinor) || !Number.isSafeInteger(payoutMinor))
    throw new FairError('bad_bet', 'batch too large');
  return { results, stakeMinor, payoutMinor };
};
