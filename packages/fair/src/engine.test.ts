import { describe, expect, it } from 'vitest';
import {
  createByteStream,
  DEFAULT_JACKPOT_ODDS,
  evaluateStops,
  FAIR_VERSION,
  FairError,
  LINES,
  type Paytable,
  rtpOf,
  type SlotState,
  spin,
  type Theme,
  themeFor,
} from './index';

const SEED = 'f1e2d3c4b5a697887766554433221100ffeeddccbbaa99887766554433221100';

/** A paytable whose strips are exactly the given columns (3 symbols each): stops [0,0,0,0,0] show them. */
const gridTable = (columns: number[][], layout: 'lines' | 'ways' = 'lines'): Paytable => ({
  key: 'test',
  layout,
  volatility: 'medium',
  family: 'fruits',
  reels: columns,
  pays: [
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 50, 200, 1000],
    [0, 0, 0, 40, 150, 500],
    [0, 0, 0, 30, 100, 400],
    [0, 0, 0, 20, 80, 300],
    [0, 0, 0, 10, 40, 150],
    [0, 0, 0, 8, 30, 120],
    [0, 0, 0, 6, 20, 100],
    [0, 0, 0, 5, 15, 80],
  ],
  scatterPays: [0, 0, 0, 40, 200, 1000],
  freeSpins: [0, 0, 0, 10, 15, 20],
  freeSpinMultiplier: 3,
  lines: layout === 'lines' ? LINES.map((l) => l.slice()) : null,
});

const ZERO = [0, 0, 0, 0, 0];

describe('line evaluation', () => {
  const columns = [
    [6, 2, 7],
    [8, 0, 8],
    [9, 2, 9],
    [8, 5, 9],
    [7, 3, 6],
  ];

  it('lets the wild stand in for the line symbol', () => {
    const e = evaluateStops(gridTable(columns), ZERO);
    expect(e.grid).toEqual(columns);
    expect(e.wins).toEqual([
      {
        kind: 'line',
        line: 0,
        symbol: 2,
        count: 3,
        ways: 1,
        cells: [
          [0, 1],
          [1, 1],
          [2, 1],
        ],
        coins: 50,
      },
    ]);
    expect(e.coins).toBe(50);
  });

  it('pays nothing without the wild, and 4 of a kind when the run goes on', () => {
    const noWild = columns.map((c) => c.slice());
    (noWild[1] as number[])[1] = 8;
    expect(evaluateStops(gridTable(noWild), ZERO).wins).toEqual([]);
    const four = columns.map((c) => c.slice());
    (four[3] as number[])[1] = 2;
    const e = evaluateStops(gridTable(four), ZERO);
    expect(e.wins.map((w) => [w.line, w.symbol, w.count, w.coins])).toEqual([[0, 2, 4, 200]]);
  });

  it('pays every line separately, e.g. three full rows', () => {
    const rows = [0, 1, 2, 3, 4].map(() => [2, 3, 4]);
    const e = evaluateStops(gridTable(rows), ZERO);
    const byLine = new Map(e.wins.map((w) => [w.line, w]));
    expect(byLine.get(0)?.coins).toBe(500); // centre row: 5 × symbol 3
    expect(byLine.get(1)?.coins).toBe(1000); // top row: 5 × symbol 2
    expect(byLine.get(2)?.coins).toBe(400); // bottom row: 5 × symbol 4
    expect(e.coins).toBe(e.wins.reduce((s, w) => s + w.coins, 0));
  });

  it('never lets the wild stand in for the scatter', () => {
    const e = evaluateStops(
      gridTable([
        [1, 6, 7],
        [0, 8, 8],
        [1, 9, 9],
        [8, 6, 9],
        [7, 8, 6],
      ]),
      ZERO,
    );
    expect(e.scatterCount).toBe(2);
    expect(e.freeSpinsAwarded).toBe(0);
    expect(e.wins.filter((w) => w.kind === 'scatter')).toEqual([]);
  });
});

describe('ways evaluation', () => {
  it('multiplies the matching cells of each reel, wild included', () => {
    const e = evaluateStops(
      gridTable(
        [
          [6, 2, 7],
          [8, 0, 8],
          [2, 2, 0],
          [8, 5, 9],
          [7, 3, 6],
        ],
        'ways',
      ),
      ZERO,
    );
    const bySymbol = new Map(e.wins.map((w) => [w.symbol, w]));
    // symbol 2: reel 1 one cell, reel 2 the wild, reel 3 all three (2, 2, wild) → 3 ways of 3.
    expect(bySymbol.get(2)).toMatchObject({ kind: 'ways', count: 3, ways: 3, coins: 150 });
    // symbols 6 and 7: one cell, the wild, the wild → 1 way of 3 each.
    expect(bySymbol.get(6)).toMatchObject({ count: 3, ways: 1, coins: 10 });
    expect(bySymbol.get(7)).toMatchObject({ count: 3, ways: 1, coins: 8 });
    expect(e.wins).toHaveLength(3);
    expect(e.coins).toBe(168);
  });
});

