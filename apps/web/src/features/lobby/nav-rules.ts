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

/** The popup the login modal's game menu opens for vendors without a lobby of their own there. */
export const LOGIN_POPUP = { href: '/login', features: 'popup,width=1300,height=900' } as const;

export type LoginMenuTarget =
  | { kind: 'route'; href: string }
  | { kind: 'popup'; href: string; features: string };

/**
 * The login modal's game menu (spec §2): a hot vendor goes to `/rng?vassalage=`, a fishing vendor
 * to `/fish`, another slot vendor to the RNG page on that vendor; any other vendor (live, sports,
 * lottery...) opens `/login` in a 1300x900 popup window.
 */
export const loginMenuTarget = (
  card: Pick<GameCard, 'vassalage' | 'gameType'>,
  lane: GameType,
  hot: boolean,
): LoginMenuTarget => {
  if (hot || lane === 'RNG')
    return { kind: 'route', href: `/rng?vassalage=${encodeURIComponent(card.vassalage)}` };
  if (lane === 'FISH') return { kind: 'route', href: '/fish' };
  return { kind: 'popup', ...LOGIN_POPUP };
};
