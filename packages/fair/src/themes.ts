/**
 * Themes: every catalogue game gets a look and a paytable derived from its node id and English
 * name, with no table to keep. h = sha256(`${nodeId}|${name}`):
 * - symbol family: the right-most word of the name that names one (Dragon → asian, Cherry →
 *   fruits…), else h[0] mod 8;
 * - layout: ways when the name says "Megaways" or "Ways", lines when it says "Lines", else ways
 *   when h[1] < 96 (about 3 in 8);
 * - volatility: high for "Blitz", "Mega", "Crazy", "Thunder", "Bonanza"; low for "Happy",
 *   "Sweet", "Classic"; else h[2] mod 3;
 * - colours: a hue from h[3..4].
 * The paytable is a function of (layout, volatility, family) only — 48 of them — built once and
 * cached by its key: fixed reel compositions per volatility, arranged per key by a seeded shuffle,
 * pay templates per volatility, then a whole-number pay scale searched so that the exact RTP
 * (base game + free spins) is just under 96 %, then single pay entries raised coin by coin to close
 * the gap; a paytable outside 96 ± 0.5 % throws (tests and `npm run rtp` check all 48).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createByteStream, FairError } from './rng';
import { RTP_TARGET, rtpInBand, rtpOf } from './rtp';
import { colorsOf, FAMILY_WORDS, GLYPHS, HIGH_WORDS, LOW_WORDS, symbolsOf, wordsOf } from './theme-looks';
import type { Layout, Paytable, SymbolFamily, Theme, Volatility } from './types';

export const LAYOUTS: readonly Layout[] = ['lines', 'ways'];
export const VOLATILITIES: readonly Volatility[] = ['low', 'medium', 'high'];
export const SYMBOL_FAMILIES: readonly SymbolFamily[] = [
  'fruits',
  'gems',
  'jungle',
  'egypt',
  'asian',
  'ocean',
  'space',
  'festival',
];

/** The 20 paylines: the row (0 top, 1 middle, 2 bottom) on reels 1–5. Line 0 is the centre line. */
export const LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/**
 * Reel compositions per volatility: copies of each symbol id on a strip, [wild, scatter, h1..h4,
 * l1..l4]; reel 1 never holds a wild. One scatter per strip, so a window shows at most one.
 */
const COMPOSITION: Record<Volatility, { first: number[]; other: number[] }> = {
  low: { first: [0, 1, 2, 3, 3, 4, 5, 5, 6, 6], other: [2, 1, 2, 3, 3, 4, 5, 5, 6, 6] },
  medium: { first: [0, 1, 2, 2, 3, 3, 5, 6, 6, 7], other: [2, 1, 2, 2, 3, 3, 5, 6, 6, 7] },
  high: { first: [0, 1, 1, 2, 2, 3, 6, 6, 7, 7], other: [1, 1, 1, 2, 2, 3, 6, 6, 7, 7] },
};

/** Pay templates (coins for 3, 4, 5 of a kind) of h1..h4, l1..l4, before scaling. */
const PAY_TEMPLATE: Record<Volatility, readonly (readonly [number, number, number])[]> = {
  low: [
    [150, 500, 1500],
    [120, 400, 1200],
    [100, 300, 1000],
    [80, 250, 800],
    [50, 150, 500],
    [50, 120, 400],
    [40, 100, 300],
    [30, 80, 250],
  ],
  medium: [
    [250, 1000, 4000],
    [200, 750, 2500],
    [150, 500, 1500],
    [100, 400, 1200],
    [50, 200, 600],
    [50, 150, 500],
    [40, 120, 400],
    [30, 100, 300],
  ],
  high: [
    [500, 2500, 20000],
    [300, 1500, 7500],
    [200, 1000, 4000],
    [150, 600, 2500],
    [50, 200, 800],
    [50, 150, 600],
    [40, 120, 500],
    [30, 100, 400],
  ],
};

