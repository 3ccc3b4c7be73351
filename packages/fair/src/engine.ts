/**
 * The slot engine: 5 reels × 3 rows, 20 paylines or 243 ways, a wild on reels 2–5 that stands in
 * for every paying symbol (never for the scatter; it pays nothing by itself), a scatter that pays
 * anywhere and awards free spins at 3+, free spins with the paytable's multiplier (they can
 * retrigger), and the progressive jackpot draw on paid spins.
 *
 * Bet: `betMinor` is the total stake of a spin, a positive multiple of BET_COINS (20). One coin
 * is betMinor / 20: a lines game stakes one coin per line, a ways game 20 coins on all ways.
 * Every pay is a whole number of coins, so every win is an integer number of minor units.
 */
import { createByteStream, FairError } from './rng';
import type { Cell, Paytable, SlotState, SlotWin, SpinInput, SpinResult } from './types';

/**
 * Version of the outcome mapping (stream layout, draw order, themes, strips, pays). Bump it on any
 * change that gives a different outcome for the same inputs, and keep the old code able to verify
 * old rounds; the server stores it with each round.
 */
export const FAIR_VERSION = 1;
export const BET_COINS = 20;
/** Default odds of the jackpot draw: 1 in 2,000,000 paid spins. */
export const DEFAULT_JACKPOT_ODDS = 2_000_000;
/** The largest bet: keeps the largest possible win (well under 100,000 × bet) a safe integer. */
export const MAX_BET_MINOR = 1_000_000_000;

export const WILD = 0;
export const SCATTER = 1;
export const REELS = 5;
export const ROWS = 3;

export const isValidBet = (betMinor: unknown): betMinor is number =>
  typeof betMinor === 'number' &&
  Number.isSafeInteger(betMinor) &&
  betMinor > 0 &&
  betMinor <= MAX_BET_MINOR &&
  betMinor % BET_COINS === 0;

/** The 3 symbols reel `reel` shows at `stop`. */
export const windowOf = (strip: readonly number[], stop: number): number[] => {
  const n = strip.length;
  return [strip[stop % n] as number, strip[(stop + 1) % n] as number, strip[(stop + 2) % n] as number];
};

/** A win in coins (no multiplier, no money): what `evaluateStops` finds. */
export type CoinWin = Omit<SlotWin, 'winMinor'>;

export type Evaluation = {
  grid: number[][];
  wins: CoinWin[];
  /** Sum of the wins' coins. */
  coins: number;
  scatterCount: number;
  freeSpinsAwarded: number;
};

const lineWins = (table: Paytable, grid: number[][], wins: CoinWin[]) => {
  const lines = table.lines ?? [];
  for (let line = 0; line < lines.length; line++) {
    const rows = lines[line] as number[];
    const first = (grid[0] as number[])[rows[0] as number] as number;
    if (first === WILD || first === SCATTER) continue;
    let count = 1;
    while (count < REELS) {
      const s = (grid[count] as number[])[rows[count] as number];
      if (s !== first && s !== WILD) break;
      count += 1;
    }
    const coins = (table.pays[first] as number[])[count] ?? 0;
    if (coins > 0) {
      const cells: Cell[] = [];
      for (let r = 0; r < count; r++) cells.push([r, rows[r] as number]);
      wins.push({ kind: 'line', line, symbol: first, count, ways: 1, cells, coins });
    }
  }
};

const waysWins = (table: Paytable, grid: number[][], wins: CoinWin[]) => {
  const firstReel = grid[0] as number[];
  for (let i = 0; i < ROWS; i++) {
    const symbol = firstReel[i] as number;
    if (symbol === WILD || symbol === SCATTER || firstReel.indexOf(symbol) < i) continue;
    let ways = 1;
    let count = 0;
    for (let r = 0; r < REELS; r++) {
      const column = grid[r] as number[];
      let matches = 0;
      for (let row = 0; row < ROWS; row++) if (column[row] === symbol || column[row] === WILD) matches += 1;
      if (matches === 0) break;
      ways *= matches;
      count += 1;
    }
    const pay = (table.pays[symbol] as number[])[count] ?? 0;
    if (pay > 0) {
      const cells: Cell[] = [];
      for (let r = 0; r < count; r++) {
        const column = grid[r] as number[];
        for (let row = 0; row < ROWS; row++)
          if (column[row] === symbol || column[row] === WILD) cells.push([r, row]);
      }
      wins.push({ kind: 'ways', line: null, symbol, count, ways, cells, coins: pay * ways });
    }
  }
};

/**
 * The wins of the grid at `stops`, in coins, without multiplier: line or ways wins, then the
 * scatter win (3+ scatters pay `scatterPays` and award `freeSpins`). Pure; used by `spin` and by tests.
 */
