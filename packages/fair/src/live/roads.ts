/**
 * Baccarat road maps from the results in order ('P', 'B', 'T').
 * Bead plate: every result in a grid of 6 rows, filled down each column, then the next column.
 * Big road: a column per streak of player or banker wins; a tie adds to the tie count of the last
 * cell (ties before the first win count on a leading cell with no winner); a streak longer than
 * 6 turns right along the bottom row (the "dragon tail"), and a later column that would run into
 * a cell already taken turns right there too.
 */
export type BeadCell = { col: number; row: number; code: string };
export type BigRoadCell = { col: number; row: number; code: 'P' | 'B' | ''; ties: number };

export const ROAD_ROWS = 6;

export const beadPlate = (results: readonly string[]): BeadCell[] =>
  results.map((code, i) => ({ col: Math.floor(i / ROAD_ROWS), row: i % ROAD_ROWS, code }));

export const bigRoad = (results: readonly string[]): BigRoadCell[] => {
  const cells: BigRoadCell[] = [];
  const taken = new Set<string>();
  let last: BigRoadCell | undefined;
  let streakCol = -1;
  for (const code of results) {
    if (code === 'T') {
      if (last) last.ties++;
      else {
        last = { col: 0, row: 0, code: '', ties: 1 };
        cells.push(last);
        taken.add('0:0');
        streakCol = 0;
      }
      continue;
    }
    if (code !== 'P' && code !== 'B') continue;
    let cell: BigRoadCell;
    if (last && last.code === '') {
      last.code = code;
      continue;
    }
    if (!last || last.code !== code) {
      streakCol = last ? streakCol + 1 : 0;
      cell = { col: streakCol, row: 0, code, ties: 0 };
    } else {
      const down = last.row + 1;
      const turns = down >= ROAD_ROWS || taken.has(`${last.col}:${down}`) || last.col !== streakCol;
      cell = turns
        ? { col: last.col + 1, row: last.row, code, ties: 0 }
        : { col: last.col, row: down, code, ties: 0 };
    }
    cells.push(cell);
    taken.add(`${cell.col}:${cell.row}`);
    last = cell;
  }
  return cells;
};
