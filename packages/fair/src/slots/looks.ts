/**
 * Which engine a catalogue game plays and how it looks: engine × symbol family × palette, plus the
 * classic theme's own hue and volatility, so every game gets its own look. Derived from the game's
 * node id, English name and (optionally) its catalogue classify tag, with no table to keep:
 * - engine: a classify tag "megaways" or the word "Megaways" → megaways; a tag "cluster"/"cluster_pays"
 *   or a cluster word (Cluster, Candy, Jelly, Crush, Pop, Gummy) → cluster; classify
 *   tag "hold_and_win"/"jackpot" or a hold word (Hold, Link, Cash, Coin, Coins, Money) → holdwin;
 *   otherwise g = sha256(`${nodeId}|${name}|engine`): g[0] < 140 → classic (the 5×3 lines/ways
 *   engine), < 180 → cluster, < 218 → holdwin, else megaways;
 * - palette: g[1] mod 12; family, volatility and colours: `themeFor` (the classic theme).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { FairError } from '../rng';
import { themeFor } from '../themes';
import type { SymbolFamily, ThemeColors } from '../types';
import type { EngineVolatility } from './common';
import data from './tables/palettes.json';

export type SlotEngine = 'classic' | 'cluster' | 'holdwin' | 'megaways';
export const SLOT_ENGINES: readonly SlotEngine[] = ['classic', 'cluster', 'holdwin', 'megaways'];

export type Palette = {
  key: string;
  background: string;
  surface: string;
  frame: string;
  accent: string;
  text: string;
};
export const PALETTES: readonly Palette[] = data.palettes;

/** Symbol keys per engine, by symbol id (the renderer maps family + key to its art). */
export const ENGINE_SYMBOL_KEYS: Record<SlotEngine, readonly string[]> = {
  classic: ['wild', 'scatter', 'h1', 'h2', 'h3', 'h4', 'l1', 'l2', 'l3', 'l4'],
  megaways: ['wild', 'scatter', 'h1', 'h2', 'h3', 'h4', 'l1', 'l2', 'l3', 'l4'],
  holdwin: ['wild', 'cash', 'h1', 'h2', 'h3', 'h4', 'l1', 'l2', 'l3', 'l4'],
  cluster: ['h1', 'h2', 'h3', 'l1', 'l2', 'l3'],
};

export type SlotLook = {
  engine: SlotEngine;
  volatility: EngineVolatility;
  family: SymbolFamily;
  palette: Palette;
  /** The classic theme's colours (its own hue). */
  colors: ThemeColors;
  symbolKeys: readonly string[];
  /** `${engine}-${family}-${palette.key}`: the art set; the hue makes each game distinct. */
  lookKey: string;
};

const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const CLUSTER_WORDS = ['cluster', 'candy', 'jelly', 'crush', 'pop', 'gummy'];
const HOLD_WORDS = ['hold', 'link', 'cash', 'coin', 'coins', 'money'];

export const slotLookFor = (input: {
  nodeId: string;
  name: string;
  /** The catalogue's classify tag(s), e.g. 'megaways', 'video_slot'. */
  classify?: string | readonly string[] | null;
}): SlotLook => {
  const { nodeId, name } = input;
  if (typeof nodeId !== 'string' || nodeId.length === 0 || typeof name !== 'string')
    throw new FairError('bad_range', 'a look needs the game node id and name');
  const theme = themeFor({ nodeId, name });
  const w = words(name);
  const tags = (typeof input.classify === 'string' ? [input.classify] : (input.classify ?? [])).map((t) =>
    String(t).toLowerCase(),
  );
  const g = sha256(utf8ToBytes(`${nodeId}|${name}|engine`));
  const byte = (i: number) => g[i] as number;
  let engine: SlotEngine;
  if (tags.includes('megaways') || w.includes('megaways')) engine = 'megaways';
  else if (
    tags.some((t) => t === 'cluster' || t === 'cluster_pays') ||
    w.some((x) => CLUSTER_WORDS.includes(x))
  )
    engine = 'cluster';
  else if (tags.some((t) => t === 'hold_and_win' || t === 'jackpot') || w.some((x) => HOLD_WORDS.includes(x)))
    engine = 'holdwin';
  else
    engine = byte(0) < 140 ? 'classic' : byte(0) < 180 ? 'cluster' : byte(0) < 218 ? 'holdwin' : 'megaways';
  const palette = PALETTES[byte(1) % PALETTES.length] as Palette;
  return {
    engine,
    volatility: theme.volatility,
    family: theme.family,
    palette,
    colors: theme.colors,
    symbolKeys: ENGINE_SYMBOL_KEYS[engine],
    lookKey: `${engine}-${theme.family}-${palette.key}`,
  };
};

/** Every in-house engine a catalogue game can play (the originals besides crash, and the slots). */
export type GameEngine =
  | SlotEngine
  | 'dice'
  | 'limbo'
  | 'plinko'
  | 'wheel'
  | 'mines'
  | 'tower'
  | 'roulette'
  | 'dragon-tiger'
  | 'sic-bo'
  | 'baccarat'
  | 'blackjack'
  | 'keno'
  | 'video-poker'
  | 'scratch';

/** Originals by a word of the name (the catalogue's arcade games: "Crazy Dragon Plinko"). */
const ORIGINAL_WORDS: Record<string, GameEngine> = {
  dice: 'dice',
  limbo: 'limbo',
  // Shared crash rounds are not served yet: its one-player form (a cash-out target set before the
  // round, the same mapping) is limbo.
  crash: 'limbo',
  plinko: 'plinko',
  wheel: 'wheel',
  mines: 'mines',
  minesweeper: 'mines',
  tower: 'tower',
  // Table games (docs/decisions/034-table-games.md).
  roulette: 'roulette',
  // Single-player card tables (docs/decisions/043-table-games.md).
  baccarat: 'baccarat',
  blackjack: 'blackjack',
  keno: 'keno',
  // Video poker and scratch cards (docs/decisions/049-video-poker-scratch.md).
  poker: 'video-poker',
  scratch: 'scratch',
};

/**
 * The engine a catalogue game plays: an original when a word of its English name names one, else
 * the slot engine of its look (classify tags, name words, else a hash of the game).
 */
export const gameEngineFor = (input: {
  nodeId: string;
  name: string;
  classify?: string | readonly string[] | null;
}): GameEngine => {
  const nameWords = words(input.name ?? '');
  // Two-word table names first ("Golden Dragon Tiger" is dragon tiger, "Lucky Dragon" a slot).
  if (nameWords.some((w, i) => w === 'dragon' && nameWords[i + 1] === 'tiger')) return 'dragon-tiger';
  if (nameWords.some((w, i) => w === 'sicbo' || (w === 'sic' && nameWords[i + 1] === 'bo'))) return 'sic-bo';
  if (nameWords.some((w, i) => w === 'black' && nameWords[i + 1] === 'jack')) return 'blackjack';
  if (nameWords.some((w, i) => w === 'jacks' && nameWords[i + 1] === 'or' && nameWords[i + 2] === 'better'))
    return 'video-poker';
  for (const word of nameWords) {
    const original = ORIGINAL_WORDS[word];
    if (original) return original;
  }
  return slotLookFor(input).engine;
};
