import type { LegOutcome } from './odds';

/**
 * Handicap and total lines (issue 21): a line is held in quarters (−1.75 → −7), so quarter lines
 * are exact. A quarter line splits the stake into two halves on the neighbouring half and whole
 * lines (−1.75 = −1.5 and −2.0); an exact margin on a whole line is a push (stake back).
 */

type Whole = 'win' | 'push' | 'loss';

/** One half or whole line: the bettor's margin in quarters (> 0 wins, 0 pushes, < 0 loses). */
const onLine = (marginQ: number): Whole => (marginQ > 0 ? 'win' : marginQ < 0 ? 'loss' : 'push');

const combine = (a: Whole, b: Whole): LegOutcome => {
  if (a === b) return a;
  const pair = [a, b].sort().join('+');
  if (pair === 'push+win') return 'half_win';
  if (pair === 'loss+push') return 'half_loss';
  // Neighbouring lines are half a goal apart: a win and a loss at once cannot happen.
  throw new Error(`impossible split ${pair}`);
};

const isQuarter = (lineQ: number) => Math.abs(lineQ) % 2 === 1;

/** The outcome for a bettor whose adjusted margin is `baseQ + lineQ` quarters. */
const settleQuarters = (baseQ: number, lineQ: number): LegOutcome => {
  if (!Number.isInteger(lineQ)) throw new Error('line must be in quarters');
  if (!isQuarter(lineQ)) return onLine(baseQ + lineQ);
  return combine(onLine(baseQ + lineQ - 1), onLine(baseQ + lineQ + 1));
};

/**
 * Asian handicap: `lineQ` is the handicap of the side backed, in quarters (home −0.75 → −3);
 * `margin` is that side's goals less the other side's.
 */
export const handicapOutcome = (lineQ: number, margin: number): LegOutcome =>
  settleQuarters(margin * 4, lineQ);

/** Over/under a total line in quarters (2.25 → 9). */
export const totalOutcome = (side: 'over' | 'under', lineQ: number, total: number): LegOutcome =>
  side === 'over' ? settleQuarters(total * 4, -lineQ) : settleQuarters(-total * 4, lineQ);

/** A line in quarters as text: −7 → "-1.75", 0 → "0", 2 → "+0.5". */
export const formatLine = (lineQ: number, signed = true) => {
  const value = Math.abs(lineQ) / 4;
  const text = String(value);
  if (!signed) return text;
  return lineQ > 0 ? `+${text}` : lineQ < 0 ? `-${text}` : '0';
};
