import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, readAudit, verifyChain } from './audit';
import { csvStream } from './csv';
import { assertCan } from './roles';

export type AuditFilter = {
  staffId?: number | undefined;
  action?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  sort: 'at' | 'action' | 'staff';
  order: 'asc' | 'desc';
};

const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'staffId',
  'staff',
  'action',
  'target',
  'before',
  'after',
  'ip',
  'requestId',
] as const;

const auditRow = (r: Awaited<ReturnType<typeof readAudit>>['items'][number]) => ({
  id: Number(r.id),
  at: r.at.getTime(),
  staffId: r.staff_id,
  staff: r.staff_username,
  action: r.action,
  target: r.target,
  before: r.before,
  after: r.after,
  ip: r.ip,
  requestId: r.request_id,
});

/** The audit log screen: the chain read back, filtered, sorted, paged and exported; and verified. */
export const createAuditLog = (db: Kysely<DB>) => ({
  list: async (actor: Actor, filter: AuditFilter, page: number, pageSize: number) => {
    assertCan(actor, 'audit.read');
    const { items, total } = await readAudit(
      db,
      filter,
      filter.sort,
      filter.order,
      pageSize,
      (page - 1) * pageSize,
    );
    return { items: items.map(auditRow), total, page, pageSize };
  },
  csv: async (actor: Actor, filter: AuditFilter) => {
    assertCan(actor, 'audit.read');
    return csvStream(AUDIT_CSV_COLUMNS, async (limit, offset) =>
      (await readAudit(db, filter, filter.sort, filter.order, limit, offset, false)).items.map((r) => ({
        ...auditRow(r),
        at: r.at.toISOString(),
      })),
    );
  },
  verify: () => verifyChain(db),
});
