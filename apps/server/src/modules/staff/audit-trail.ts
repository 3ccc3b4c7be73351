import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** The audit rows of one target (`member:42`), for the target's own screen (a member's staff trail). */
export type TargetTrailQuery = {
  target: string;
  action?: string | undefined;
  staff?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  sort: 'at' | 'action' | 'staff';
  order: 'asc' | 'desc';
};

const TRAIL_SORTS = { at: 'at', action: 'action', staff: 'staff_username' } as const;

const trailWhere = (db: Kysely<DB>, q: TargetTrailQuery) => {
  let query = db.selectFrom('bo_audit').where('target', '=', q.target);
  if (q.action) query = query.where('action', '=', q.action);
  if (q.staff) query = query.where('staff_username', '=', q.staff);
  if (q.from !== undefined) query = query.where('at', '>=', new Date(q.from));
  if (q.to !== undefined) query = query.where('at', '<', new Date(q.to));
  return query;
};

/** A page of a target's audit rows, newest or oldest first by the chosen column (empty values last). */
export const readTargetTrail = async (db: Kysely<DB>, q: TargetTrailQuery, limit: number, offset: number) =>
  (
    await trailWhere(db, q)
      .select(['id', 'at', 'staff_username', 'action', 'before', 'after', 'ip'])
      .orderBy(TRAIL_SORTS[q.sort], (ob) => (q.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('id', q.order)
      .limit(limit)
      .offset(offset)
      .execute()
  ).map((a) => ({
    id: Number(a.id),
    at: a.at.getTime(),
    staff: a.staff_username,
    action: a.action,
    before: a.before,
    after: a.after,
    ip: a.ip,
  }));

export const countTargetTrail = async (db: Kysely<DB>, q: TargetTrailQuery) =>
  Number((await trailWhere(db, q).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
