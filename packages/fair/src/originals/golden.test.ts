/**
 * Golden vectors of the originals, produced by the independent Python reference written from the
 * README (packages/fair/reference/fair_engines.py), never by these engines.
 */
import { describe, expect, it } from 'vitest';
import golden from './golden.json';
import {
  crashChain,
  crashPointX100,
  type DiceDirection,
  type PlinkoRisk,
  playDice,
  playLimbo,
  playMines,
  playPlinko,
  playTower,
  playWheel,
  settleCrashBet,
  type TowerDifficulty,
  type WheelRisk,
} from './index';

const pick = <T extends object>(result: T, expected: object) =>
  Object.fromEntries(Object.keys(expected).map((k) => [k, (result as Record<string, unknown>)[k]]));

describe('originals match the independent reference', () => {
  it('dice', () => {
    for (const { input, expected } of golden.dice) {
      const r = playDice({ ...input, direction: input.direction as DiceDirection });
      expect(pick(r, expected), JSON.stringify(input)).toEqual(expected);
    }
  });
  it('limbo', () => {
    for (const { input, expected } of golden.limbo)
      expect(pick(playLimbo(input), expected)).toEqual(expected);
  });
  it('plinko', () => {
    for (const { input, expected } of golden.plinko)
      expect(pick(playPlinko({ ...input, risk: input.risk as PlinkoRisk }), expected)).toEqual(expected);
  });
  it('mines', () => {
    for (const { input, expected } of golden.mines)
      expect(pick(playMines(input), expected)).toEqual(expected);
  });
  it('wheel', () => {
    for (const { input, expected } of golden.wheel)
      expect(pick(playWheel({ ...input, risk: input.risk as WheelRisk }), expected)).toEqual(expected);
  });
  it('tower', () => {
    for (const { input, expected } of golden.tower)
      expect(
        pick(playTower({ ...input, difficulty: input.difficulty as TowerDifficulty }), expected),
      ).toEqual(expected);
  });
  it("crash: the chain, each round's crash point and the bets", () => {
    const c = golden.crash;
    const chain = crashChain(c.seed, c.length);
    expect(chain[0]).toBe(c.terminal);
    for (const round of c.rounds) {
      expect(chain[round.round]).toBe(round.hash);
      expect(crashPointX100(round.hash, c.salt)).toBe(round.crashX100);
    }
    for (const bet of c.bets) {
      const crashX100 = c.rounds.find((r) => r.round === bet.round)?.crashX100 as number;
      expect(
        settleCrashBet({ betMinor: bet.betMinor, cashoutX100: bet.cashoutX100, crashX100 }).payoutMinor,
      ).toBe(bet.payoutMinor);
    }
  });
});
