/** PvP rooms (issue 22): the socket and the seat hold (browser-safe). */

/** `GET /wps/pvp/ws?token=<member token>&tableId=<id>`: the room's state on every change. */
export const PVP_SOCKET_PATH = '/wps/pvp/ws';

/** A dropped player's seat (and chips) is held this long after the last socket closed. */
export const PVP_SEAT_HOLD_MS = 30_000;

/** The actions a player sends at a Teen Patti table. */
export const PVP_ACTIONS = ['see', 'bet', 'pack', 'show', 'sideshow', 'accept', 'deny'] as const;
export type PvpActionType = (typeof PVP_ACTIONS)[number];
