/**
 * Exact RTP of every original, per mode, as bigint fractions (`Ratio`), and the declared band.
 * Each figure is the expected payout per unit of bet with the multiplier as an exact fraction; the
 * payout's rounding down to a whole minor unit costs a further < 1 minor unit per winning round.
 */
import { ratio } from '../rtp';
import type { Ratio } from '../types';
import { binomial } from './common';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, DICE_OUTCOMES, type DiceDirection, diceWinChance } from './dice';
import { MAX_TARGET_X100, MIN_TARGET_X100 } from './limbo';
import { MINES_CELLS, minesMultiplier } from './mines';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, type PlinkoRisk, plinkoTable } from './plinko';
import { TOWER_DIFFICULTIES, TOWER_LEVELS, type TowerDifficulty, towerMultiplier } from './tower';
import { WHEEL_RISKS, WHEEL_SEGMENTS, type WheelRisk, wheelTable } from './wheel';

/** Every original's exact RTP lies in [98.5 %, 99 %] (house edge 1 %–1.5 %). */
export const ORIGINALS_RTP_BAND = { low: ratio(985n, 1000n), high: ratio(99n, 100n) };
const TWO_32 = 2n ** 32n;

export const diceRtp = (direction: DiceDirection, target: number): Ratio => {
  const w = BigInt(diceWinChance(direction, target));
  // P(win) · multiplier = (W / 10,000) · (9,900 / W)
  return ratio(w * 9_900n, BigInt(DICE_OUTCOMES) * w);
};

/** Limbo and crash: a target (cash-out) t wins for floor(99·2^32/t) of the 2^32 draws and pays t/100. */
export const limboRtp = (targetX100: number): Ratio => {
  const t = BigInt(targetX100);
  return ratio(t * ((99n * TWO_32) / t), 100n * TWO_32);
};
export const crashRtp = limboRtp;
/** A proven lower bound of limbo/crash over every allowed target: 99 % − max target / (100 · 2^32). */
export const limboRtpLowerBound = (): Ratio => ratio(99n * TWO_32 - BigInt(MAX_TARGET_X100), 100n * TWO_32);

export const plinkoRtp = (risk: PlinkoRisk, rows: number): Ratio => {
  const table = plinkoTable(risk, rows);
  let sum = 0n;
  for (let k = 0; k <= rows; k++) sum += binomial(rows, k) * BigInt(table[k] as number);
  return ratio(sum, 100n * 2n ** BigInt(rows));
};

export const minesRtp = (mines: number, safe: number): Ratio => {
  const m = minesMultiplier(mines, safe);
  return ratio(
    binomial(MINES_CELLS - mines, safe) * BigInt(m.num),
    binomial(MINES_CELLS, safe) * BigInt(m.den),
  );
};

export const wheelRtp = (risk: WheelRisk, segments: number): Ratio => {
  const sum = wheelTable(risk, segments).reduce((a, b) => a + BigInt(b), 0n);
  return ratio(sum, 100n * BigInt(segments));
};

export const towerRtp = (difficulty: TowerDifficulty, levels: number): Ratio => {
  const { tiles, traps } = TOWER_DIFFICULTIES[difficulty];
  const m = towerMultiplier(difficulty, levels);
  const k = BigInt(levels);
  return ratio(BigInt(tiles - traps) ** k * BigInt(m.num), BigInt(tiles) ** k * BigInt(m.den));
};

export type ModeRtpRow = {
  game: string;
  /** The mode (risk, rows, mines…); several modes of one kind are summarised in one row. */
  mode: string;
  /** Modes the row covers. */
  modes: number;
  /** Lowest and highest exact RTP over those modes. */
  min: Ratio;
  max: Ratio;
  /** How the figure is obtained. */
  method: string;
};

const less = (a: Ratio, b: Ratio) => a.numerator * b.denominator < b.numerator * a.denominator;
export const ratioInBand = (r: Ratio, band: { low: Ratio; high: Ratio }) =>
  !less(r, band.low) && !less(band.high, r);

const summarise = (game: string, mode: string, method: string, figures: Ratio[]): ModeRtpRow => {
  let min = figures[0] as Ratio;
  let max = min;
  for (const f of figures) {
    if (less(f, min)) min = f;
    if (less(max, f)) max = f;
  }
  return { game, mode, modes: figures.length, min, max, method };
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every mode of every original with its exact RTP (limbo and crash: sampled targets plus the bound). */
export const originalsRtpRows = (): ModeRtpRow[] => {
  const rows: ModeRtpRow[] = [];
  const underTargets = range(DICE_MIN_CHANCE, DICE_MAX_CHANCE);
  const overTargets = range(DICE_OUTCOMES - 1 - DICE_MAX_CHANCE, DICE_OUTCOMES - 1 - DICE_MIN_CHANCE);
  rows.push(
    summarise(
      'dice',
      'under, every target',
      'exact',
      underTargets.map((t) => diceRtp('under', t)),
    ),
  );
  rows.push(
    summarise(
      'dice',
      'over, every target',
      'exact',
      overTargets.map((t) => diceRtp('over', t)),
    ),
  );
  const samples = [
    MIN_TARGET_X100,
    150,
    200,
    300,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    MAX_TARGET_X100,
  ];
  for (const game of ['limbo', 'crash'])
    rows.push(
      summarise(
        game,
        '1.01×–1,000,000× (bound over all targets)',
        `exact at ${samples.length} targets; all targets ≥ 99 % − 10^8/(100·2^32)`,
        [...samples.map(limboRtp), limboRtpLowerBound()],
      ),
    );
  for (const risk of PLINKO_RISKS)
    for (const r of range(PLINKO_MIN_ROWS, PLINKO_MAX_ROWS))
      rows.push(summarise('plinko', `${risk}, ${r} rows`, 'exact (binomial)', [plinkoRtp(risk, r)]));
  for (const mines of range(1, MINES_CELLS - 1))
    rows.push(
      summarise(
        'mines',
        `${mines} mines, cash out after 1–${MINES_CELLS - mines} cells`,
        'exact (combinatorics)',
        range(1, MINES_CELLS - mines).map((k) => minesRtp(mines, k)),
      ),
    );
  for (const risk of WHEEL_RISKS)
    for (const s of WHEEL_SEGMENTS)
      rows.push(summarise('wheel', `${risk}, ${s} segments`, 'exact', [wheelRtp(risk, s)]));
  for (const d of Object.keys(TOWER_DIFFICULTIES) as TowerDifficulty[])
    rows.push(
      summarise(
        'tower',
        `${d}, cash out after 1–${TOWER_LEVELS} levels`,
        'exact',
        range(1, TOWER_LEVELS).map((k) => towerRtp(d, k)),
      ),
    );
  return rows;
};
