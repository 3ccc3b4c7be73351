/** Plain catalogue constants shared by server and browser (no zod). */

/** Game categories of the catalogue. ESPORTS and COCKFIGHT are also lanes split out of SPORTS. */
export const GAME_TYPES = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'ELOTT',
  'LOTT',
] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Min-bet filter options of the lobby (spec §3); '' is 'in_type_all'. */
export const MIN_BET_OPTIONS = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;
export type MinBetOption = (typeof MIN_BET_OPTIONS)[number];

/** Lottery vendors whose games open the lottery page rather than a third-party launch (spec §2). */
export const LOTTERY_PAGE_VENDORS = ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT'] as const;

/** Page size of every list (spec §9) and the largest page a list call serves. */
export const GAME_PAGE_SIZE = 15;
export const GAME_PAGE_SIZE_MAX = 100;
/** The favourites list is read whole by the lobby (`pageSize: 999`, API-FACTS §2.4). */
export const FAVOURITE_PAGE_SIZE_MAX = 999;
/** Largest winner board (spec §9). */
export const WINNER_BOARD_LIMIT = 50;