describe('scatter', () => {
  it('pays anywhere and awards free spins at 3+', () => {
    const table = gridTable([
      [1, 6, 7],
      [8, 8, 8],
      [9, 9, 1],
      [8, 6, 9],
      [7, 1, 6],
    ]);
    const e = evaluateStops(table, ZERO);
    expect(e.scatterCount).toBe(3);
    expect(e.freeSpinsAwarded).toBe(10);
    expect(e.wins).toEqual([
      {
        kind: 'scatter',
        line: null,
        symbol: 1,
        count: 3,
        ways: 1,
        cells: [
          [0, 0],
          [2, 2],
          [4, 1],
        ],
        coins: 40,
      },
    ]);
  });
});

/**
 * A theme whose strips show a scatter in 3 of 10 windows: free spins come often (about 1 spin in
 * 6) and retrigger, while a feature still ends (r ≈ 0.5 < 1).
 */
const scatterTheme = (): Theme => {
  const base = themeFor({ nodeId: 'test-rng-0001', name: 'Lucky Cherry' });
  const strip = [1, 6, 7, 2, 8, 9, 3, 4, 5, 6];
  const table: Paytable = {
    ...gridTable([strip]),
    reels: [strip, [1, 0, 7, 2, 8, 9, 3, 4, 5, 6], strip, strip, [1, 6, 0, 2, 8, 9, 3, 4, 5, 6]],
    freeSpins: [0, 0, 0, 3, 4, 5],
  };
  return { ...base, paytable: table };
};

