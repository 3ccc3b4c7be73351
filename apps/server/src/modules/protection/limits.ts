import {
  CONFIRM_WITHIN_DAYS,
  type LimitKind,
  type LimitPeriodOrSession,
  type LimitPrompt,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { limitUses } from './counting';
import { DAY_MS, HOUR_MS, minutesPlayed, restrictionAt } from './rules';
import * as store from './store';

export type ProtectedMember = { id: number; merchantCode: string };

/** Setting and confirming limits, and the member's view of them (docs/decisions/030). */
export const createLimits = (deps: {
  db: Kysely<DB>;
  now: () => Date;
  /** Hours an increase or removal waits: the member's merchant's licence profile (docs/decisions/045). */
  coolingOffHours: (merchantCode: string, within: Db) => Promise<number>;
  /** When the member's merchant's licence profile asks for limits (docs/decisions/053). */
  limitPromptOf: (merchantCode: string, within: Db) => Promise<LimitPrompt>;
  changed: (memberId: number) => void;
}) => {
  const { db, now } = deps;

  /** A pending change still waiting (cooling-off or confirmation), or null when none or lapsed. */
  const pendingOf = (l: store.LimitRow, at: Date) =>
    l.pending_action && l.pending_from && l.pending_until && at.getTime() < l.pending_until.getTime()
      ? {
          action: l.pending_action as 'raise' | 'remove',
          amount: l.pending_amount,
          from: l.pending_from.getTime(),
          until: l.pending_until.getTime(),
        }
      : null;

  const state = async (member: ProtectedMember) => {
    const memberId = member.id;
    const at = now();
    const row = await store.readMember(db, memberId);
    const prompt = await deps.limitPromptOf(member.merchantCode, db);
    const limits = await store.limitsOf(db, memberId);
    const uses = await limitUses(db, memberId, limits, ['deposit', 'wager', 'loss'], at);
    const restriction = restrictionAt(row, at);
    return {
      limits: limits
        .map((l) => ({
          kind: l.kind as LimitKind,
          period: l.period as LimitPeriodOrSession,
          amount: l.amount,
          usage:
            l.kind === 'session'
              ? String(minutesPlayed(row, at))
              : (uses.find((u) => u.kind === l.kind && u.period === l.period)?.usage ?? 0n).toString(),
          pending: pendingOf(l, at),
        }))
        .sort((a, b) => `${a.kind}.${a.period}`.localeCompare(`${b.kind}.${b.period}`)),
      restriction:
        restriction && restriction.type !== 'closed'
          ? { type: restriction.type, until: restriction.until?.getTime() ?? null }
          : null,
      realityMinutes: row?.reality_minutes ?? null,
      // The profile's limit prompt, due until the member sets a limit or says "not now".
      limitPrompt: { when: prompt, due: prompt !== 'none' && !row?.limit_prompt_answer },
    };
  };

  const audit = (trx: Kysely<DB>, member: ProtectedMember, action: string, detail: Record<string, unknown>) =>
    store.insertEvent(trx, {
      merchantCode: member.merchantCode,
      memberId: member.id,
      action,
      detail,
      at: now(),
    });

  /**
   * A lower limit (or a first one) is in force at once; a higher one or a removal waits for the
   * cooling-off and then for the member's confirmation within `CONFIRM_WITHIN_DAYS`.
   */
  const setLimit = async (
    member: ProtectedMember,
    input: { kind: LimitKind; period: LimitPeriodOrSession; amount: bigint | null },
  ) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      await store.lockMember(trx, member.id, at);
      const current = (await store.limitsOf(trx, member.id)).find(
        (l) => l.kind === input.kind && l.period === input.period,
      );
      const inForce = current?.amount != null ? BigInt(current.amount) : null;
      const base = { kind: input.kind, period: input.period };
      if (input.amount !== null && (inForce === null || input.amount <= inForce)) {
        await store.saveLimit(
          trx,
          member.id,
          {
            ...base,
            amount: input.amount.toString(),
            pending_action: null,
            pending_amount: null,
            pending_from: null,
            pending_until: null,
          },
          at,
        );
        await audit(trx, member, 'limit.set', { ...base, amount: input.amount.toString() });
        await store.answerLimitPrompt(trx, member.id, 'set', at);
        return;
      }
      if (inForce === null) return; // removing a limit that is not there
      const from = new Date(at.getTime() + (await deps.coolingOffHours(member.merchantCode, trx)) * HOUR_MS);
      await store.saveLimit(
        trx,
        member.id,
        {
          ...base,
          amount: inForce.toString(),
          pending_action: input.amount === null ? 'remove' : 'raise',
          pending_amount: input.amount?.toString() ?? null,
          pending_from: from,
          pending_until: new Date(from.getTime() + CONFIRM_WITHIN_DAYS * DAY_MS),
        },
        at,
      );
      await audit(trx, member, 'limit.requested', { ...base, amount: input.amount?.toString() ?? null });
    });
    deps.changed(member.id);
    return state(member);
  };

  /** Applies a pending increase or removal: only after its cooling-off and before it lapses. */
  const confirmLimit = async (
    member: ProtectedMember,
    input: { kind: LimitKind; period: LimitPeriodOrSession },
  ) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      await store.lockMember(trx, member.id, at);
      const current = (await store.limitsOf(trx, member.id)).find(
        (l) => l.kind === input.kind && l.period === input.period,
      );
      const pending = current ? pendingOf(current, at) : null;
      if (!current || !pending)
        throw new AppError('protection.confirm.unavailable', { value: { from: null } });
      if (at.getTime() < pending.from)
        throw new AppError('protection.confirm.unavailable', { value: { from: pending.from } });
      if (pending.action === 'remove') await store.deleteLimit(trx, member.id, input.kind, input.period);
      else
        await store.saveLimit(
          trx,
          member.id,
          {
            ...current,
            amount: pending.amount,
            pending_action: null,
            pending_amount: null,
            pending_from: null,
            pending_until: null,
          },
          at,
        );
      await audit(trx, member, 'limit.confirmed', {
        ...input,
        action: pending.action,
        amount: pending.amount,
      });
    });
    deps.changed(member.id);
    return state(member);
  };

  return { state, setLimit, confirmLimit };
};
