import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/**
 * Teen Patti table tiers: per-merchant versioned settings (`pvp_tier`). The version in force is a
 * tier's highest; a hand copies it (`pvp_hand.rule`), so a new version never changes a hand in play.
 */
export type Tier = {
  merchantCode: string;
  tierKey: string;
  version: number;
  name: string;
  bootMinor: bigint;
  potLimitMinor: bigint;
  rakeBp: number;
  rakeCapMinor: bigint;
  turnMs: number;
  minBuyInMinor: bigint;
  maxBuyInMinor: bigint;
  seats: number;
  a23: 'highest' | 'second' | 'lowest';
};

/** The default tiers, by boot in major units: pot limit 512 boots, 5 % rake capped at 50 boots. */
const DEFAULT_BOOTS = [
  { tierKey: 'boot-1', boot: 1n },
  { tierKey: 'boot-5', boot: 5n },
  { tierKey: 'boot-20', boot: 20n },
  { tierKey: 'boot-100', boot: 100n },
];

export const ensureDefaultTiers = async (db: Db, merchants: { code: string }[]) => {
  const rows = merchants.flatMap((m) =>
    DEFAULT_BOOTS.map((t, i) => {
      const boot = t.boot * 100n;
      return {
        merchant_code: m.code,
        tier_key: t.tierKey,
        version: 1,
        name: `Teen Patti ${t.boot}`,
        boot_minor: boot,
        pot_limit_minor: boot * 512n,
        rake_bp: 500,
        rake_cap_minor: boot * 50n,
        turn_ms: 20_000,
        min_buy_in_minor: boot * 20n,
        max_buy_in_minor: boot * 1000n,
        seats: 5,
        sort: i,
      };
    }),
  );
  if (rows.length > 0)
    await db
      .insertInto('pvp_tier')
      .values(rows)
      .onConflict((oc) => oc.columns(['merchant_code', 'tier_key', 'version']).doNothing())
      .execute();
};

type TierRow = {
  merchant_code: string;
  tier_key: string;
  version: number;
  name: string;
  boot_minor: string;
  pot_limit_minor: string;
  rake_bp: number;
  rake_cap_minor: string;
  turn_ms: number;
  min_buy_in_minor: string;
  max_buy_in_minor: string;
  seats: number;
  a23: string;
};

const tierOf = (r: TierRow): Tier => ({
  merchantCode: r.merchant_code,
  tierKey: r.tier_key,
  version: r.version,
  name: r.name,
  bootMinor: BigInt(r.boot_minor),
  potLimitMinor: BigInt(r.pot_limit_minor),
  rakeBp: r.rake_bp,
  rakeCapMinor: BigInt(r.rake_cap_minor),
  turnMs: r.turn_ms,
  minBuyInMinor: BigInt(r.min_buy_in_minor),
  maxBuyInMinor: BigInt(r.max_buy_in_minor),
  seats: r.seats,
  a23: r.a23 as Tier['a23'],
});

/** The tiers in force of a merchant (each tier's highest version), cheapest first. */
export const tiersInForce = async (db: Db, merchantCode: string) => {
  const rows = await sql<TierRow>`
    SELECT DISTINCT ON (tier_key) * FROM pvp_tier
     WHERE merchant_code = ${merchantCode}
     ORDER BY tier_key, version DESC`.execute(db);
  return rows.rows.map(tierOf).sort((a, b) => (a.bootMinor < b.bootMinor ? -1 : 1));
};

export const tierInForce = async (db: Db, merchantCode: string, tierKey: string) =>
  (await tiersInForce(db, merchantCode)).find((t) => t.tierKey === tierKey);

/** Adds a new version of a tier (the next hands copy it); answers its number. */
export const addTierVersion = async (db: Db, tier: Omit<Tier, 'version'>) => {
  const last = await db
    .selectFrom('pvp_tier')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('merchant_code', '=', tier.merchantCode)
    .where('tier_key', '=', tier.tierKey)
    .executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  await db
    .insertInto('pvp_tier')
    .values({
      merchant_code: tier.merchantCode,
      tier_key: tier.tierKey,
      version,
      name: tier.name,
      boot_minor: tier.bootMinor,
      pot_limit_minor: tier.potLimitMinor,
      rake_bp: tier.rakeBp,
      rake_cap_minor: tier.rakeCapMinor,
      turn_ms: tier.turnMs,
      min_buy_in_minor: tier.minBuyInMinor,
      max_buy_in_minor: tier.maxBuyInMinor,
      seats: tier.seats,
      a23: tier.a23,
    })
    .execute();
  return version;
};

export const tierView = (t: Tier) => ({
  tierKey: t.tierKey,
  version: t.version,
  name: t.name,
  bootMinor: String(t.bootMinor),
  potLimitMinor: String(t.potLimitMinor),
  rakeBp: t.rakeBp,
  rakeCapMinor: String(t.rakeCapMinor),
  turnMs: t.turnMs,
  minBuyInMinor: String(t.minBuyInMinor),
  maxBuyInMinor: String(t.maxBuyInMinor),
  seats: t.seats,
});
