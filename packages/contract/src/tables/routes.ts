import { z } from 'zod';
import { defineRoute } from '../core/route';
import { tablesEndpoints } from './endpoints';
import {
  liveBetsBody,
  liveBetsValue,
  liveLobbyValue,
  liveRoundQuery,
  liveRoundView,
  liveTableQuery,
  liveTableState,
} from './schemas';

export const tablesRoutes = {
  liveTables: defineRoute({
    ...tablesEndpoints.liveTables,
    tag: 'tables',
    summary: "The merchant's live tables with their open round and last results (the live casino lobby)",
    value: liveLobbyValue,
  }),
  liveTableState: defineRoute({
    ...tablesEndpoints.liveTableState,
    tag: 'tables',
    summary: "One table's state as its socket sends it first (round, clock, roads, seats, the caller's bets)",
    query: liveTableQuery,
    value: liveTableState,
  }),
  liveTableRound: defineRoute({
    ...tablesEndpoints.liveTableRound,
    tag: 'tables',
    summary: 'A round with its commitment, and its seed and outcome once settled (to verify)',
    query: liveRoundQuery,
    value: z.object({ game: z.string(), round: liveRoundView }),
  }),
  liveTableBets: defineRoute({
    ...tablesEndpoints.liveTableBets,
    tag: 'tables',
    summary: "Places bets on a table's open round; each stake debited through the ledger; idempotent",
    body: liveBetsBody,
    value: liveBetsValue,
  }),
};
