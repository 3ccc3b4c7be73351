import type { ContractKind } from '@khela/contract';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/** The agency's settlement rows (table `agency_settlement`, migration 0060): one bill each. */
export type SettlementRow = {
  id: number;
  contractId: number;
  merchantCode: string;
  memberId: number;
  kind: ContractKind;
  periodStart: Date;
  periodEnd: Date;
  seq: number;
  teamTurnover: bigint;
  teamGgr: bigint;
  activeMembers: number;
  rateBp: number;
  carryIn: bigint;
  carryOut: bigint;
  gross: bigint;
  children: bigint;
  owed: bigint;
  amount: bigint;
  payer: 'platform' | 'upline';
  payerMemberId: number | null;
  state: 'paid' | 'pending_balance' | 'nothing';
  entryId: string | null;
  createdAt: Date;
};

type Raw = {
  id: string;
  contract_id: number;
  merchant_code: string;
  member_id: number;
  kind: string;
  period_start: Date;
  period_end: Date;
  seq: number;
  team_turnover_minor: string;
  team_ggr_minor: string;
  active_members: number;
  rate_bp: number;
  carry_in_minor: string;
  carry_out_minor: string;
  gross_minor: string;
  children_minor: string;
  owed_minor: string;
  amount_minor: string;
  payer: string;
  payer_member_id: number | null;
  state: string;
  entry_id: string | null;
  created_at: Date;
};

const toRow = (r: Raw): SettlementRow => ({
  id: Number(r.id),
  contractId: r.contract_id,
  merchantCode: r.merchant_code,
  memberId: r.member_id,
  kind: r.kind as ContractKind,
  periodStart: new Date(r.period_start),
  periodEnd: new Date(r.period_end),
  seq: r.seq,
  teamTurnover: BigInt(r.team_turnover_minor),
  teamGgr: BigInt(r.team_ggr_minor),
  activeMembers: r.active_members,
  rateBp: r.rate_bp,
  carryIn: BigInt(r.carry_in_minor),
  carryOut: BigInt(r.carry_out_minor),
  gross: BigInt(r.gross_minor),
  children: BigInt(r.children_minor),
  owed: BigInt(r.owed_minor),
  amount: BigInt(r.amount_minor),
  payer: r.payer as 'platform' | 'upline',
  payerMemberId: r.payer_member_id,
  state: r.state as SettlementRow['state'],
  entryId: r.entry_id,
  createdAt: new Date(r.created_at),
});

/** Every bill of one agent's kind and period (all seqs), in seq order. */
export const billsOfPeriod = async (db: Db, memberId: number, kind: ContractKind, periodStart: Date) =>
  (
    await db
      .selectFrom('agency_settlement')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('period_start', '=', periodStart)
      .orderBy('seq')
      .execute()
  ).map((r) => toRow(r as unknown as Raw));

/** The agent's last bill of a period before `before` (the dividend's carry-over). */
export const lastBillBefore = async (db: Db, memberId: number, kind: ContractKind, before: Date) => {
  const r = await db
    .selectFrom('agency_settlement')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('period_start', '<', before)
    .orderBy('period_start', 'desc')
    .orderBy('seq', 'desc')
    .executeTakeFirst();
  return r ? toRow(r as unknown as Raw) : undefined;
};

export type NewBill = Omit<SettlementRow, 'id' | 'entryId' | 'createdAt'>;

/**
 * Writes the bill unless one with its (member, kind, period, seq) exists: the unique key makes a
 * run exactly once even when several runs race (the loser waits for the winner, then writes
 * nothing). Answers the new row's id, or undefined when it was there already.
 */
export const insertBill = async (db: Db, b: NewBill, now: Date) => {
  const r = await db
    .insertInto('agency_settlement')
    .values({
      contract_id: b.contractId,
      merchant_code: b.merchantCode,
      member_id: b.memberId,
      kind: b.kind,
      period_start: b.periodStart,
      period_end: b.periodEnd,
      seq: b.seq,
      team_turnover_minor: b.teamTurnover.toString(),
      team_ggr_minor: b.teamGgr.toString(),
      active_members: b.activeMembers,
      rate_bp: b.rateBp,
      carry_in_minor: b.carryIn.toString(),
      carry_out_minor: b.carryOut.toString(),
      gross_minor: b.gross.toString(),
      children_minor: b.children.toString(),
      owed_minor: b.owed.toString(),
      amount_minor: b.amount.toString(),
      payer: b.payer,
      payer_member_id: b.payerMemberId,
      state: b.state,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'period_start', 'seq']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r ? Number(r.id) : undefined;
};

export const markPaid = (db: Db, id: number, entryId: string, at: Date) =>
  db
    .updateTable('agency_settlement')
    .set({ state: 'paid', entry_id: entryId, paid_at: at })
    .where('id', '=', String(id))
    .execute();

/** A pending bill, locked (the pay-pending job). */
export const pendingBillForUpdate = async (db: Db, id: number) => {
  const r = await db
    .selectFrom('agency_settlement')
    .selectAll()
    .where('id', '=', String(id))
    .where('state', '=', 'pending_balance')
    .forUpdate()
    .executeTakeFirst();
  return r ? toRow(r as unknown as Raw) : undefined;
};

export const pendingBillIds = async (db: Db, merchantCode: string) =>
  (
    await db
      .selectFrom('agency_settlement')
      .select('id')
      .where('merchant_code', '=', merchantCode)
      .where('state', '=', 'pending_balance')
      .orderBy('id')
      .limit(1000)
      .execute()
  ).map((r) => Number(r.id));

export const billsOf = async (
  db: Db,
  f: { merchantCode?: string; memberId?: number; kind?: ContractKind | undefined },
  limit: number,
  offset = 0,
) => {
  let q = db.selectFrom('agency_settlement').selectAll();
  if (f.merchantCode) q = q.where('merchant_code', '=', f.merchantCode);
  if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
  if (f.kind) q = q.where('kind', '=', f.kind);
  const rows = await q
    .orderBy('period_start', 'desc')
    .orderBy('seq', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => toRow(r as unknown as Raw));
};

export const incomeTotals = async (db: Db, memberId: number) => {
  const { rows } = await sql<{ kind: string; state: string; total: string }>`
    SELECT kind, state, sum(amount_minor)::text AS total FROM agency_settlement
     WHERE member_id = ${memberId} GROUP BY kind, state`.execute(db);
  return rows.map((r) => ({ kind: r.kind as ContractKind, state: r.state, total: BigInt(r.total) }));
};
