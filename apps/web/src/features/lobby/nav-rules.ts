import type { GameCard, GameType } from '@khela/contract';
import { type NavCode, navCodeOf } from './nav-order';

export { type NavCategory, type NavCode, navCategories, navCodeOf } from './nav-order';

/** Vendors a header drop-down lists before its 'more' entry (spec §9). */
export const DROPDOWN_MAX = 11;

/** The lobby route of each navigation category. */
export const LOBBY_ROUTE: Record<NavCode, string> = {
  RNG: '/rng',
  LOTT: '/elott',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  PVP: '/pvp',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
};

/** The lanes one lobby page shows (the lottery entry holds both ELOTT and LOTT). */
export const LANES_OF: Record<NavCode, GameType[]> = {
  RNG: ['RNG'],
  LOTT: ['ELOTT', 'LOTT'],
  LIVE: ['LIVE'],
  SPORTS: ['SPORTS'],
  FISH: ['FISH'],
  PVP: ['PVP'],
  ESPORTS: ['ESPORTS'],
  COCKFIGHT: ['COCKFIGHT'],
};

/** A drop-down's vendors: at most `max`, and whether a 'more' entry follows (more than `max`). */
export const splitDropdown = <T>(cards: readonly T[], max = DROPDOWN_MAX) => ({
  shown: cards.slice(0, max),
  more: cards.length > max,
});

/** Where a vendor entry of the navigation leads: its category's lobby, opened on that vendor. */
export const vendorHref = (card: Pick<GameCard, 'vassalage' | 'gameType'>, lane: GameType) =>
  `${LOBBY_ROUTE[navCodeOf(lane)]}?vassalage=${encodeURIComponent(card.vassalage)}`;

/**
 * The login modal's game menu (spec §2): a hot vendor goes to `/rng?vassalage=`, a fishing vendor
 * to `/fish`, the others to their category's lobby on that vendor (`/rng?vassalage=` for slots).
 */
export const loginMenuHref = (
  card: Pick<GameCard, 'vassalage' | 'gameType'>,
  lane: GameType,
  hot: boolean,
) => {
  if (hot) return `/rng?vassalage=${encodeURIComponent(card.vassalage)}`;
  if (lane === 'FISH') return '/fish';
  return vendorHref(card, lane);
};
