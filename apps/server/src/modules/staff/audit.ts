import { createHash } from 'node:crypto';
import type { StaffRole } from '@khela/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export const GENESIS_HASH = '0'.repeat(64);

/** Who did it, from where: every staff action carries this to its audit row. */
export type Actor = { id: number; username: string; role: StaffRole; ip: string; requestId: string };

export type AuditInput = {
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
};

/** JSON with object keys sorted at every depth: the same value always gives the same text (jsonb reorders keys). */
export const canonicalJson = (value: unknown): string => {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

export type ChainRow = {
  id: string;
  at: Date;
  staff_id: number | null;
  staff_username: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  request_id: string | null;
};

/** The hash a row must carry: sha256(prev_hash || canonical row). */
export const rowHash = (prevHash: string, row: ChainRow) =>
  createHash('sha256')
    .update(prevHash, 'utf8')
    .update(
      canonicalJson({
        id: String(row.id),
        at: row.at.toISOString(),
        staffId: row.staff_id,
        staff: row.staff_username,
        action: row.action,
        target: row.target,
        before: row.before ?? null,
        after: row.after ?? null,
        ip: row.ip,
        requestId: row.request_id,
      }),
      'utf8',
    )
    .digest('hex');

/** jsonb keeps JSON; a round trip drops what JSON cannot hold (undefined, Date objects) before hashing. */
const asJson = (value: unknown) =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);

/**
 * Appends one row to the chain inside `trx`: the head row is locked FOR UPDATE, so concurrent
 * writers queue and the chain stays linear. Call it in the same transaction as the change it records.
 */
export const appendAudit = async (trx: Transaction<DB>, actor: Actor | null, entry: AuditInput, at: Date) => {
  const head = await trx
    .selectFrom('bo_audit_head')
    .select(['last_id', 'hash'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const row: ChainRow = {
    id: String(BigInt(head.last_id) + 1n),
    at: new Date(at.getTime()),
    staff_id: actor?.id ?? null,
    staff_username: actor?.username ?? null,
    action: entry.action,
    target: entry.target ?? null,
    before: asJson(entry.before),
    after: asJson(entry.after),
    ip: actor?.ip ?? null,
    request_id: actor?.requestId ?? null,
  };
  const hash = rowHash(head.hash, row);
  await trx
    .insertInto('bo_audit')
    .values({
      ...row,
      before: row.before === null ? null : JSON.stringify(row.before),
      after: row.after === null ? null : JSON.stringify(row.after),
      prev_hash: head.hash,
      hash,
    })
    .execute();
  await trx.updateTable('bo_audit_head').set({ last_id: row.id, hash }).where('id', '=', 1).execute();
  return { id: row.id, hash };
};

export type VerifyResult =
  | { ok: true; rows: number; head: string }
  | { ok: false; rows: number; brokenAt: string; reason: string };

/**
 * Recomputes the whole chain: ids must run 1, 2, 3... with no gap, each row's prev_hash must be
 * the previous row's hash and its hash must match its content; the head must name the last row.
 * Reports the first broken row (edited, deleted or reordered).
 */
export const verifyChain = async (db: Kysely<DB>, batch = 1000): Promise<VerifyResult> => {
  let prev = GENESIS_HASH;
  let expectedId = 1n;
  let rows = 0;
  for (;;) {
    const page = await db
      .selectFrom('bo_audit')
      .selectAll()
      .where('id', '>=', String(expectedId))
      .orderBy('id')
      .limit(batch)
      .execute();
    for (const row of page) {
      const id = BigInt(row.id);
      if (id !== expectedId)
        return {
          ok: false,
          rows,
          brokenAt: String(expectedId),
          reason: `row ${expectedId} is missing (next is ${id})`,
        };
      if (row.prev_hash !== prev)
        return { ok: false, rows, brokenAt: String(id), reason: 'prev_hash does not match the previous row' };
      const hash = rowHash(prev, { ...row, id: String(row.id) });
      if (hash !== row.hash)
        return { ok: false, rows, brokenAt: String(id), reason: 'content does not match its hash' };
      prev = row.hash;
      expectedId += 1n;
      rows += 1;
    }
    if (page.length < batch) break;
  }
  const head = await db
    .selectFrom('bo_audit_head')
    .select(['last_id', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!head) return { ok: false, rows, brokenAt: 'head', reason: 'the chain head row is missing' };
  if (BigInt(head.last_id) !== expectedId - 1n || head.hash !== prev)
    return {
      ok: false,
      rows,
      brokenAt: String(expectedId),
      reason: `the head names row ${head.last_id} but the chain ends at row ${expectedId - 1n}`,
    };
  return { ok: true, rows, head: prev };
};

/** Rows of the log, filtered and paged (newest first by default). */
const AUDIT_SORT_COLUMNS = { at: 'at', action: 'action', staff: 'staff_username' } as const;

/** A page of the audit log, filtered and sorted (ties by id); `count: false` skips the total (CSV batches). */
export const readAudit = async (
  db: Kysely<DB>,
  filter: {
    staffId?: number | undefined;
    action?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
  },
  sort: keyof typeof AUDIT_SORT_COLUMNS,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
  count = true,
) => {
  let q = db.selectFrom('bo_audit');
  if (filter.staffId !== undefined) q = q.where('staff_id', '=', filter.staffId);
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.from !== undefined) q = q.where('at', '>=', new Date(filter.from));
  if (filter.to !== undefined) q = q.where('at', '<', new Date(filter.to));
  let ordered = q.selectAll();
  if (sort !== 'at')
    ordered = ordered.orderBy(AUDIT_SORT_COLUMNS[sort], (ob) =>
      (order === 'asc' ? ob.asc() : ob.desc()).nullsLast(),
    );
  const [items, total] = await Promise.all([
    ordered.orderBy('id', order).limit(limit).offset(offset).execute(),
    count ? q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow() : null,
  ]);
  return { items, total: total ? Number(total.n) : 0 };
};
