import {
  Bird,
  Cherry,
  Fish,
  Gamepad2,
  Gift,
  House,
  type LucideIcon,
  Smartphone,
  Spade,
  Ticket,
  Trophy,
  Tv,
} from 'lucide-react';

export type GameCategory = {
  /** Category code as the catalogue names it (RNG, LOTT, …); the key of its texts is lower case. */
  code: 'RNG' | 'LOTT' | 'LIVE' | 'SPORTS' | 'FISH' | 'PVP' | 'ESPORTS' | 'COCKFIGHT';
  key: string;
  to: string;
  icon: LucideIcon;
  /** Two stops of the tile gradient on the home page. */
  tone: [string, string];
};

/**
 * The game categories of the header navigation, in the catalogue's lane order (cockfight two
 * after sports, esports last); each links to its lobby route. Once the vendor list is known the
 * header keeps only the categories with vendors, in the server's order, with vendor drop-downs.
 */
export const GAME_CATEGORIES: GameCategory[] = [
  { code: 'RNG', key: 'rng', to: '/rng', icon: Cherry, tone: ['#f97316', '#e11d48'] },
  { code: 'LOTT', key: 'lott', to: '/elott', icon: Ticket, tone: ['#22c55e', '#0d9488'] },
  { code: 'LIVE', key: 'live', to: '/live', icon: Tv, tone: ['#a855f7', '#6366f1'] },
  { code: 'SPORTS', key: 'sports', to: '/sports', icon: Trophy, tone: ['#0ea5e9', '#2563eb'] },
  { code: 'FISH', key: 'fish', to: '/fish', icon: Fish, tone: ['#06b6d4', '#0284c7'] },
  { code: 'COCKFIGHT', key: 'cockfight', to: '/cockfight', icon: Bird, tone: ['#eab308', '#c2410c'] },
  { code: 'PVP', key: 'pvp', to: '/pvp', icon: Spade, tone: ['#ef4444', '#9f1239'] },
  { code: 'ESPORTS', key: 'esports', to: '/esports', icon: Gamepad2, tone: ['#8b5cf6', '#db2777'] },
];

export type NavItem = {
  key: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
  code?: GameCategory['code'];
};

/** Header navigation: home, the game categories, promotions, app download (spec §2). */
export const NAV_ITEMS: NavItem[] = [
  { key: 'home', to: '/', icon: House, end: true },
  ...GAME_CATEGORIES.map(({ key, to, icon, code }) => ({ key, to, icon, code })),
  { key: 'promotions', to: '/promotions', icon: Gift },
  { key: 'download', to: '/download', icon: Smartphone },
];
