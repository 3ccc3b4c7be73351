/**
 * Limbo: one 32-bit draw u (0 ≤ u < 2^32) gives the result R = floor(99 · 2^32 / (u + 1))
 * hundredths, i.e. 0.99 · 2^32 / (u + 1) rounded down to a hundredth (shown clamped to
 * 1.00×–1,000,000×). A bet on target t (hundredths, 1.01×–1,000,000×) wins t when R ≥ t, which
 * happens for exactly floor(99 · 2^32 / t) of the 2^32 draws: RTP(t) = t · floor(99·2^32/t) / (100 · 2^32),
 * at most 99 % and at least 99 % − t / (100 · 2^32). Crash uses the same mapping.
 */
import { createByteStream } from '../rng';
import { checkBet, checkInt, hundredths, type Multiplier, payoutOf, type RoundSeeds } from './common';

export const MIN_TARGET_X100 = 101;
export const MAX_TARGET_X100 = 100_000_000;
const TWO_32 = 2 ** 32;

/** floor(99 · 2^32 / (u + 1)) — exact in doubles (numerator < 2^39). */
export const resultX100Of = (draw: number): number => Math.floor((99 * TWO_32) / (draw + 1));
/** The result as shown: clamped to 100 (1.00×) … 100,000,000 (1,000,000×). */
export const shownX100 = (raw: number): number => Math.min(MAX_TARGET_X100, Math.max(100, raw));

export type LimboInput = RoundSeeds & { betMinor: number; targetX100: number };
export type LimboResult = {
  game: 'limbo';
  targetX100: number;
  /** The draw's result (clamped for display); the bet wins when it is ≥ the target. */
  resultX100: number;
  won: boolean;
  /** The target as a multiplier (what a win pays per unit of bet). */
  multiplier: Multiplier;
  stakeMinor: number;
  payoutMinor: number;
};

export const playLimbo = (input: LimboInput): LimboResult => {
  const betMinor = checkBet(input.betMinor);
  const targetX100 = checkInt(input.targetX100, MIN_TARGET_X100, MAX_TARGET_X100, 'target');
  const raw = resultX100Of(createByteStream(input).nextUint32());
  const won = raw >= targetX100;
  return {
    game: 'limbo',
    targetX100,
    resultX100: shownX100(raw),
    won,
    multiplier: hundredths(targetX100),
    stakeMinor: betMinor,
    payoutMinor: won ? payoutOf(betMinor, hundredths(targetX100)) : 0,
  };
};
