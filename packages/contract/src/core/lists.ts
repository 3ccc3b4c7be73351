import { z } from 'zod';
import { ROW_ID_MAX, TIME_MAX } from './bounds';

/**
 * Pieces the back-office schemas of several modules share: ids, times and the paged lists of the
 * `/bo/api` screens (filters, sort and page in the query; `{ items, total, page, pageSize }` back).
 */

export const merchantCode = z.string().min(1).max(32);
/** A row id in a JSON body. */
export const rowId = z.number().int().positive().max(ROW_ID_MAX);
/** A row id in a query string (or a body field that may come as text). */
export const rowIdParam = z.coerce.number().int().positive().max(ROW_ID_MAX);
/** An instant in a query string: ms since 1970. */
export const timeParam = z.coerce.number().int().min(0).max(TIME_MAX);
/** A time window of a list: `from` inclusive, `to` exclusive (ms). */
export const timeRange = { from: timeParam.optional(), to: timeParam.optional() };
/** An IP address filter (exact match). */
export const ipFilter = z.string().trim().min(1).max(45).optional();

/** A paged list: `page` from 1. */
export const paging = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  order: z.enum(['asc', 'desc']).default('desc'),
};
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const ok = z.object({ ok: z.literal(true) });
