/** Shared live tables (issue 22): the games, the socket and its messages (browser-safe). */
export const LIVE_TABLE_GAMES = ['baccarat', 'dragon-tiger', 'roulette', 'sic-bo', 'andar-bahar'] as const;
export type LiveTableGame = (typeof LIVE_TABLE_GAMES)[number];

/** `GET /wps/tables/ws?token=<member token>&tableId=<id>`: the table's state, then deltas. */
export const LIVE_TABLE_SOCKET_PATH = '/wps/tables/ws';

/** A dropped player's seat is held this long after the last socket closed. */
export const LIVE_SEAT_HOLD_MS = 30_000;

/** How many results the last-results strip and the roads get. */
export const LIVE_HISTORY_COUNT = 60;
