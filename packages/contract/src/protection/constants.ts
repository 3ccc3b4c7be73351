/**
 * Player protection (issue 16, docs/decisions/030-player-protection.md): plain constants the web
 * apps import at run time.
 */

/** Money limits: deposits, net loss and wagers, each per rolling day, week and month. */
export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** Every limit: the money limits plus the session-time limit (minutes, period `session`). */
export type LimitKind = MoneyLimitKind | 'session';
export type LimitPeriodOrSession = LimitPeriod | 'session';

/** The length of each rolling period in hours (usage is counted per hour). */
export const PERIOD_HOURS: Record<LimitPeriod, number> = { day: 24, week: 24 * 7, month: 24 * 30 };

/** Session-time limit bounds, minutes. */
export const SESSION_LIMIT_MIN = 10;
export const SESSION_LIMIT_MAX = 24 * 60;
/** Reality-check interval bounds, minutes. */
export const REALITY_MIN = 10;
export const REALITY_MAX = 480;
/** Time-out: 1 day to 6 weeks. */
export const TIMEOUT_DAYS_MIN = 1;
export const TIMEOUT_DAYS_MAX = 42;
/** Self-exclusion terms. */
export const SELF_EXCLUSION_TERMS = ['6m', '1y', '5y', 'permanent'] as const;
export type SelfExclusionTerm = (typeof SELF_EXCLUSION_TERMS)[number];

/** An increase or removal waits this long (cooling-off) and then for the member's confirmation. */
export const COOLING_OFF_HOURS = 24;
/** The member confirms within this many days after the cooling-off, else the change lapses. */
export const CONFIRM_WITHIN_DAYS = 7;
/** A play session ends after this long without a bet (the next bet starts a new one). */
export const PLAY_SESSION_IDLE_MINUTES = 30;
/** Warnings the reality check shows at these shares of a session-time limit. */
export const SESSION_WARNINGS_PERCENT = [80, 90, 95] as const;

/**
 * What the protection door checks before a call (`Endpoint.protection`): `signIn` refuses a
 * timed-out or self-excluded member; `deposit`, `play`, `stake`, `transfer` also refuse a member
 * whose limit of that kind is used up; `exempt` marks a money route that stays open (withdrawals).
 */
export const PROTECTION_CHECKS = ['signIn', 'deposit', 'play', 'stake', 'transfer', 'exempt'] as const;

// Licence profiles, KYC, closure and lifting an exclusion (docs/decisions/045).
/** A merchant's money mode: real money, or play money only (no cashier, no real-money play). */
export const MONEY_MODES = ['real', 'play'] as const;
export type MoneyMode = (typeof MONEY_MODES)[number];
/** Where the profile asks the member to set limits: never, right after registration, before the first deposit. */
export const LIMIT_PROMPTS = ['none', 'registration', 'firstDeposit'] as const;
export type LimitPrompt = (typeof LIMIT_PROMPTS)[number];
/** Minimum ages a licence may ask for. */
export const MIN_AGES = [18, 21] as const;
/** Cooling-off bounds of a profile, hours (24 h to 30 days). */
export const PROFILE_COOLING_OFF_MIN = 24;
export const PROFILE_COOLING_OFF_MAX = 720;
/** Documents a member uploads for KYC. */
export const KYC_DOCUMENT_KINDS = ['idFront', 'idBack', 'selfie', 'address'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
/** A KYC document's largest size (bytes); its type is checked by content (PNG, JPEG or PDF). */
export const KYC_MAX_BYTES = 5 * 1024 * 1024;
export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
/** Lifting an ended self-exclusion: the request waits this long, then the member confirms. */
export const LIFT_COOLING_OFF_HOURS = 24;

/** Why an account was closed (docs/decisions/052): `harm` is never reopened by the member. */
export const CLOSURE_REASONS = ['harm', 'other'] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];
/** The licence profile's retention of identity records after closure, in years. */
export const AML_RETENTION_MIN = 0;
export const AML_RETENTION_MAX = 10;
/** The rapid-cycle risk signal's window (hours after a deposit) and share (per cent of it withdrawn), per licence profile. */
export const RISK_CYCLE_HOURS_MIN = 1;
export const RISK_CYCLE_HOURS_MAX = 168;
export const RISK_CYCLE_PERCENT_MIN = 10;
export const RISK_CYCLE_PERCENT_MAX = 100;
/** KYC uploads per member and per address in one hour (docs/decisions/052). */
export const KYC_UPLOADS_PER_MEMBER_HOUR = 10;
export const KYC_UPLOADS_PER_IP_HOUR = 60;