/** Scatter pays (coins; 20 coins = 1× bet) and free spins for 0–5 scatters, and the free-spin multiplier. */
const FEATURE: Record<Volatility, { scatterPays: number[]; freeSpins: number[]; multiplier: number }> = {
  low: { scatterPays: [0, 0, 0, 40, 200, 1000], freeSpins: [0, 0, 0, 8, 12, 20], multiplier: 2 },
  medium: { scatterPays: [0, 0, 0, 40, 200, 1000], freeSpins: [0, 0, 0, 10, 15, 20], multiplier: 2 },
  high: { scatterPays: [0, 0, 0, 20, 200, 2000], freeSpins: [0, 0, 0, 10, 15, 25], multiplier: 3 },
};

/** Deterministic shuffle of a strip, driven by the package's own HMAC stream with fixed seeds. */
const shuffled = (items: number[], seedText: string): number[] => {
  const serverSeed = bytesToHex(sha256(utf8ToBytes(`khela-fair-strip|${seedText}`)));
  const stream = createByteStream({ serverSeed, clientSeed: 'strip', nonce: 0 });
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = stream.uniformInt(i + 1);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
};

const buildReels = (key: string, volatility: Volatility): number[][] => {
  const { first, other } = COMPOSITION[volatility];
  return [0, 1, 2, 3, 4].map((reel) => {
    const counts = reel === 0 ? first : other;
    const items: number[] = [];
    counts.forEach((n, symbol) => {
      for (let c = 0; c < n; c++) items.push(symbol);
    });
    return shuffled(items, `${key}|${reel}`);
  });
};

/** Pays of the template scaled by k/1000 (rounded half up; a non-zero pay stays ≥ 1 coin). */
const scaledPays = (volatility: Volatility, layout: Layout, k: number): number[][] => {
  // A ways spin sees far more winning combinations than one line: start its template lower.
  const divisor = layout === 'ways' ? 20 : 1;
  const pays: number[][] = [
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
  ];
  for (const [p3, p4, p5] of PAY_TEMPLATE[volatility]) {
    const scale = (p: number) => Math.max(1, Math.floor((p * k + 500 * divisor) / (1000 * divisor)));
    pays.push([0, 0, 0, scale(p3), scale(p4), scale(p5)]);
  }
  return pays;
};

const tableCache = new Map<string, Paytable>();

const deepFreeze = (value: unknown) => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
};

/**
 * The paytable of (layout, volatility, family), built and tuned on first use, then cached.
 * Tuning: k (pays × k/1000) is the largest whole number whose exact RTP stays below 96 % (RTP only
 * grows with k, so a binary search finds it); then the fill described below.
 */
