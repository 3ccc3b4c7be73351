/** Games constants the browser may import (no zod). docs/decisions/009-games-launch-rounds-jackpot.md. */

/** The game page sends its game session in this header (never the member token). */
export const GAME_SESSION_HEADER = 'x-game-session';
/** A launch token is exchanged at most once and within this many ms of the launch. */
export const LAUNCH_TOKEN_TTL_MS = 60_000;
/** Betting record page size. */
export const BET_RECORDS_PAGE_SIZE = 15;
/** Longest betting-record range: 31 days. */
export const BET_RECORDS_MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;
/** Game recall: the last rounds of a game the game page can replay. */
export const SLOT_HISTORY_SIZE = 10;
/** postMessage the game page sends its parent (the /game page) after each round. */
export const GAME_BALANCE_MESSAGE = 'khela:balance';
/**
 * Jackpot push (server-sent events, `?merchant=<code>`): a `{"type":"jackpot"}` message each
 * time the merchant's pool fell or was reset (a jackpot won, settings changed); refetch the pool.
 */
export const JACKPOT_EVENTS_PATH = '/wps/game/jackpot/events';
