/**
 * Wheel: 10, 20, 30, 40 or 50 segments, three risk levels. One draw: segment = uniformInt(segments),
 * paying `WHEEL_TABLES[risk][segments][segment]` hundredths. Every table's multipliers sum to
 * 99 × segments hundredths, so the exact RTP of every wheel is 99 %.
 */
import { createByteStream } from '../rng';
import { checkBet, checkOneOf, hundredths, type Multiplier, payoutOf, type RoundSeeds } from './common';
import tables from './wheel-tables.json';

export type WheelRisk = 'low' | 'medium' | 'high';
export const WHEEL_RISKS: readonly WheelRisk[] = ['low', 'medium', 'high'];
export const WHEEL_SEGMENTS: readonly number[] = [10, 20, 30, 40, 50];

export const wheelTable = (risk: WheelRisk, segments: number): readonly number[] => {
  checkOneOf(risk, WHEEL_RISKS, 'risk');
  checkOneOf(segments, WHEEL_SEGMENTS, 'segments');
  return (tables[risk] as Record<string, number[]>)[String(segments)] as number[];
};

export type WheelInput = RoundSeeds & { betMinor: number; segments: number; risk: WheelRisk };
export type WheelResult = {
  game: 'wheel';
  segments: number;
  risk: WheelRisk;
  segment: number;
  multiplier: Multiplier;
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

export const playWheel = (input: WheelInput): WheelResult => {
  const betMinor = checkBet(input.betMinor);
  const table = wheelTable(input.risk, input.segments);
  const segment = createByteStream(input).uniformInt(input.segments);
  const m = hundredths(table[segment] as number);
  const payoutMinor = payoutOf(betMinor, m);
  return {
    game: 'wheel',
    segments: input.segments,
    risk: input.risk,
    segment,
    multiplier: m,
    won: payoutMinor > 0,
    stakeMinor: betMinor,
    payoutMinor,
  };
};
