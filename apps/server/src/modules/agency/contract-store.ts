import type { ContractKind, ContractTier } from '@khela/contract';
import type { Selectable } from 'kysely';
import type { AgencyContract } from '../../db/schema.generated';
import type { Db } from '../../shared/db';
import type { CarryMode } from './maths';

/** The agency's contract rows (table `agency_contract`, migration 0060). */
export type ContractRow = {
  id: number;
  merchantCode: string;
  memberId: number;
  offeredBy: number | null;
  kind: ContractKind;
  version: number;
  tiers: ContractTier[];
  cycles: 1 | 2 | 3;
  carry: CarryMode;
  payer: 'platform' | 'upline';
  status: 'requested' | 'accepted' | 'declined' | 'expired' | 'terminated';
  createdAt: Date;
  decidedAt: Date | null;
  endedAt: Date | null;
  endReason: string | null;
  /** The upline asked to end it (ADR 059): in force until the holder confirms or declines. */
  revocationAskedAt: Date | null;
};

const toRow = (r: Selectable<AgencyContract>): ContractRow => ({
  id: r.id,
  merchantCode: r.merchant_code,
  memberId: r.member_id,
  offeredBy: r.offered_by,
  kind: r.kind as ContractKind,
  version: r.version,
  tiers: (typeof r.tiers === 'string' ? JSON.parse(r.tiers) : r.tiers) as ContractTier[],
  cycles: r.cycles as 1 | 2 | 3,
  carry: r.carry as CarryMode,
  payer: r.payer as 'platform' | 'upline',
  status: r.status as ContractRow['status'],
  createdAt: r.created_at,
  decidedAt: r.decided_at,
  endedAt: r.ended_at,
  endReason: r.end_reason,
  revocationAskedAt: r.revocation_asked_at,
});

export const contractById = async (db: Db, id: number, forUpdate = false) => {
  let q = db.selectFrom('agency_contract').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toRow(r) : undefined;
};

/** The member's live (requested or accepted) contracts, or of several members. */
export const liveContracts = async (db: Db, memberIds: number[]) => {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('agency_contract')
    .selectAll()
    .where('member_id', 'in', memberIds)
    .where('status', 'in', ['requested', 'accepted'])
    .orderBy('id')
    .execute();
  return rows.map(toRow);
};

export const acceptedOf = async (db: Db, memberId: number, kind: ContractKind, forUpdate = false) => {
  let q = db
    .selectFrom('agency_contract')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('status', '=', 'accepted');
  if (forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toRow(r) : undefined;
};

/** Contracts the given agent offered that are still live (the auto-cancel cascade). */
export const liveOfferedBy = async (db: Db, offeredBy: number, kind: ContractKind) =>
  (
    await db
      .selectFrom('agency_contract')
      .selectAll()
      .where('offered_by', '=', offeredBy)
      .where('kind', '=', kind)
      .where('status', 'in', ['requested', 'accepted'])
      .forUpdate()
      .execute()
  ).map(toRow);

/** The contract of each agent in force at `at` (accepted before it and not ended before it). */
export const contractsInForce = async (db: Db, merchantCode: string, kind: ContractKind, at: Date) => {
  const rows = await db
    .selectFrom('agency_contract')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('kind', '=', kind)
    .where('status', 'in', ['accepted', 'terminated'])
    .where('decided_at', '<', at)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', at)]))
    .orderBy('decided_at')
    .execute();
  const byMember = new Map<number, ContractRow>();
  for (const r of rows) byMember.set(r.member_id, toRow(r));
  return [...byMember.values()];
};

export const nextVersion = async (db: Db, memberId: number, kind: ContractKind) => {
  const r = await db
    .selectFrom('agency_contract')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(r?.v ?? 0) + 1;
};

export const insertContract = async (
  db: Db,
  c: Omit<ContractRow, 'id' | 'version' | 'decidedAt' | 'endedAt' | 'endReason' | 'revocationAskedAt'> & {
    decidedAt: Date | null;
  },
) => {
  const version = await nextVersion(db, c.memberId, c.kind);
  const r = await db
    .insertInto('agency_contract')
    .values({
      merchant_code: c.merchantCode,
      member_id: c.memberId,
      offered_by: c.offeredBy,
      kind: c.kind,
      version,
      tiers: JSON.stringify(c.tiers),
      cycles: c.cycles,
      carry: c.carry,
      payer: c.payer,
      status: c.status,
      created_at: c.createdAt,
      decided_at: c.decidedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(r);
};

export const setStatus = async (
  db: Db,
  id: number,
  status: ContractRow['status'],
  at: Date,
  endReason: string | null = null,
) => {
  const ends = status === 'terminated' || status === 'expired' || status === 'declined';
  const r = await db
    .updateTable('agency_contract')
    .set({
      status,
      ...(status === 'accepted' || status === 'declined' ? { decided_at: at } : {}),
      ...(ends ? { ended_at: at, end_reason: endReason } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(r);
};

/** Marks (or clears, with null) the upline's request to end an accepted contract. */
export const setRevocationAsked = async (db: Db, id: number, at: Date | null) =>
  toRow(
    await db
      .updateTable('agency_contract')
      .set({ revocation_asked_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

/** The holder's offer of a kind still waiting for its answer (a change not yet confirmed). */
export const requestedOf = async (db: Db, memberId: number, kind: ContractKind) => {
  const r = await db
    .selectFrom('agency_contract')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return r ? toRow(r) : undefined;
};
