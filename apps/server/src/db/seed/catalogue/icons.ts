import { createHash } from 'node:crypto';
import type { CatalogueGameType } from '../../schema';

export type MediaRow = { id: string; mime: string; bytes: Uint8Array; sha256: string };

const media = (prefix: string, svg: string): MediaRow => {
  const bytes = new TextEncoder().encode(svg);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { id: `${prefix}-${sha256.slice(0, 16)}.svg`, mime: 'image/svg+xml', bytes, sha256 };
};

/** Base hues per category, so a lobby's icons share a look. */
const HUES: Record<CatalogueGameType, number[]> = {
  RNG: [0, 18, 36, 48, 140, 165, 190, 210, 265, 290, 320, 340],
  LIVE: [350, 0, 12, 30],
  FISH: [185, 195, 205, 220],
  PVP: [250, 265, 280, 300],
  SPORTS: [120, 135, 150],
  ESPORTS: [260, 275, 195],
  COCKFIGHT: [5, 25, 40],
  ELOTT: [25, 35, 45],
  LOTT: [15, 30, 45],
};

/** Symbols drawn in the middle of an icon (paths on a 100x100 box centred at 50,50). */
const SYMBOLS = [
  // star
  'M50 18 L59 40 L83 41 L64 56 L71 80 L50 66 L29 80 L36 56 L17 41 L41 40 Z',
  // diamond
  'M50 16 L78 44 L50 84 L22 44 Z',
  // heart
  'M50 80 C20 60 16 40 30 30 C40 23 48 28 50 36 C52 28 60 23 70 30 C84 40 80 60 50 80 Z',
  // crown
  'M20 70 L24 34 L38 50 L50 26 L62 50 L76 34 L80 70 Z',
  // seven
  'M28 24 H74 V34 L52 80 H40 L60 36 H28 Z',
  // coin
  'M50 18 A32 32 0 1 1 49.9 18 Z M50 30 A20 20 0 1 0 50.1 30 Z',
  // flame
  'M50 16 C62 34 74 44 70 62 C67 76 57 84 50 84 C43 84 33 76 30 62 C28 50 38 44 42 30 C46 42 52 44 50 16 Z',
  // bolt
  'M56 14 L30 54 H48 L42 86 L72 42 H54 Z',
];

const FISH_SYMBOL = 'M18 50 C30 30 60 28 76 50 C60 72 30 70 18 50 Z M76 50 L90 36 V64 Z';
const CARD_SYMBOL =
  'M30 20 H70 A6 6 0 0 1 76 26 V74 A6 6 0 0 1 70 80 H30 A6 6 0 0 1 24 74 V26 A6 6 0 0 1 30 20 Z';
const BALL_SYMBOL = 'M50 18 A32 32 0 1 1 49.9 18 Z';

const symbolFor = (type: CatalogueGameType, index: number) => {
  if (type === 'FISH') return FISH_SYMBOL;
  if (type === 'LIVE' || type === 'PVP') return CARD_SYMBOL;
  if (
    type === 'LOTT' ||
    type === 'ELOTT' ||
    type === 'SPORTS' ||
    type === 'ESPORTS' ||
    type === 'COCKFIGHT'
  ) {
    return BALL_SYMBOL;
  }
  return SYMBOLS[index % SYMBOLS.length] ?? SYMBOLS[0];
};

/**
 * One game icon design: a gradient tile, a ring of dots and a category symbol, no text (the
 * lobby prints the game's name in the player's language under it). Deterministic per type and
 * index, so a re-seed gives the same bytes and the same content-addressed ids.
 */
export const drawGameIcon = (type: CatalogueGameType, index: number): MediaRow => {
  const hues = HUES[type];
  const hue = hues[index % hues.length] ?? 0;
  const seed = createHash('sha256').update(`${type}:${index}`).digest();
  const shift = ((seed[0] ?? 0) % 40) - 20;
  const a = `hsl(${(hue + 360 + shift) % 360}, 78%, 46%)`;
  const b = `hsl(${(hue + 400 + shift) % 360}, 82%, 26%)`;
  const accent = `hsl(${(hue + 200) % 360}, 90%, 70%)`;
  const dots = Array.from({ length: 8 }, (_, i) => {
    const angle = (i / 8) * Math.PI * 2 + (seed[1] ?? 0) / 40;
    const r = 3 + ((seed[i + 2] ?? 0) % 5);
    return `<circle cx="${(100 + Math.cos(angle) * 78).toFixed(1)}" cy="${(100 + Math.sin(angle) * 78).toFixed(1)}" r="${r}" fill="${accent}" opacity="0.7"/>`;
  }).join('');
  const rotate = ((seed[10] ?? 0) % 24) - 12;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="200" height="200" rx="28" fill="url(#g)"/>${dots}
<g transform="translate(100 100) rotate(${rotate}) scale(1.3) translate(-50 -50)"><path d="${symbolFor(type, Math.floor(index / hues.length))}" fill="${accent}" stroke="#ffffff" stroke-width="2" fill-rule="evenodd"/></g>
</svg>`;
  return media('gameicon', svg);
};

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A vendor logo: its code on a tile in its category's colours (codes are brand marks, never translated). */
export const drawVendorLogo = (code: string, type: CatalogueGameType, index: number): MediaRow => {
  const hues = HUES[type];
  const hue = hues[index % hues.length] ?? 0;
  const label = code.replace(/_/g, ' ');
  const size = label.length <= 4 ? 64 : label.length <= 7 ? 44 : 30;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" width="320" height="160">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 70%, 40%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360}, 75%, 22%)"/></linearGradient></defs>
<rect width="320" height="160" rx="24" fill="url(#g)"/>
<text x="160" y="80" dominant-baseline="central" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(label)}</text>
</svg>`;
  return media(`vendor-${code.toLowerCase().replace(/_/g, '-')}`, svg);
};

/** Icon designs per category: many for slots, a handful for the others. */
export const ICON_DESIGNS: Record<CatalogueGameType, number> = {
  RNG: 240,
  LIVE: 16,
  FISH: 12,
  PVP: 12,
  SPORTS: 4,
  ESPORTS: 4,
  COCKFIGHT: 4,
  ELOTT: 12,
  LOTT: 12,
};