describe('spin', () => {
  const theme = themeFor({ nodeId: 'jili-rng-0001', name: 'Golden Dragon' });

  it('keeps outcomes of FAIR_VERSION 1 (golden vectors: a change here must bump the version)', () => {
    const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    expect(FAIR_VERSION).toBe(1);
    expect(theme.paytable.key).toBe('ways-high-asian');
    expect(rtpOf(theme.paytable).rtp).toMatchObject({ numerator: 6841525501n, denominator: 7126600320n });
    const at = (nonce: number) =>
      spin({ serverSeed: seed, clientSeed: 'player-seed', nonce, theme, betMinor: 100, state: null });
    expect(at(0)).toMatchObject({ stops: [26, 32, 7, 22, 34], winMinor: 0 });
    const win = at(1);
    expect(win.stops).toEqual([13, 10, 28, 0, 9]);
    expect(win.winMinor).toBe(920);
    expect(win.wins.map((w) => [w.kind, w.symbol, w.count, w.ways, w.coins])).toEqual([
      ['ways', 9, 5, 8, 184],
    ]);
  });

  it('is deterministic and draws the stops from the stream, then the jackpot draw', () => {
    const input = { serverSeed: SEED, clientSeed: 'me', nonce: 42, theme, betMinor: 200, state: null };
    const a = spin(input);
    expect(spin(input)).toEqual(a);
    const stream = createByteStream(input);
    const stops = theme.paytable.reels.map((s) => stream.uniformInt(s.length));
    expect(a.stops).toEqual(stops);
    expect(a.jackpotHit).toBe(stream.uniformInt(DEFAULT_JACKPOT_ODDS) === 0);
    const e = evaluateStops(theme.paytable, stops);
    expect(a.grid).toEqual(e.grid);
    expect(a.coinMinor).toBe(10);
    expect(a.winMinor).toBe(e.coins * 10);
    expect(a.stakeMinor).toBe(200);
    expect(a.kind).toBe('paid');
    expect(a.multiplier).toBe(1);
    expect(a.wins.map((w) => w.winMinor)).toEqual(e.wins.map((w) => w.coins * 10));
  });

  it('plays free-spin features: award, multiplier, retriggers, state, totals', () => {
    const t = scatterTheme();
    const bet = 100;
    let nonce = 0;
    let features = 0;
    let retriggers = 0;
    while ((features < 3 || retriggers === 0) && nonce < 20_000) {
      const first = spin({
        serverSeed: SEED,
        clientSeed: 'fs',
        nonce: nonce++,
        theme: t,
        betMinor: bet,
        state: null,
      });
      if (first.freeSpinsAwarded === 0) {
        expect(first.nextState).toBeNull();
        continue;
      }
      features += 1;
      expect(first.kind).toBe('paid');
      expect(first.nextState).toEqual({
        freeSpinsRemaining: first.freeSpinsAwarded,
        freeSpinsPlayed: 0,
        multiplier: 3,
        betMinor: bet,
        featureWinMinor: first.winMinor,
      });
      let state: SlotState | null = first.nextState;
      let total = first.winMinor;
      let played = 0;
      while (state) {
        const before: SlotState = state;
        const r = spin({
          serverSeed: SEED,
          clientSeed: 'fs',
          nonce: nonce++,
          theme: t,
          betMinor: bet,
          state,
        });
        const e = evaluateStops(t.paytable, r.stops);
        expect(r.kind).toBe('free');
        expect(r.stakeMinor).toBe(0);
        expect(r.multiplier).toBe(3);
        expect(r.jackpotHit).toBe(false);
        expect(r.winMinor).toBe(e.coins * (bet / 20) * 3);
        expect(r.freeSpinsAwarded).toBe(e.freeSpinsAwarded);
        expect(r.freeSpinsRemaining).toBe(before.freeSpinsRemaining - 1 + r.freeSpinsAwarded);
        if (r.freeSpinsAwarded > 0) retriggers += 1;
        total += r.winMinor;
        played += 1;
        expect(r.featureWinMinor).toBe(total);
        state = r.nextState;
        if (state) expect(state.freeSpinsPlayed).toBe(played);
        else expect(r.freeSpinsRemaining).toBe(0);
      }
      expect(played).toBeGreaterThanOrEqual(first.freeSpinsAwarded);
    }
    expect(features).toBeGreaterThanOrEqual(3);
    expect(retriggers).toBeGreaterThan(0);
  });

  it('pays the jackpot only on paid spins, at the configured odds', () => {
    const t = scatterTheme();
    const paid = spin({
      serverSeed: SEED,
      clientSeed: 'jp',
      nonce: 1,
      theme: t,
      betMinor: 20,
      state: null,
      jackpotOdds: 1,
    });
    expect(paid.jackpotHit).toBe(true);
    const state: SlotState = {
      freeSpinsRemaining: 2,
      freeSpinsPlayed: 0,
      multiplier: 3,
      betMinor: 20,
      featureWinMinor: 0,
    };
    const free = spin({
      serverSeed: SEED,
      clientSeed: 'jp',
      nonce: 2,
      theme: t,
      betMinor: 20,
      state,
      jackpotOdds: 1,
    });
    expect(free.jackpotHit).toBe(false);
    let hits = 0;
    for (let nonce = 0; nonce < 400; nonce++) {
      const r = spin({
        serverSeed: SEED,
        clientSeed: 'jp',
        nonce,
        theme,
        betMinor: 20,
        state: null,
        jackpotOdds: 4,
      });
      const stream = createByteStream({ serverSeed: SEED, clientSeed: 'jp', nonce });
      for (const s of theme.paytable.reels) stream.uniformInt(s.length);
      expect(r.jackpotHit).toBe(stream.uniformInt(4) === 0);
      if (r.jackpotHit) hits += 1;
    }
    expect(hits).toBeGreaterThan(60);
    expect(hits).toBeLessThan(140);
  });

  it('refuses bad bets and states', () => {
    const base = { serverSeed: SEED, clientSeed: 'x', nonce: 0, theme, state: null };
    for (const betMinor of [0, -20, 30, 1.5, 20_000_000_000]) {
      expect(() => spin({ ...base, betMinor })).toThrow(FairError);
    }
    const state: SlotState = {
      freeSpinsRemaining: 3,
      freeSpinsPlayed: 0,
      multiplier: theme.paytable.freeSpinMultiplier,
      betMinor: 40,
      featureWinMinor: 0,
    };
    expect(() => spin({ ...base, betMinor: 20, state })).toThrow(/triggering bet/);
    expect(() => spin({ ...base, betMinor: 40, state: { ...state, multiplier: 99 } })).toThrow(FairError);
    expect(spin({ ...base, betMinor: 40, state }).kind).toBe('free');
    // A finished feature (0 left) is the base game again.
    expect(spin({ ...base, betMinor: 20, state: { ...state, freeSpinsRemaining: 0 } }).kind).toBe('paid');
    expect(() => spin({ ...base, betMinor: 20, jackpotOdds: 0 })).toThrow(FairError);
  });
});
