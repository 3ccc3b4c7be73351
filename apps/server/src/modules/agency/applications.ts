import type { Selectable } from 'kysely';
import type { AgencyApplication } from '../../db/schema.generated';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';

/** The `/join` page's agent applications (table `agency_application`) and their decisions (ADR 059). */
export type ApplicationStatus = 'new' | 'approved' | 'rejected';

export const insertApplication = async (
  db: Db,
  a: { merchantCode: string; name: string; contact: string; channel: string; message: string; now: Date },
) =>
  (
    await db
      .insertInto('agency_application')
      .values({
        merchant_code: a.merchantCode,
        name: a.name,
        contact: a.contact,
        channel: a.channel,
        message: a.message,
        created_at: a.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export type ApplicationRow = {
  id: number;
  merchantCode: string;
  name: string;
  contact: string;
  channel: string;
  message: string;
  status: ApplicationStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  reason: string | null;
  memberId: number | null;
};

const toRow = (r: Selectable<AgencyApplication>): ApplicationRow => ({
  id: r.id,
  merchantCode: r.merchant_code,
  name: r.name,
  contact: r.contact,
  channel: r.channel,
  message: r.message,
  status: r.status as ApplicationStatus,
  createdAt: r.created_at,
  decidedAt: r.decided_at,
  decidedBy: r.decided_by,
  reason: r.reason,
  memberId: r.member_id,
});

/** The merchant's applications, newest first, of one status or all. */
export const applications = async (db: Db, merchantCode: string, status?: ApplicationStatus) => {
  let q = db.selectFrom('agency_application').selectAll().where('merchant_code', '=', merchantCode);
  if (status) q = q.where('status', '=', status);
  return (await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute()).map(toRow);
};

/** One application of the merchant, locked for its decision (404 `not.found` otherwise). */
export const applicationForDecision = async (db: Db, merchantCode: string, id: number) => {
  const r = await db
    .selectFrom('agency_application')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_code', '=', merchantCode)
    .forUpdate()
    .executeTakeFirst();
  if (!r) throw new AppError('not.found');
  return toRow(r);
};

/**
 * Records the decision on a `new` application (409 `agency.application.decided` once decided:
 * the conditional update lets only one of two racing decisions through).
 */
export const recordDecision = async (
  db: Db,
  d: { id: number; approve: boolean; reason: string; staff: string; memberId: number | null; now: Date },
) => {
  const r = await db
    .updateTable('agency_application')
    .set({
      status: d.approve ? 'approved' : 'rejected',
      decided_at: d.now,
      decided_by: d.staff,
      reason: d.reason,
      member_id: d.memberId,
    })
    .where('id', '=', d.id)
    .where('status', '=', 'new')
    .returningAll()
    .executeTakeFirst();
  if (!r) throw new AppError('agency.application.decided');
  return toRow(r);
};