export const paytableFor = (layout: Layout, volatility: Volatility, family: SymbolFamily): Paytable => {
  const key = `${layout}-${volatility}-${family}`;
  const cached = tableCache.get(key);
  if (cached) return cached;
  if (!LAYOUTS.includes(layout) || !VOLATILITIES.includes(volatility) || !SYMBOL_FAMILIES.includes(family))
    throw new FairError('bad_range', `no paytable ${key}`);
  const reels = buildReels(key, volatility);
  const feature = FEATURE[volatility];
  const make = (k: number): Paytable => ({
    key,
    layout,
    volatility,
    family,
    reels,
    pays: scaledPays(volatility, layout, k),
    scatterPays: feature.scatterPays.slice(),
    freeSpins: feature.freeSpins.slice(),
    freeSpinMultiplier: feature.multiplier,
    lines: layout === 'lines' ? LINES.map((l) => l.slice()) : null,
  });
  const target = (t: Paytable) => {
    const { numerator, denominator } = rtpOf(t).rtp;
    // sign of rtp − 0.96, compared exactly
    return numerator * 100n - 96n * denominator;
  };
  let lo = 1;
  let hi = 100_000;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (target(make(mid)) >= 0n) hi = mid;
    else lo = mid + 1;
  }
  // The coarse scale leaves RTP just under 96 % (one coin on a common 3-of-a-kind moves it by
  // about half a percent); the gap is then filled coin by coin, largest effect first, on the pay
  // entries (RTP is linear in each entry), keeping 3 ≤ 4 ≤ 5 of a kind and better symbols ≥ worse ones.
  const table = make(Math.max(1, lo - 1));
  const baseRtp = rtpOf(table).rtp.value;
  const entries: { s: number; k: number; effect: number }[] = [];
  for (let s = 2; s < table.pays.length; s++) {
    for (let k = 3; k <= 5; k++) {
      const bumped = { ...table, pays: table.pays.map((row) => row.slice()) };
      (bumped.pays[s] as number[])[k] = ((table.pays[s] as number[])[k] as number) + 1;
      entries.push({ s, k, effect: rtpOf(bumped).rtp.value - baseRtp });
    }
  }
  entries.sort((a, b) => b.effect - a.effect || a.s - b.s || a.k - b.k);
  let gap = RTP_TARGET - baseRtp;
  for (const { s, k, effect } of entries) {
    const row = table.pays[s] as number[];
    // Stay at or below the next count of the same symbol and the same count of the next better symbol.
    const above = k < 5 ? (row[k + 1] as number) : Number.POSITIVE_INFINITY;
    const better = s > 2 ? ((table.pays[s - 1] as number[])[k] as number) : Number.POSITIVE_INFINITY;
    const room = Math.min(above, better) - (row[k] as number);
    const add = Math.min(room, Math.floor(gap / effect));
    if (add <= 0) continue;
    row[k] = (row[k] as number) + add;
    gap -= add * effect;
  }
  if (!rtpInBand(rtpOf(table).rtp))
    throw new FairError('bad_range', `paytable ${key} cannot be tuned to 96 %`);
  // Shared by every game of the key: frozen so that no caller can change another game's maths.
  deepFreeze(table);
  tableCache.set(key, table);
  return table;
};

/** Every distinct paytable (2 layouts × 3 volatilities × 8 families). */
export const allPaytables = (): Paytable[] =>
  LAYOUTS.flatMap((layout) =>
    VOLATILITIES.flatMap((volatility) =>
      SYMBOL_FAMILIES.map((family) => paytableFor(layout, volatility, family)),
    ),
  );

/** The theme of a catalogue game (see the file comment). Same inputs, same theme, forever. */
export const themeFor = (input: { nodeId: string; name: string }): Theme => {
  const { nodeId, name } = input;
  if (typeof nodeId !== 'string' || nodeId.length === 0 || typeof name !== 'string')
    throw new FairError('bad_range', 'a theme needs the game node id and name');
  const h = sha256(utf8ToBytes(`${nodeId}|${name}`));
  const byte = (i: number) => h[i] as number;
  const words = wordsOf(name);
  let family: SymbolFamily | null = null;
  for (let i = words.length - 1; i >= 0 && family === null; i--) {
    const word = words[i] as string;
    family = SYMBOL_FAMILIES.find((f) => FAMILY_WORDS[f].includes(word)) ?? null;
  }
  family ??= SYMBOL_FAMILIES[byte(0) % SYMBOL_FAMILIES.length] as SymbolFamily;
  const layout: Layout = words.some((w) => w === 'megaways' || w === 'ways')
    ? 'ways'
    : words.includes('lines')
      ? 'lines'
      : byte(1) < 96
        ? 'ways'
        : 'lines';
  const volatility: Volatility = words.some((w) => HIGH_WORDS.includes(w))
    ? 'high'
    : words.some((w) => LOW_WORDS.includes(w))
      ? 'low'
      : (VOLATILITIES[byte(2) % 3] as Volatility);
  const hue = ((byte(3) << 8) | byte(4)) % 360;
  return {
    nodeId,
    name,
    family,
    layout,
    volatility,
    colors: colorsOf(hue),
    symbols: symbolsOf(family),
    jackpotGlyph: GLYPHS[family].jackpot,
    paytable: paytableFor(layout, volatility, family),
  };
};
