import { LOYALTY_PRODUCTS, type LoyaltyRule } from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';

/**
 * A merchant's loyalty rules are versioned data (`loyalty_rule`): a save is a new version in force
 * from then on; a rebate row keeps the version it was computed under. A merchant without a saved
 * version gets DEFAULT_RULE (version 0) — the T5 Asian model of verticals.md §F1, scaled to minor units.
 */
export type RuleInForce = { version: number; rule: LoyaltyRule };

const tier = (
  level: number,
  name: string,
  turnover: number,
  deposit: number,
  retention: number,
  withdraw: number,
  birthday: number,
  levelUp: number,
) => ({
  level,
  name,
  turnoverMinor: String(turnover * 100),
  depositMinor: String(deposit * 100),
  retentionTurnoverMinor: String(retention * 100),
  withdrawDailyMinor: String(withdraw * 100),
  birthdayBonusMinor: String(birthday * 100),
  levelUpBonusMinor: String(levelUp * 100),
});

/** Rates per level for slots/fishing, cards, live, lottery, sports (ppm). */
const rates = (slots: number, cards: number, live: number, lottery: number, sports: number) => ({
  RNG: slots,
  FISH: slots,
  PVP: cards,
  LIVE: live,
  ELOTT: lottery,
  LOTT: lottery,
  SPORTS: sports,
  ESPORTS: sports,
  COCKFIGHT: sports,
});

export const DEFAULT_RULE: LoyaltyRule = {
  rebate: {
    mode: 'auto',
    payHour: 6,
    dailyCapMinor: String(16_888 * 100),
    ratesPpm: [
      rates(4000, 5000, 3500, 4000, 3500),
      rates(5000, 6000, 4500, 4500, 4500),
      rates(6000, 7000, 5500, 5000, 5500),
      rates(7000, 8000, 6500, 6000, 6500),
      rates(9000, 9500, 8000, 7000, 8000),
    ],
  },
  points: {
    turnoverPerPoint: {
      RNG: '10000',
      FISH: '10000',
      PVP: '10000',
      LIVE: '20000',
      SPORTS: '20000',
      ESPORTS: '20000',
      COCKFIGHT: '20000',
      ELOTT: '20000',
      LOTT: '20000',
    },
    convertMinorPerPoint: '10',
    convertMinPoints: '100',
  },
  vip: {
    tiers: [
      tier(0, 'Member', 0, 0, 0, 50_000, 0, 0),
      tier(1, 'Bronze', 10_000, 1_000, 5_000, 100_000, 100, 50),
      tier(2, 'Silver', 100_000, 10_000, 50_000, 200_000, 500, 300),
      tier(3, 'Gold', 1_000_000, 100_000, 300_000, 500_000, 2_000, 1_500),
      tier(4, 'Platinum', 5_000_000, 500_000, 1_500_000, 1_000_000, 5_000, 5_000),
    ],
  },
};

const positiveInt = (text: string) => /^[0-9]{1,15}$/.test(text) && BigInt(text) > 0n;
const naturalInt = (text: string) => /^[0-9]{1,15}$/.test(text);

/** A rule's own consistency: 400 `loyalty.rule.invalid` (with the reason) when it breaks one. */
export const assertRule = (rule: LoyaltyRule) => {
  const refuse = (reason: string): never => {
    throw new AppError('loyalty.rule.invalid', { value: { reason } });
  };
  const products = new Set<string>(LOYALTY_PRODUCTS);
  const { rebate, points, vip } = rule;
  if (!Number.isInteger(rebate.payHour) || rebate.payHour < 0 || rebate.payHour > 23)
    refuse('payHour must be 0 to 23');
  if (!naturalInt(rebate.dailyCapMinor)) refuse('dailyCapMinor must be a whole amount');
  if (vip.tiers.length < 1 || vip.tiers.length > 20) refuse('1 to 20 VIP tiers');
  if (rebate.ratesPpm.length !== vip.tiers.length) refuse('one rebate rate row per VIP level');
  for (const row of rebate.ratesPpm)
    for (const [product, ppm] of Object.entries(row)) {
      if (!products.has(product)) refuse(`unknown product ${product}`);
      if (!Number.isInteger(ppm) || (ppm as number) < 0 || (ppm as number) > 50_000)
        refuse('a rebate rate is 0 to 50000 ppm (5 %)');
    }
  for (const [product, every] of Object.entries(points.turnoverPerPoint)) {
    if (!products.has(product)) refuse(`unknown product ${product}`);
    if (!positiveInt(every ?? '')) refuse('turnoverPerPoint must be positive');
  }
  if (!positiveInt(points.convertMinorPerPoint)) refuse('convertMinorPerPoint must be positive');
  if (!positiveInt(points.convertMinPoints)) refuse('convertMinPoints must be positive');
  vip.tiers.forEach((t, i) => {
    if (t.level !== i) refuse('tiers are levels 0, 1, 2 … in order');
    for (const amount of [
      t.turnoverMinor,
      t.depositMinor,
      t.retentionTurnoverMinor,
      t.withdrawDailyMinor,
      t.birthdayBonusMinor,
      t.levelUpBonusMinor,
    ])
      if (!naturalInt(amount)) refuse('tier amounts are whole minor units');
    const before = vip.tiers[i - 1];
    if (
      before &&
      (BigInt(t.turnoverMinor) < BigInt(before.turnoverMinor) ||
        BigInt(t.depositMinor) < BigInt(before.depositMinor))
    )
      refuse('a higher tier cannot ask less than the one below');
  });
  if (vip.tiers[0] && (vip.tiers[0].turnoverMinor !== '0' || vip.tiers[0].depositMinor !== '0'))
    refuse('level 0 asks nothing');
};

/** The rule in force at `at`: the highest version already effective, else the default (version 0). */
export const ruleInForce = async (db: Db, merchantCode: string, at: Date): Promise<RuleInForce> => {
  const row = await db
    .selectFrom('loyalty_rule')
    .select(['version', 'rule'])
    .where('merchant_code', '=', merchantCode)
    .where('effective_from', '<=', at)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? { version: row.version, rule: withDefaults(row.rule as unknown as LoyaltyRule) }
    : DEFAULT_IN_FORCE;
};

const DEFAULT_IN_FORCE: RuleInForce = { version: 0, rule: DEFAULT_RULE };

/** A version saved before a field existed reads it as its default (level-up bonus 0, ADR 056). */
const withDefaults = (rule: LoyaltyRule): LoyaltyRule => ({
  ...rule,
  vip: { tiers: rule.vip.tiers.map((t) => ({ ...t, levelUpBonusMinor: t.levelUpBonusMinor ?? '0' })) },
});

/** Saves a new version in force from `at` (the merchant's versions serialised by the key). */
export const insertRule = async (db: Db, merchantCode: string, rule: LoyaltyRule, by: string, at: Date) => {
  const row = await db
    .insertInto('loyalty_rule')
    .values({
      merchant_code: merchantCode,
      version: sql<number>`(SELECT coalesce(max(version), 0) + 1 FROM loyalty_rule WHERE merchant_code = ${merchantCode})`,
      effective_from: at,
      rule: JSON.stringify(rule),
      created_by: by,
      created_at: at,
    })
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
};
