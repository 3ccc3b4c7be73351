import { z } from 'zod';
import { merchantCode } from '../core/lists';
import { defineRoute } from '../core/route';
import { tablesEndpoints } from './endpoints';

/**
 * The live tables' back office (issue 22, ADR 060): the merchant's tables with their open round,
 * opening or closing a table (closing voids its open round, every stake refunded), voiding an
 * open round with a reason. Permissions `games.read` / `games.write`; every change audited.
 */

const minor = z.string().regex(/^-?[0-9]+$/);
const reason = z.string().trim().min(1).max(200);
const tableId = z.string().trim().min(1).max(64);

export const boLiveTableView = z.object({
  id: z.string(),
  game: z.string(),
  name: z.string(),
  minBetMinor: minor,
  maxBetMinor: minor,
  open: z.boolean(),
  /** The node running its clock (null: none now). */
  owner: z.string().nullable(),
  round: z
    .object({
      roundNo: z.number().int(),
      closesAt: z.number().int(),
      bets: z.number().int(),
      stakeMinor: minor,
    })
    .nullable(),
});

export const boLiveTableStatusBody = z.object({
  merchant: merchantCode,
  tableId,
  open: z.boolean(),
  reason,
});

export const boLiveRoundVoidBody = z.object({
  merchant: merchantCode,
  tableId,
  roundNo: z.number().int().min(1),
  reason,
});

const voided = z.object({ voided: z.boolean(), refunded: z.number().int() });

export const boTablesRoutes = {
  boLiveTables: defineRoute({
    ...tablesEndpoints.boLiveTables,
    tag: 'backoffice',
    summary: "Live tables: the merchant's tables, open or closed, with the open round's bets",
    query: z.object({ merchant: merchantCode }),
    value: z.array(boLiveTableView),
  }),
  boLiveTableStatus: defineRoute({
    ...tablesEndpoints.boLiveTableStatus,
    tag: 'backoffice',
    summary: 'Opens or closes a live table; closing voids its open round (every stake refunded once)',
    body: boLiveTableStatusBody,
    value: boLiveTableView.extend({ voided }),
  }),
  boLiveRoundVoid: defineRoute({
    ...tablesEndpoints.boLiveRoundVoid,
    tag: 'backoffice',
    summary: "Voids a live table's open round with a reason; every stake refunded once",
    body: boLiveRoundVoidBody,
    value: voided,
  }),
};
