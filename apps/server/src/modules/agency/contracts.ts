import type { ContractKind, ContractTier } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import * as store from './contract-store';
import { type CarryMode, tiersProblem, withinCap } from './maths';

/**
 * Contract rules (spec §4, verticals §D): a contract is versioned data and never edited. An agent
 * offers contracts only to its direct downline and never above its own accepted contract of the
 * kind (refused with 409 `agency.contract.above.upline`); accepting a new version terminates the
 * one it replaces (a new lower-rate contract ends the old one); when an agent's contract falls
 * (or ends), the contracts it offered that are now above it are terminated, down the tree.
 */
export type Terms = {
  kind: ContractKind;
  tiers: ContractTier[];
  cycles: 1 | 2 | 3;
  carry: CarryMode;
  payer: 'platform' | 'upline';
};

export const checkTerms = (terms: Terms) => {
  const problem = tiersProblem(terms.tiers);
  if (problem) throw new AppError('agency.contract.invalid', { value: { reason: problem } });
};

/** The offer of `offererId` to its direct downline `memberId`: a `requested` contract. */
export const offer = async (
  trx: Db,
  q: { merchantCode: string; offererId: number; memberId: number; terms: Terms; now: Date },
) => {
  checkTerms(q.terms);
  const own = await store.acceptedOf(trx, q.offererId, q.terms.kind);
  if (!own) throw new AppError('agency.contract.none', { value: { kind: q.terms.kind } });
  if (!withinCap(q.terms.tiers, own.tiers))
    throw new AppError('agency.contract.above.upline', { value: { kind: q.terms.kind } });
  // A pending offer of the same kind is replaced: the newer one is the one to answer.
  const live = await store.liveContracts(trx, [q.memberId]);
  for (const c of live)
    if (c.kind === q.terms.kind && c.status === 'requested')
      await store.setStatus(trx, c.id, 'expired', q.now, 'replaced');
  return store.insertContract(trx, {
    merchantCode: q.merchantCode,
    memberId: q.memberId,
    offeredBy: q.offererId,
    ...q.terms,
    status: 'requested',
    createdAt: q.now,
    decidedAt: null,
  });
};

/** Terminates the live contracts `agentId` offered that its own (now `ownTiers`, or none) no longer covers. */
const cascade = async (
  trx: Db,
  agentId: number,
  kind: ContractKind,
  ownTiers: ContractTier[] | null,
  now: Date,
) => {
  for (const c of await store.liveOfferedBy(trx, agentId, kind)) {
    if (ownTiers && withinCap(c.tiers, ownTiers)) continue;
    await store.setStatus(trx, c.id, 'terminated', now, 'above_upline');
    if (c.status === 'accepted') await cascade(trx, c.memberId, kind, null, now);
  }
};

/** Puts `contract` in force: the accepted one of its kind it replaces ends, the cap cascades. */
const putInForce = async (trx: Db, contractId: number, memberId: number, kind: ContractKind, now: Date) => {
  const previous = await store.acceptedOf(trx, memberId, kind, true);
  if (previous) await store.setStatus(trx, previous.id, 'terminated', now, 'replaced');
  const accepted = await store.setStatus(trx, contractId, 'accepted', now);
  await cascade(trx, memberId, kind, accepted.tiers, now);
  return accepted;
};

/** The holder answers an offer. */
export const decide = async (
  trx: Db,
  q: { memberId: number; contractId: number; accept: boolean; now: Date },
) => {
  const c = await store.contractById(trx, q.contractId, true);
  if (!c || c.memberId !== q.memberId) throw new AppError('not.found');
  if (c.status !== 'requested') throw new AppError('agency.contract.state', { value: { status: c.status } });
  if (!q.accept) return store.setStatus(trx, c.id, 'declined', q.now);
  // The offerer's own contract may have fallen since the offer: the cap is checked again.
  if (c.offeredBy !== null) {
    const own = await store.acceptedOf(trx, c.offeredBy, c.kind);
    if (!own || !withinCap(c.tiers, own.tiers)) {
      await store.setStatus(trx, c.id, 'expired', q.now, 'above_upline');
      throw new AppError('agency.contract.above.upline', { value: { kind: c.kind } });
    }
  }
  return putInForce(trx, c.id, c.memberId, c.kind, q.now);
};

/**
 * The offerer ends a contract it offered. An offer not yet answered is withdrawn at once; an
 * accepted contract is a revocation the holder must confirm (spec §4, verticals §D): it stays in
 * force meanwhile. Refused with 409 `agency.revocation.blocked` while a revocation is already
 * asked (`value.reason: 'asked'`) or the holder has an offer of the kind not yet answered
 * (`'offer.pending'`: revocation waits until the holder's pending change is settled).
 */
export const terminate = async (trx: Db, q: { offererId: number; contractId: number; now: Date }) => {
  const c = await store.contractById(trx, q.contractId, true);
  if (!c || c.offeredBy !== q.offererId) throw new AppError('not.found');
  if (c.status === 'requested') return store.setStatus(trx, c.id, 'terminated', q.now, 'by_upline');
  if (c.status !== 'accepted') throw new AppError('agency.contract.state', { value: { status: c.status } });
  if (c.revocationAskedAt) throw new AppError('agency.revocation.blocked', { value: { reason: 'asked' } });
  if (await store.requestedOf(trx, c.memberId, c.kind))
    throw new AppError('agency.revocation.blocked', { value: { reason: 'offer.pending' } });
  return store.setRevocationAsked(trx, c.id, q.now);
};

/**
 * The holder answers its upline's revocation: confirmed, the contract ends (`revoked`) and the
 * contracts it offered below end with it (cascade); declined, it stays in force and the request
 * is cleared. 409 `agency.contract.state` when no revocation is asked of an accepted contract.
 */
export const answerRevocation = async (
  trx: Db,
  q: { memberId: number; contractId: number; confirm: boolean; now: Date },
) => {
  const c = await store.contractById(trx, q.contractId, true);
  if (!c || c.memberId !== q.memberId) throw new AppError('not.found');
  if (c.status !== 'accepted' || !c.revocationAskedAt)
    throw new AppError('agency.contract.state', { value: { status: c.status } });
  if (!q.confirm) return store.setRevocationAsked(trx, c.id, null);
  const ended = await store.setStatus(trx, c.id, 'terminated', q.now, 'revoked');
  await cascade(trx, c.memberId, c.kind, null, q.now);
  return ended;
};

/** The platform's contract for an agent (back office): in force at once, cap cascading below. */
export const platformContract = async (
  trx: Db,
  q: { merchantCode: string; memberId: number; terms: Terms; now: Date },
) => {
  checkTerms(q.terms);
  // An older pending offer of the kind is superseded.
  for (const c of await store.liveContracts(trx, [q.memberId]))
    if (c.kind === q.terms.kind && c.status === 'requested')
      await store.setStatus(trx, c.id, 'expired', q.now, 'replaced');
  const created = await store.insertContract(trx, {
    merchantCode: q.merchantCode,
    memberId: q.memberId,
    offeredBy: null,
    ...q.terms,
    payer: 'platform',
    status: 'requested',
    createdAt: q.now,
    decidedAt: null,
  });
  return putInForce(trx, created.id, q.memberId, q.terms.kind, q.now);
};
