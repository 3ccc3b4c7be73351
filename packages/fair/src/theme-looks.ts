/**
 * The look of a slot theme (themes.ts): the symbol families' glyphs, symbol colours and the words of
 * a game's name that pick a family or a volatility, and the theme's colours from its hue.
 */
import type { SlotSymbol, SymbolFamily, ThemeColors } from './types';

export type Glyph = readonly [glyph: string, label: string];
type FamilyGlyphs = {
  wild: Glyph;
  scatter: Glyph;
  high: readonly [Glyph, Glyph, Glyph, Glyph];
  low: readonly [Glyph, Glyph, Glyph, Glyph];
  jackpot: string;
};

export const GLYPHS: Record<SymbolFamily, FamilyGlyphs> = {
  fruits: {
    wild: ['🌟', 'Wild star'],
    scatter: ['🔔', 'Bell'],
    high: [
      ['7️⃣', 'Seven'],
      ['🍉', 'Watermelon'],
      ['🍇', 'Grapes'],
      ['🍊', 'Orange'],
    ],
    low: [
      ['🍒', 'Cherries'],
      ['🍋', 'Lemon'],
      ['🍐', 'Pear'],
      ['🍓', 'Strawberry'],
    ],
    jackpot: '💰',
  },
  gems: {
    wild: ['✨', 'Wild sparkle'],
    scatter: ['🪙', 'Gold coin'],
    high: [
      ['💎', 'Diamond'],
      ['👑', 'Crown'],
      ['💍', 'Ring'],
      ['🏆', 'Trophy'],
    ],
    low: [
      ['🔷', 'Sapphire'],
      ['🔶', 'Topaz'],
      ['🟣', 'Amethyst'],
      ['🟢', 'Emerald'],
    ],
    jackpot: '💰',
  },
  jungle: {
    wild: ['🐾', 'Wild paw'],
    scatter: ['🥁', 'Drum'],
    high: [
      ['🦁', 'Lion'],
      ['🐯', 'Tiger'],
      ['🐘', 'Elephant'],
      ['🦏', 'Rhino'],
    ],
    low: [
      ['🦜', 'Parrot'],
      ['🐒', 'Monkey'],
      ['🦓', 'Zebra'],
      ['🐊', 'Crocodile'],
    ],
    jackpot: '🏆',
  },
  egypt: {
    wild: ['☀️', 'Wild sun'],
    scatter: ['🔺', 'Pyramid'],
    high: [
      ['👁️', 'Eye'],
      ['🐍', 'Cobra'],
      ['🦂', 'Scorpion'],
      ['🐈', 'Cat'],
    ],
    low: [
      ['🏺', 'Urn'],
      ['📜', 'Scroll'],
      ['🪲', 'Scarab'],
      ['🌾', 'Wheat'],
    ],
    jackpot: '👑',
  },
  asian: {
    wild: ['☯️', 'Wild yin-yang'],
    scatter: ['🏯', 'Castle'],
    high: [
      ['🐉', 'Dragon'],
      ['🐼', 'Panda'],
      ['🏮', 'Lantern'],
      ['🧧', 'Red envelope'],
    ],
    low: [
      ['🀄', 'Mahjong tile'],
      ['🎋', 'Bamboo'],
      ['🍵', 'Tea'],
      ['🪭', 'Fan'],
    ],
    jackpot: '💰',
  },
  ocean: {
    wild: ['🌊', 'Wild wave'],
    scatter: ['🗺️', 'Treasure map'],
    high: [
      ['🐙', 'Octopus'],
      ['🦈', 'Shark'],
      ['🐬', 'Dolphin'],
      ['🐢', 'Turtle'],
    ],
    low: [
      ['🐠', 'Fish'],
      ['🦀', 'Crab'],
      ['🐚', 'Shell'],
      ['⚓', 'Anchor'],
    ],
    jackpot: '💰',
  },
  space: {
    wild: ['🌌', 'Wild galaxy'],
    scatter: ['🔭', 'Telescope'],
    high: [
      ['🚀', 'Rocket'],
      ['🪐', 'Planet'],
      ['👽', 'Alien'],
      ['🛸', 'Flying saucer'],
    ],
    low: [
      ['☄️', 'Comet'],
      ['🌙', 'Moon'],
      ['🌍', 'Earth'],
      ['⭐', 'Star'],
    ],
    jackpot: '💫',
  },
  festival: {
    wild: ['🎉', 'Wild party'],
    scatter: ['🎊', 'Confetti'],
    high: [
      ['🪔', 'Diya'],
      ['🎆', 'Fireworks'],
      ['🎁', 'Gift'],
      ['🥭', 'Mango'],
    ],
    low: [
      ['🍬', 'Sweet'],
      ['🎈', 'Balloon'],
      ['🪘', 'Dhol'],
      ['🪁', 'Kite'],
    ],
    jackpot: '🏆',
  },
};

