import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../shared/db';
import { limitUses, sessionLimitError, sessionLimitOf } from './counting';
import {
  assertMayMoveMoney,
  limitError,
  minutesPlayed,
  restrictionError,
  signInRestrictionAt,
} from './rules';
import * as store from './store';

/** What a route's `protection` mark asks the door to check. */
export type DoorCheck = 'signIn' | 'deposit' | 'play' | 'stake' | 'transfer';

/** How long a node may answer from its memory of a member (a change is in force everywhere within it). */
export const DOOR_MEMORY_MS = 1_000;

type Snapshot = {
  row: store.MemberRow | undefined;
  limits: store.LimitRow[];
  uses: Awaited<ReturnType<typeof limitUses>>;
};

/**
 * The one door (docs/decisions/030): before a marked call, refuses a timed-out or self-excluded
 * member, and one whose limit of the call's kind is used up (a deposit limit for deposits; wager,
 * loss or session time for play, stakes and transfers). The amount of a movement is checked again, atomically, where it
 * is counted (`counting.ts`). A node remembers a member's state for at most `DOOR_MEMORY_MS`.
 */
export const createDoor = (db: Kysely<DB>, now: () => Date) => {
  const memory = new Map<number, { at: number; snapshot: Snapshot }>();

  const snapshotOf = async (memberId: number, at: Date): Promise<Snapshot> => {
    const kept = memory.get(memberId);
    if (kept && at.getTime() - kept.at < DOOR_MEMORY_MS && at.getTime() >= kept.at) return kept.snapshot;
    const row = await store.readMember(db, memberId);
    const limits = row ? await store.limitsOf(db, memberId) : [];
    const uses = await limitUses(db, memberId, limits, ['deposit', 'wager', 'loss'], at);
    const snapshot = { row, limits, uses };
    if (memory.size > 50_000) memory.clear();
    memory.set(memberId, { at: at.getTime(), snapshot });
    return snapshot;
  };

  /** Refuses the call when the member may not do what it starts (throws the refusal). */
  const assertCan = async (memberId: number, check: DoorCheck) => {
    const at = now();
    const { row, limits, uses } = await snapshotOf(memberId, at);
    if (check === 'signIn') {
      const restriction = signInRestrictionAt(row, at);
      if (restriction) throw restrictionError(restriction);
      return;
    }
    assertMayMoveMoney(row, at);
    const kinds = check === 'deposit' ? ['deposit'] : ['wager', 'loss'];
    const spent = uses.find((u) => kinds.includes(u.kind) && u.usage >= u.amount);
    if (spent) throw limitError(spent);
    if (check === 'deposit') return;
    const session = sessionLimitOf(limits);
    const played = minutesPlayed(row, at);
    if (session !== null && played >= session) throw sessionLimitError(session, played);
  };

  /** Sign-in inside identity's transaction: read fresh, never from memory. */
  const assertCanSignIn = async (memberId: number, within: Db = db) => {
    const restriction = signInRestrictionAt(await store.readMember(within, memberId), now());
    if (restriction) throw restrictionError(restriction);
  };

  return {
    assertCan,
    assertCanSignIn,
    /** This node's memory of the member is stale (its own write). */
    forget: (memberId: number) => {
      memory.delete(memberId);
    },
  };
};

export type Door = ReturnType<typeof createDoor>;
