import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { createAccountClosure } from './account';
import { birthdayMembers } from './birthdays';
import { createCounting } from './counting';
import { createDoor, type DoorCheck } from './door';
import { createErasure, type IdentityEraser, type PersonalDataEraser } from './erasure';
import { createKyc } from './kyc';
import { createLimitPrompt } from './limit-prompt';
import { createLimits, type ProtectedMember } from './limits';
import { createPauses, type EndSessions } from './pause';
import { createProfiles } from './profiles';
import { endedExclusion, restrictionAt } from './rules';
import { readMember } from './store';

export type ProtectionDeps = {
  db: Kysely<DB>;
  now?: (() => Date) | undefined;
  /** Ends every session of a member in the given transaction (identity's, handed in by app.ts). */
  endSessions: EndSessions;
  /** Identity's half of an erasure (docs/decisions/052), handed in by app.ts. */
  identity?: IdentityEraser | undefined;
  /** The other owners of personal data (cashier, inbox, support chat; ADR 057), handed in by app.ts. */
  personalData?: readonly PersonalDataEraser[] | undefined;
};

/** What a stake is of: the merchant (its licence profile) and the vertical (catalogue game type). */
export type StakeOf = { merchantCode: string; product: string };

/**
 * Player protection (docs/decisions/030, 045): limits, time-out, self-exclusion, reality checks,
 * licence profiles, KYC, account closure, and the one door every money or play call passes
 * (`assertCan`, `assertCanSignIn`) with the counting the money modules run inside their own
 * transactions (`deposit`, `stake`, `payout`).
 */
export const createProtection = (deps: ProtectionDeps) => {
  const now = deps.now ?? (() => new Date());
  const door = createDoor(deps.db, now);
  const changed = (memberId: number) => door.forget(memberId);
  const counting = createCounting(now, changed);
  const profiles = createProfiles(deps.db, now);
  const limits = createLimits({
    db: deps.db,
    now,
    coolingOffHours: async (merchantCode, within) =>
      (await profiles.of(merchantCode, within)).coolingOffHours,
    limitPromptOf: async (merchantCode, within) => (await profiles.of(merchantCode, within)).limitPrompt,
    changed,
  });
  const limitPrompt = createLimitPrompt({ db: deps.db, now, profiles, changed });
  const pauses = createPauses({ db: deps.db, now, endSessions: deps.endSessions, changed });
  const account = createAccountClosure({ db: deps.db, now, endSessions: deps.endSessions, changed });
  const kyc = createKyc({ db: deps.db, now, profiles, changed });
  const erasure = createErasure({
    db: deps.db,
    now,
    profiles,
    endSessions: deps.endSessions,
    changed,
    identity: deps.identity,
    others: deps.personalData,
  });
  return {
    /** Refuses a call a route's `protection` mark names, before it does anything. */
    assertCan: (memberId: number, check: DoorCheck) => door.assertCan(memberId, check),
    /** Refuses opening a session for a timed-out, self-excluded or closed member (inside identity's transaction). */
    assertCanSignIn: (memberId: number, within?: Db) => door.assertCanSignIn(memberId, within),
    /**
     * Checks and counts a deposit in the transaction that records it (before any gateway call);
     * with the merchant, its licence profile applies too (play money only, KYC before deposit, the
     * limit prompt answered).
     */
    assertCanDeposit: async (trx: Db, memberId: number, amount: bigint, merchantCode?: string) => {
      if (merchantCode !== undefined) {
        await kyc.assertDeposit(trx, memberId, merchantCode);
        await limitPrompt.assertDeposit(trx, memberId, merchantCode);
      }
      await counting.deposit(trx, memberId, amount);
    },
    /**
     * Checks and counts a stake in the transaction that debits it; with what it is of, the
     * licence profile applies too (play money only, allowed verticals).
     */
    assertCanStake: async (trx: Db, memberId: number, amount: bigint, of?: StakeOf) => {
      if (of) await profiles.assertCanPlay(of.merchantCode, of.product, true, trx);
      await counting.stake(trx, memberId, amount);
    },
    /** Counts a payout (lowers the net loss) in the transaction that credits it. */
    countPayout: counting.payout,
    /**
     * In the withdrawal's transaction: verified KYC above the licence profile's threshold, and no
     * confirmed risk flag where the profile holds withdrawals for one (ADR 057).
     */
    assertCanWithdraw: async (trx: Db, memberId: number, merchantCode: string, amount: bigint) => {
      await kyc.assertWithdrawal(trx, memberId, merchantCode, amount);
      if (!(await profiles.of(merchantCode, trx)).riskHoldWithdrawals) return;
      const confirmed = await trx
        .selectFrom('protection_risk_flag')
        .select('kind')
        .where('member_id', '=', memberId)
        .where('status', '=', 'confirmed')
        .orderBy('decided_at')
        .limit(1)
        .executeTakeFirst();
      if (confirmed) throw new AppError('protection.risk.hold', { value: { kind: confirmed.kind } });
    },
    /** A game launch: refuses a vertical the licence does not allow, and real money on a play-money merchant. */
    assertCanLaunch: (merchantCode: string, product: string, real: boolean) =>
      profiles.assertCanPlay(merchantCode, product, real),
    /** Marketing stop: timed out, self-excluded (its term running, or ended and not lifted) or closed. */
    marketingStopped: async (memberId: number) => {
      const row = await readMember(deps.db, memberId);
      const at = now();
      return restrictionAt(row, at) !== null || endedExclusion(row, at);
    },
    /** Members with a birthday on one of `monthDays` ('MM-DD') whom marketing may reach (ADR 056). */
    birthdayMembers: (monthDays: string[], at?: Date) => birthdayMembers(deps.db, monthDays, at ?? now()),
    /** The member's responsible-gaming state: limits with usage, restriction, reality check, limit prompt. */
    stateOf: (member: ProtectedMember) => limits.state(member),
    limits,
    limitPrompt,
    pauses,
    account,
    profiles,
    kyc,
    erasure,
    db: deps.db,
    now,
  };
};

export type Protection = ReturnType<typeof createProtection>;

/** What the money modules are handed: the counting half of the door, run in their transactions. */
export type StakeGuard = Pick<Protection, 'assertCanStake' | 'countPayout'>;
export type DepositGuard = Pick<Protection, 'assertCanDeposit'>;
