import type { ContractView, SettlementView } from '@khela/contract';
import type { ContractRow } from './contract-store';
import type { SettlementRow } from './settlement-store';

/** Rows as the agent centre and the back office show them (names resolved by the caller). */
export const contractView = (c: ContractRow, names: ReadonlyMap<number, string>): ContractView => ({
  id: c.id,
  account: names.get(c.memberId) ?? String(c.memberId),
  kind: c.kind,
  version: c.version,
  tiers: c.tiers,
  cycles: c.cycles,
  carry: c.carry,
  payer: c.payer,
  status: c.status,
  offeredBy: c.offeredBy === null ? null : (names.get(c.offeredBy) ?? String(c.offeredBy)),
  createdAt: c.createdAt.getTime(),
  decidedAt: c.decidedAt?.getTime() ?? null,
  endReason: c.endReason,
  revocationAskedAt: c.revocationAskedAt?.getTime() ?? null,
});

export const settlementView = (b: SettlementRow, names: ReadonlyMap<number, string>): SettlementView => ({
  id: b.id,
  account: names.get(b.memberId) ?? String(b.memberId),
  kind: b.kind,
  contractId: b.contractId,
  periodStart: b.periodStart.getTime(),
  periodEnd: b.periodEnd.getTime(),
  seq: b.seq,
  teamTurnoverMinor: b.teamTurnover.toString(),
  teamGgrMinor: b.teamGgr.toString(),
  activeMembers: b.activeMembers,
  rateBp: b.rateBp,
  carryInMinor: b.carryIn.toString(),
  carryOutMinor: b.carryOut.toString(),
  grossMinor: b.gross.toString(),
  childrenMinor: b.children.toString(),
  owedMinor: b.owed.toString(),
  amountMinor: b.amount.toString(),
  payer: b.payer,
  state: b.state,
  createdAt: b.createdAt.getTime(),
});
