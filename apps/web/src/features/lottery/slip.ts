/**
 * The bet slip's rules (pure): a slip line is one bet of the betting page; its label, its cost
 * and quick pick. Amounts are minor-unit bigints, never floats.
 */

import { formatTwoDigits } from '../../shared/format/locale';

export type SlipLine = {
  id: string;
  betType: string;
  selection: { numbers?: number[]; position?: number; side?: string };
  stakeMinor: bigint;
};

/** The slip's total cost: the sum of its stakes. */
export const slipCost = (lines: readonly SlipLine[]) =>
  lines.reduce((sum, line) => sum + line.stakeMinor, 0n);

/** The largest win of a line under its bet type's table (thousandths): stake × best multiplier. */
export const bestWinOf = (line: SlipLine, table: Record<string, number> | undefined) => {
  if (!table) return 0n;
  let best = 0;
  if (line.betType === 'pick') {
    const picks = line.selection.numbers?.length ?? 0;
    for (let hits = 0; hits <= picks; hits++) best = Math.max(best, table[`${picks}:${hits}`] ?? 0);
  } else if (line.betType === 'dragontiger') best = table[line.selection.side ?? ''] ?? 0;
  else best = table.hit ?? 0;
  return (line.stakeMinor * BigInt(best)) / 1000n;
};

/** `count` distinct numbers of min..max, from the browser's CSPRNG (a player's quick pick). */
export const quickPick = (count: number, min: number, max: number) => {
  const picked = new Set<number>();
  const buffer = new Uint32Array(1);
  while (picked.size < count) {
    crypto.getRandomValues(buffer);
    picked.add(min + ((buffer[0] ?? 0) % (max - min + 1)));
  }
  return [...picked].sort((a, b) => a - b);
};

/** What the numbers of a kind are: range and how many a pick may hold. */
export const KIND_NUMBERS: Record<string, { min: number; max: number; picks: number; digits: number }> = {
  keno: { min: 1, max: 80, picks: 10, digits: 0 },
  lotto545: { min: 1, max: 45, picks: 5, digits: 0 },
  lotto655: { min: 1, max: 55, picks: 6, digits: 0 },
  digits3: { min: 0, max: 9, picks: 0, digits: 3 },
  digits4: { min: 0, max: 9, picks: 0, digits: 4 },
  digits5: { min: 0, max: 9, picks: 0, digits: 5 },
  racing10: { min: 1, max: 10, picks: 0, digits: 0 },
};

/** Seconds left of a countdown to `at` (epoch ms) on the server's clock, never below 0. */
export const secondsUntil = (at: number, serverNow: number) =>
  Math.max(0, Math.ceil((at - serverNow) / 1000));

/** A countdown `mm:ss` in the language's digits: 75 → "01:15" (en), "০১:১৫" (bn). */
export const formatClock = (seconds: number, language = 'en') => {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${formatTwoDigits(m, language)}:${formatTwoDigits(s, language)}`;
};
