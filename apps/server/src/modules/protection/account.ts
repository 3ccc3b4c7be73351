import type { ClosureReason } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { ProtectedMember } from './limits';
import type { EndSessions } from './pause';
import { endedExclusion, liftFrom } from './rules';
import * as store from './store';

/**
 * Account closure and lifting an ended self-exclusion (docs/decisions/045).
 * - Closure: at the member's request, distinct from self-exclusion: restriction `closed` with no
 *   end; every session ends in the same transaction; sign-in, deposits and play are refused.
 * - Lift: a self-exclusion whose term is over stays in force for deposits and play until the
 *   member asks (`requestLift`), waits the cooling-off (24 h) and confirms (`confirmLift`).
 */
export const createAccountClosure = (deps: {
  db: Kysely<DB>;
  now: () => Date;
  endSessions: EndSessions;
  changed: (memberId: number) => void;
}) => {
  const { db, now } = deps;

  /** `harm` (the default: gambling harm or exclusion) is never reopened by the member (ADR 052). */
  const close = async (member: ProtectedMember, reason: ClosureReason = 'harm') => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      await store.lockMember(trx, member.id, at);
      await store.setRestriction(
        trx,
        member.id,
        { type: 'closed', until: null, allMerchants: false, closureReason: reason },
        at,
      );
      await deps.endSessions(member.id, trx);
      await store.endPlay(trx, member.id);
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: 'account.closed',
        detail: { reason },
        at,
      });
    });
    deps.changed(member.id);
  };

  const requestLift = async (member: ProtectedMember) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await store.lockMember(trx, member.id, at);
      if (!endedExclusion(row, at))
        throw new AppError('protection.lift.unavailable', { value: { from: null } });
      if (row.lift_requested_at !== null) return; // asked already: the cooling-off runs from the first ask
      await store.setLiftRequested(trx, member.id, at);
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: 'exclusion.lift.requested',
        at,
      });
    });
    deps.changed(member.id);
  };

  const confirmLift = async (member: ProtectedMember) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await store.lockMember(trx, member.id, at);
      const from = liftFrom(row);
      if (!endedExclusion(row, at) || from === null || at.getTime() < from.getTime())
        throw new AppError('protection.lift.unavailable', { value: { from: from?.getTime() ?? null } });
      await store.clearRestriction(trx, member.id, at);
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: 'exclusion.lifted',
        at,
      });
    });
    deps.changed(member.id);
  };

  return { close, requestLift, confirmLift };
};