export const evaluateStops = (table: Paytable, stops: readonly number[]): Evaluation => {
  if (stops.length !== REELS) throw new FairError('bad_range', 'five reel stops are needed');
  const grid: number[][] = [];
  for (let r = 0; r < REELS; r++) {
    const strip = table.reels[r] as number[];
    const stop = stops[r] as number;
    if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length)
      throw new FairError('bad_range', `stop ${stop} is off reel ${r + 1}`);
    grid.push(windowOf(strip, stop));
  }
  const wins: CoinWin[] = [];
  if (table.layout === 'lines') lineWins(table, grid, wins);
  else waysWins(table, grid, wins);
  let scatterCount = 0;
  for (let r = 0; r < REELS; r++)
    for (let row = 0; row < ROWS; row++) if (grid[r]?.[row] === SCATTER) scatterCount += 1;
  const scatterCoins = table.scatterPays[Math.min(scatterCount, table.scatterPays.length - 1)] ?? 0;
  const freeSpinsAwarded = table.freeSpins[Math.min(scatterCount, table.freeSpins.length - 1)] ?? 0;
  if (scatterCoins > 0 || freeSpinsAwarded > 0) {
    const cells: Cell[] = [];
    for (let r = 0; r < REELS; r++)
      for (let row = 0; row < ROWS; row++) if (grid[r]?.[row] === SCATTER) cells.push([r, row]);
    wins.push({
      kind: 'scatter',
      line: null,
      symbol: SCATTER,
      count: scatterCount,
      ways: 1,
      cells,
      coins: scatterCoins,
    });
  }
  let coins = 0;
  for (const w of wins) coins += w.coins;
  return { grid, wins, coins, scatterCount, freeSpinsAwarded };
};

const checkState = (state: SlotState, table: Paytable) => {
  const ok =
    Number.isSafeInteger(state.freeSpinsRemaining) &&
    state.freeSpinsRemaining > 0 &&
    Number.isSafeInteger(state.freeSpinsPlayed) &&
    state.freeSpinsPlayed >= 0 &&
    state.multiplier === table.freeSpinMultiplier &&
    isValidBet(state.betMinor) &&
    Number.isSafeInteger(state.featureWinMinor) &&
    state.featureWinMinor >= 0;
  if (!ok) throw new FairError('bad_state', 'the free-spin state is not valid for this game');
};

/**
 * One spin, fully determined by its inputs. A paid spin (state null or no free spins left)
 * stakes `betMinor`; a free spin plays at `state.betMinor` (the `betMinor` given must equal it)
 * and stakes nothing. Draw order: reel 1–5 stops, then the jackpot draw.
 */
export const spin = (input: SpinInput): SpinResult => {
  const { theme, betMinor } = input;
  const table = theme.paytable;
  const state = input.state && input.state.freeSpinsRemaining > 0 ? input.state : null;
  const jackpotOdds = input.jackpotOdds ?? DEFAULT_JACKPOT_ODDS;
  if (!isValidBet(betMinor))
    throw new FairError('bad_bet', `bet must be a positive multiple of ${BET_COINS} minor units`);
  if (!Number.isSafeInteger(jackpotOdds) || jackpotOdds < 1 || jackpotOdds > 2 ** 32)
    throw new FairError('bad_range', 'jackpot odds must be an integer in 1..2^32');
  if (state) {
    checkState(state, table);
    if (state.betMinor !== betMinor) throw new FairError('bad_bet', 'free spins play at the triggering bet');
  }

  const stream = createByteStream(input);
  const stops = table.reels.map((strip) => stream.uniformInt(strip.length));
  const jackpotDraw = stream.uniformInt(jackpotOdds);

  const evaluation = evaluateStops(table, stops);
  const coinMinor = betMinor / BET_COINS;
  const multiplier = state ? state.multiplier : 1;
  const wins: SlotWin[] = evaluation.wins.map((w) => ({ ...w, winMinor: w.coins * coinMinor * multiplier }));
  const winMinor = evaluation.coins * coinMinor * multiplier;
  const awarded = evaluation.freeSpinsAwarded;

  let nextState: SlotState | null;
  let featureWinMinor: number;
  if (state) {
    featureWinMinor = state.featureWinMinor + winMinor;
    const remaining = state.freeSpinsRemaining - 1 + awarded;
    nextState =
      remaining > 0
        ? {
            freeSpinsRemaining: remaining,
            freeSpinsPlayed: state.freeSpinsPlayed + 1,
            multiplier,
            betMinor,
            featureWinMinor,
          }
        : null;
  } else {
    featureWinMinor = winMinor;
    nextState =
      awarded > 0
        ? {
            freeSpinsRemaining: awarded,
            freeSpinsPlayed: 0,
            multiplier: table.freeSpinMultiplier,
            betMinor,
            featureWinMinor: winMinor,
          }
        : null;
  }

  return {
    kind: state ? 'free' : 'paid',
    stakeMinor: state ? 0 : betMinor,
    betMinor,
    coinMinor,
    stops,
    grid: evaluation.grid,
    multiplier,
    wins,
    scatterCount: evaluation.scatterCount,
    freeSpinsAwarded: awarded,
    freeSpinsRemaining: nextState?.freeSpinsRemaining ?? 0,
    jackpotHit: state === null && jackpotDraw === 0,
    winMinor,
    featureWinMinor,
    nextState,
  };
};
