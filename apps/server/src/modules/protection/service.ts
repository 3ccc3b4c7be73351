import { COOLING_OFF_HOURS } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../shared/db';
import { createCounting } from './counting';
import { createDoor, type DoorCheck } from './door';
import { createLimits } from './limits';
import { createPauses, type EndSessions } from './pause';

export type ProtectionDeps = {
  db: Kysely<DB>;
  now?: (() => Date) | undefined;
  /** Ends every session of a member in the given transaction (identity's, handed in by app.ts). */
  endSessions: EndSessions;
  /** Hours an increase or removal of a limit waits (the licence profile's; 24 by default). */
  coolingOffHours?: number;
};

/**
 * Player protection (docs/decisions/030): limits, time-out, self-exclusion, reality checks, and
 * the one door every money or play call passes (`assertCan`, `assertCanSignIn`) with the
 * counting the money modules run inside their own transactions (`deposit`, `stake`, `payout`).
 */
export const createProtection = (deps: ProtectionDeps) => {
  const now = deps.now ?? (() => new Date());
  const door = createDoor(deps.db, now);
  const changed = (memberId: number) => door.forget(memberId);
  const counting = createCounting(now, changed);
  const limits = createLimits({
    db: deps.db,
    now,
    coolingOffHours: deps.coolingOffHours ?? COOLING_OFF_HOURS,
    changed,
  });
  const pauses = createPauses({ db: deps.db, now, endSessions: deps.endSessions, changed });
  return {
    /** Refuses a call a route's `protection` mark names, before it does anything. */
    assertCan: (memberId: number, check: DoorCheck) => door.assertCan(memberId, check),
    /** Refuses opening a session for a timed-out or self-excluded member (inside identity's transaction). */
    assertCanSignIn: (memberId: number, within?: Db) => door.assertCanSignIn(memberId, within),
    /** Checks and counts a deposit in the transaction that records it (before any gateway call). */
    assertCanDeposit: counting.deposit,
    /** Checks and counts a stake in the transaction that debits it. */
    assertCanStake: counting.stake,
    /** Counts a payout (lowers the net loss) in the transaction that credits it. */
    countPayout: counting.payout,
    limits,
    pauses,
    db: deps.db,
    now,
  };
};

export type Protection = ReturnType<typeof createProtection>;

/** What the money modules are handed: the counting half of the door, run in their transactions. */
export type StakeGuard = Pick<Protection, 'assertCanStake' | 'countPayout'>;
export type DepositGuard = Pick<Protection, 'assertCanDeposit'>;