export const SYMBOL_COLORS = [
  '#f59e0b',
  '#ec4899',
  '#ef4444',
  '#8b5cf6',
  '#3b82f6',
  '#10b981',
  '#f97316',
  '#06b6d4',
  '#84cc16',
  '#a855f7',
];

/** Words of game names that pick a family (matched on the name's words, right to left). */
export const FAMILY_WORDS: Record<SymbolFamily, readonly string[]> = {
  fruits: ['fruits', 'fruit', 'cherry', 'mango', 'bells', 'sevens', 'jalapeño', 'jalapeno', 'café', 'cafe'],
  gems: [
    'gems',
    'jewels',
    'diamond',
    'crystal',
    'emerald',
    'ruby',
    'gold',
    'coins',
    'cash',
    'vault',
    'treasure',
    'rich',
  ],
  jungle: [
    'lion',
    'elephant',
    'monkey',
    'cobra',
    'eagle',
    'wolf',
    'horse',
    'buffalo',
    'rhino',
    'safari',
    'jungle',
    'hunter',
    'peacock',
  ],
  egypt: [
    'pharaoh',
    'pyramid',
    'ancient',
    'sacred',
    'goddess',
    'genie',
    'spirit',
    'legend',
    'tales',
    'wizard',
  ],
  asian: [
    'dragon',
    'tiger',
    'panda',
    'phoenix',
    'samurai',
    'ninja',
    'lotus',
    'temple',
    'palace',
    'empire',
    'kingdom',
    'fortune',
  ],
  ocean: ['ocean', 'pirate', 'island', 'river', 'viking', 'bounty', 'storm', 'quest'],
  space: ['star', 'moon', 'sun', 'galaxy', 'rocket', 'cosmic', 'neon', 'volcano', 'thunder'],
  festival: [
    'diwali',
    'holi',
    'festival',
    'carnival',
    'candy',
    'sweets',
    'piñata',
    'pinata',
    'señorita',
    'senorita',
    'cricket',
    'wheel',
  ],
};
export const HIGH_WORDS = ['blitz', 'mega', 'megaways', 'crazy', 'thunder', 'bonanza'];
export const LOW_WORDS = ['happy', 'sweet', 'classic'];

export const wordsOf = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);

export const hsl = (h: number, s: number, l: number): string => {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
};

export const colorsOf = (hue: number): ThemeColors => ({
  background: hsl(hue, 45, 12),
  reels: hsl(hue, 35, 20),
  frame: hsl((hue + 40) % 360, 75, 55),
  accent: hsl((hue + 180) % 360, 85, 60),
  text: '#f8fafc',
});

export const symbolsOf = (family: SymbolFamily): SlotSymbol[] => {
  const g = GLYPHS[family];
  const all: [string, SlotSymbol['kind'], Glyph][] = [
    ['wild', 'wild', g.wild],
    ['scatter', 'scatter', g.scatter],
    ...g.high.map((glyph, i) => [`h${i + 1}`, 'high', glyph] as [string, SlotSymbol['kind'], Glyph]),
    ...g.low.map((glyph, i) => [`l${i + 1}`, 'low', glyph] as [string, SlotSymbol['kind'], Glyph]),
  ];
  return all.map(([key, kind, [glyph, label]], id) => ({
    id,
    key,
    kind,
    glyph,
    label,
    color: SYMBOL_COLORS[id] as string,
  }));
};
