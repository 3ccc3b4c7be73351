import { z } from 'zod';
import { LIVE_TABLE_GAMES } from './constants';

/** Money: minor units as digit strings. */
const minor = z.string().regex(/^-?[0-9]+$/);

export const liveTableView = z.object({
  id: z.string(),
  game: z.enum(LIVE_TABLE_GAMES),
  name: z.string(),
  minBetMinor: minor,
  maxBetMinor: minor,
  bettingMs: z.number().int(),
  seats: z.number().int(),
});

export const liveRoundView = z.object({
  roundNo: z.number().int(),
  state: z.enum(['betting', 'settled', 'void']),
  /** Before opensAt the table shows the previous result; bets are taken in [opensAt, closesAt). */
  opensAt: z.number().int(),
  closesAt: z.number().int(),
  commitment: z.string(),
  clientSeed: z.string(),
  /** Revealed once the round is settled or void (null before). */
  serverSeed: z.string().nullable(),
  outcome: z.record(z.string(), z.unknown()).nullable(),
  resultCode: z.string().nullable(),
});
export type LiveRoundView = z.infer<typeof liveRoundView>;

export const liveTableState = z.object({
  serverTime: z.number().int(),
  table: liveTableView,
  round: liveRoundView.nullable(),
  last: liveRoundView.nullable(),
  /** Result codes, oldest first (P/B/T, D/T/=, pocket, total, A/B). */
  history: z.array(z.string()),
  /** Stakes on the open round by bet kind, and how many players bet. */
  totals: z.record(z.string(), minor),
  players: z.number().int(),
  seats: z.array(z.object({ seatNo: z.number().int(), name: z.string(), connected: z.boolean() })),
  /** The caller's bets on the open round and its last settled round (empty without a session). */
  mine: z.object({
    open: z.record(z.string(), minor),
    lastRoundNo: z.number().int().nullable(),
    lastStakeMinor: minor,
    lastPayoutMinor: minor,
  }),
});
export type LiveTableState = z.infer<typeof liveTableState>;

export const liveLobbyEntry = liveTableView.extend({
  roundNo: z.number().int().nullable(),
  opensAt: z.number().int().nullable(),
  closesAt: z.number().int().nullable(),
  history: z.array(z.string()),
  players: z.number().int(),
});
export type LiveLobbyEntry = z.infer<typeof liveLobbyEntry>;
export const liveLobbyValue = z.object({ serverTime: z.number().int(), tables: z.array(liveLobbyEntry) });

export const liveTableQuery = z.object({ tableId: z.string().trim().min(1).max(64) });
export const liveRoundQuery = liveTableQuery.extend({ roundNo: z.coerce.number().int().min(1) });

export const liveBetsBody = z.object({
  tableId: z.string().trim().min(1).max(64),
  roundNo: z.number().int().min(1),
  /** The client's key for this slip: sending it again answers the first slip. */
  requestKey: z.string().trim().min(8).max(64),
  bets: z
    .array(
      z.object({ kind: z.string().trim().min(1).max(32), amountMinor: z.union([minor, z.number().int()]) }),
    )
    .min(1)
    .max(20),
});
export const liveBetsValue = z.object({
  roundNo: z.number().int(),
  /** The main balance after the slip (null when the request key answered an earlier slip). */
  balanceMinor: minor.nullable(),
  open: z.record(z.string(), minor),
});
