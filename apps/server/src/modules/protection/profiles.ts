import {
  COOLING_OFF_HOURS,
  GAME_TYPES,
  type GameType,
  type LicenceProfile,
  type LimitPrompt,
  type MoneyMode,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';

/**
 * Licence / jurisdiction profiles (docs/decisions/045): each merchant's rules as versioned data.
 * A change saves a new version; the highest version is in force; a merchant without one has the
 * defaults below (real money, every vertical, 18+, 24 h cooling-off, no prompt, no KYC rule).
 */
export type Profile = {
  merchantCode: string;
  version: number;
  minAge: number;
  moneyMode: MoneyMode;
  allowedProducts: GameType[];
  coolingOffHours: number;
  limitPrompt: LimitPrompt;
  kycBeforeDeposit: boolean;
  /** Withdrawals above this need verified KYC (0n: every withdrawal; null: none). */
  kycWithdrawalAbove: bigint | null;
  /** Years identity records are retained after closure (docs/decisions/052). */
  amlRetentionYears: number;
  /** The rapid-cycle risk signal: a withdrawal within these hours of a deposit, of at least this per cent of it (ADR 057). */
  riskCycleHours: number;
  riskCyclePercent: number;
  /** A confirmed risk flag holds the member's withdrawals until staff clear it (ADR 057). */
  riskHoldWithdrawals: boolean;
  savedAt: Date | null;
  savedBy: number | null;
};

export const defaultProfile = (merchantCode: string): Profile => ({
  merchantCode,
  version: 0,
  minAge: 18,
  moneyMode: 'real',
  allowedProducts: [...GAME_TYPES],
  coolingOffHours: COOLING_OFF_HOURS,
  limitPrompt: 'none',
  kycBeforeDeposit: false,
  kycWithdrawalAbove: null,
  amlRetentionYears: 5,
  riskCycleHours: 24,
  riskCyclePercent: 80,
  riskHoldWithdrawals: true,
  savedAt: null,
  savedBy: null,
});

/** How long a node answers from its memory of a profile (a saved change is in force within it). */
export const PROFILE_MEMORY_MS = 1_000;

export const readProfile = async (db: Db, merchantCode: string): Promise<Profile> => {
  const row = await db
    .selectFrom('protection_profile')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return defaultProfile(merchantCode);
  return {
    merchantCode,
    version: row.version,
    minAge: row.min_age,
    moneyMode: row.money_mode as MoneyMode,
    allowedProducts: (row.allowed_products as string[]).filter((p): p is GameType =>
      (GAME_TYPES as readonly string[]).includes(p),
    ),
    coolingOffHours: row.cooling_off_hours,
    limitPrompt: row.limit_prompt as LimitPrompt,
    kycBeforeDeposit: row.kyc_before_deposit,
    kycWithdrawalAbove: row.kyc_withdrawal_above === null ? null : BigInt(row.kyc_withdrawal_above),
    amlRetentionYears: row.aml_retention_years,
    riskCycleHours: row.risk_cycle_hours,
    riskCyclePercent: row.risk_cycle_percent,
    riskHoldWithdrawals: row.risk_hold_withdrawals,
    savedAt: row.created_at,
    savedBy: row.staff_id,
  };
};

/** The profile as the contract shows it. */
export const profileView = (p: Profile) => ({
  merchant: p.merchantCode,
  version: p.version,
  minAge: p.minAge,
  moneyMode: p.moneyMode,
  allowedProducts: p.allowedProducts,
  coolingOffHours: p.coolingOffHours,
  limitPrompt: p.limitPrompt,
  kycBeforeDeposit: p.kycBeforeDeposit,
  kycWithdrawalAbove: p.kycWithdrawalAbove === null ? null : p.kycWithdrawalAbove.toString(),
  amlRetentionYears: p.amlRetentionYears,
  riskCycleHours: p.riskCycleHours,
  riskCyclePercent: p.riskCyclePercent,
  riskHoldWithdrawals: p.riskHoldWithdrawals,
  savedAt: p.savedAt?.getTime() ?? null,
  savedBy: p.savedBy,
});

/** Whole years between a date of birth (YYYY-MM-DD) and `at` (UTC). */
export const ageOn = (birthDate: string, at: Date) => {
  const [y = 0, m = 1, d = 1] = birthDate.split('-').map(Number);
  let age = at.getUTCFullYear() - y;
  const month = at.getUTCMonth() + 1;
  if (month < m || (month === m && at.getUTCDate() < d)) age--;
  return age;
};

export const createProfiles = (db: Kysely<DB>, now: () => Date) => {
  const memory = new Map<string, { at: number; profile: Profile }>();

  /**
   * The profile in force for a merchant (remembered for at most PROFILE_MEMORY_MS unless `fresh`).
   * Inside a transaction pass it as `within`: a read is then made on it (PGlite has one connection).
   */
  const of = async (merchantCode: string, within?: Db, fresh = false): Promise<Profile> => {
    const at = now().getTime();
    const kept = memory.get(merchantCode);
    if (!fresh && kept && at - kept.at < PROFILE_MEMORY_MS && at >= kept.at) return kept.profile;
    const profile = await readProfile(within ?? db, merchantCode);
    memory.set(merchantCode, { at, profile });
    return profile;
  };

  /** Saves the next version; refused when another version was saved since `baseVersion`. */
  const save = async (
    trx: Db,
    merchantCode: string,
    input: LicenceProfile & { baseVersion: number },
    staffId: number | null,
  ): Promise<Profile> => {
    const current = await readProfile(trx, merchantCode);
    if (current.version !== input.baseVersion)
      throw new AppError('protection.profile.stale', { value: { version: current.version } });
    await trx
      .insertInto('protection_profile')
      .values({
        merchant_code: merchantCode,
        version: current.version + 1,
        min_age: input.minAge,
        money_mode: input.moneyMode,
        allowed_products: JSON.stringify([...new Set(input.allowedProducts)]),
        cooling_off_hours: input.coolingOffHours,
        limit_prompt: input.limitPrompt,
        kyc_before_deposit: input.kycBeforeDeposit,
        kyc_withdrawal_above: input.kycWithdrawalAbove,
        aml_retention_years: input.amlRetentionYears,
        risk_cycle_hours: input.riskCycleHours,
        risk_cycle_percent: input.riskCyclePercent,
        risk_hold_withdrawals: input.riskHoldWithdrawals,
        staff_id: staffId,
        created_at: now(),
      })
      .execute();
    memory.delete(merchantCode);
    return readProfile(trx, merchantCode);
  };

  /** Refuses real-money play of a play-money merchant and a vertical its licence does not allow. */
  const assertCanPlay = async (
    merchantCode: string,
    product: string | undefined,
    real: boolean,
    within?: Db,
  ) => {
    const profile = await of(merchantCode, within);
    if (real && profile.moneyMode === 'play') throw new AppError('protection.play.money');
    if (product !== undefined && !(profile.allowedProducts as string[]).includes(product))
      throw new AppError('protection.vertical', { value: { product } });
  };

  /**
   * The version in force as this node remembers it, without a read: undefined when the memory is
   * older than PROFILE_MEMORY_MS (the caller then does not reuse an answer built on an older one).
   */
  const versionNow = (merchantCode: string): number | undefined => {
    const at = now().getTime();
    const kept = memory.get(merchantCode);
    return kept && at - kept.at < PROFILE_MEMORY_MS && at >= kept.at ? kept.profile.version : undefined;
  };

  /** The rapid-cycle rule of every merchant with a saved profile (the others have the defaults). */
  const riskCycles = async () =>
    (
      await db
        .selectFrom('protection_profile')
        .distinctOn('merchant_code')
        .select(['merchant_code', 'risk_cycle_hours', 'risk_cycle_percent'])
        .orderBy('merchant_code')
        .orderBy('version', 'desc')
        .execute()
    ).map((r) => ({
      merchantCode: r.merchant_code,
      hours: r.risk_cycle_hours,
      percent: r.risk_cycle_percent,
    }));

  return {
    of,
    save,
    riskCycles,
    assertCanPlay,
    versionNow,
    forget: (merchantCode: string) => memory.delete(merchantCode),
  };
};

export type Profiles = ReturnType<typeof createProfiles>;
