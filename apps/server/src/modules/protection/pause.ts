import { SESSION_WARNINGS_PERCENT, type SelfExclusionTerm } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../shared/db';
import { sessionLimitOf } from './counting';
import type { ProtectedMember } from './limits';
import { DAY_MS, exclusionEnd, minutesPlayed, playSessionLive, restrictionAt } from './rules';
import * as store from './store';

export type PauseRequest =
  | { type: 'timeout'; days: number; allMerchants: boolean }
  | { type: 'selfExclusion'; term: SelfExclusionTerm; allMerchants: boolean };

/** Ends every session of a member (identity's, handed in by the composition root). */
export type EndSessions = (memberId: number, within: Db) => Promise<unknown>;

/** Time-out, self-exclusion and the reality check (docs/decisions/030). */
export const createPauses = (deps: {
  db: Kysely<DB>;
  now: () => Date;
  endSessions: EndSessions;
  changed: (memberId: number) => void;
}) => {
  const { db, now } = deps;

  /**
   * In force at once: every session of the member ends in the same transaction. A pause never
   * shortens one already in force (a longer or permanent one stays).
   */
  const pause = async (member: ProtectedMember, request: PauseRequest, staffId: number | null = null) => {
    const at = now();
    const until =
      request.type === 'timeout'
        ? new Date(at.getTime() + request.days * DAY_MS)
        : exclusionEnd(request.term, at);
    const type = request.type === 'timeout' ? 'timeout' : 'self_exclusion';
    await db.transaction().execute(async (trx) => {
      const row = await store.lockMember(trx, member.id, at);
      const current = restrictionAt(row, at);
      const outlasts =
        current !== null &&
        (current.until === null || (until !== null && current.until.getTime() >= until.getTime()));
      if (!outlasts)
        await store.setRestriction(trx, member.id, { type, until, allMerchants: request.allMerchants }, at);
      await deps.endSessions(member.id, trx);
      await store.endPlay(trx, member.id);
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: type,
        detail: { until: until?.toISOString() ?? null, kept: outlasts, allMerchants: request.allMerchants },
        staffId,
        at,
      });
    });
    deps.changed(member.id);
  };

  const setReality = async (member: ProtectedMember, minutes: number | null) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      await store.lockMember(trx, member.id, at);
      await store.setReality(trx, member.id, minutes, at);
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: 'reality.set',
        detail: { minutes },
        at,
      });
    });
    deps.changed(member.id);
  };

  /** Time played and net result of the live play session, with the session-time limit's share used. */
  const reality = async (memberId: number) => {
    const at = now();
    const row = await store.readMember(db, memberId);
    const live = row !== undefined && playSessionLive(row.play_last_at, at) && row.play_started_at !== null;
    const limit = sessionLimitOf(await store.limitsOf(db, memberId));
    const played = minutesPlayed(row, at);
    const percent = limit === null ? null : Math.min(100, Math.floor((played * 100) / limit));
    return {
      realityMinutes: row?.reality_minutes ?? null,
      startedAt: live ? (row?.play_started_at?.getTime() ?? null) : null,
      playedSeconds:
        live && row?.play_started_at ? Math.floor((at.getTime() - row.play_started_at.getTime()) / 1000) : 0,
      netMinor: live ? (row?.play_net_minor ?? '0') : '0',
      sessionLimitMinutes: limit,
      sessionUsedPercent: percent,
    };
  };

  /** "continue" is recorded; "stop" also ends the play session. */
  const answerReality = async (member: ProtectedMember, choice: 'continue' | 'stop') => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      await store.lockMember(trx, member.id, at);
      if (choice === 'stop') await store.endPlay(trx, member.id);
      await store.insertEvent(trx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        action: `reality.${choice}`,
        at,
      });
    });
    deps.changed(member.id);
  };

  return { pause, setReality, reality, answerReality, warnings: SESSION_WARNINGS_PERCENT };
};
