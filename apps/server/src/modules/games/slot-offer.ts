import { BET_COINS, MAX_BET_MINOR, type Theme, themeFor } from '@khela/fair';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { findGameByNode, nameIn } from './store';

export {
  activeSeed,
  ensureSeed,
  ownerOf,
  rotateSeed,
  type SeedOwner,
  seedInfoOf,
  setClientSeed,
} from './seeds';

/** What a slot game offers before a spin: its bet levels and its theme (engine, paytable, look). */
/** Offered total bets (minor units); a game's levels start at its catalogue minimum bet. */
export const BASE_BET_LEVELS = [20, 40, 100, 200, 400, 1_000, 2_000, 4_000, 10_000, 20_000, 40_000, 100_000];

/** The bet levels of a game: multiples of BET_COINS from its minimum bet (a decimal string) up. */
export const betLevelsOf = (minBet: string) => {
  const [whole = '0', fraction = ''] = minBet.split('.');
  const minMinor = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  const floor = Math.max(BET_COINS, Math.ceil(minMinor / BET_COINS) * BET_COINS);
  const levels = BASE_BET_LEVELS.filter((l) => l >= floor && l <= MAX_BET_MINOR);
  return levels.length > 0 ? levels : [Math.min(floor, MAX_BET_MINOR - (MAX_BET_MINOR % BET_COINS))];
};

// ---- themes

const themes = new Map<string, { theme: Theme; name: string; minBet: string }>();
const THEME_CACHE_MAX = 5_000;

/** The game's theme and bet floor (cached: themes are derived, never stored). */
export const gameTheme = async (db: Db, nodeId: string) => {
  const cached = themes.get(nodeId);
  if (cached) return cached;
  const game = await findGameByNode(db, nodeId);
  if (!game) throw new AppError('game.unavailable');
  const name = nameIn(game.display_name, 'en');
  const entry = { theme: themeFor({ nodeId, name }), name, minBet: game.min_bet };
  if (themes.size >= THEME_CACHE_MAX) {
    const oldest = themes.keys().next().value;
    if (oldest !== undefined) themes.delete(oldest);
  }
  themes.set(nodeId, entry);
  return entry;
};
