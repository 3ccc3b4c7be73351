/**
 * Loyalty (issue 19, docs/decisions/037-loyalty.md): rebates, points, VIP, missions. Plain
 * constants and rule shapes the server and the web apps share (no zod).
 */
import { GAME_TYPES, type GameType } from '../catalogue/constants';

/** What a rebate, a point ratio or a mission names: a catalogue game type. */
export const LOYALTY_PRODUCTS = GAME_TYPES;
export type LoyaltyProduct = GameType;

/** One VIP tier: what reaching it takes and what it gives. Amounts in minor units (decimal strings). */
export type VipTier = {
  level: number;
  name: string;
  /** Lifetime turnover (stake − refund) needed to reach this level. */
  turnoverMinor: string;
  /** Lifetime approved deposits needed to reach this level. */
  depositMinor: string;
  /** Turnover over the last 60 days to keep the level; below it the member goes down one level. */
  retentionTurnoverMinor: string;
  /**
   * Withdrawal limit at this level: the most the member's withdrawal requests (not rejected) may
   * add up to over the last 24 hours; '0' sets no VIP limit (ADR 056).
   */
  withdrawDailyMinor: string;
  /** Birthday bonus at this level, paid once a year on the member's birthday (ADR 056). */
  birthdayBonusMinor: string;
  /** Paid once when the member reaches this level for the first time (ADR 056). */
  levelUpBonusMinor: string;
};

/** A merchant's loyalty rules (one version of them). Rates in parts per million of turnover. */
export type LoyaltyRule = {
  rebate: {
    /** `auto`: the daily run pays; `manual`: the member claims on the manual rebate page. */
    mode: 'auto' | 'manual';
    /** The UTC hour from which yesterday's (UTC) rebates are computed. */
    payHour: number;
    /** The most one member gets for one day, over all products. */
    dailyCapMinor: string;
    /** Rate per VIP level (index) and product, ppm (4000 = 0.4 %). */
    ratesPpm: Partial<Record<LoyaltyProduct, number>>[];
  };
  points: {
    /** One point per this many minor units of turnover, per product (absent: earns none). */
    turnoverPerPoint: Partial<Record<LoyaltyProduct, string>>;
    /** Cash per point when converting, minor units. */
    convertMinorPerPoint: string;
    /** The fewest points one conversion takes. */
    convertMinPoints: string;
  };
  vip: { tiers: VipTier[] };
};

/** Retention window of a VIP level, days. */
export const VIP_RETENTION_DAYS = 60;
/** Longest delivery address of a physical mall item. */
export const MALL_ADDRESS_MAX = 300;
export const REDEMPTION_STATUSES = ['processing', 'approved', 'rejected'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export const MISSION_PERIODS = ['daily', 'weekly'] as const;
export const MISSION_KINDS = ['rounds', 'deposit', 'wager'] as const;
