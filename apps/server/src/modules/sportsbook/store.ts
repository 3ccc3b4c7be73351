import { randomBytes, randomUUID } from 'node:crypto';
import { commitmentOf } from '@khela/fair';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import { COMPETITIONS, SPORTS } from './catalogue';
import type { EventResult, Fixture, MarketKind, Product, SelectionCode } from './feed';

/** The sportsbook's reads and writes of its own tables (module-private). */

export type RuleRow = {
  id: string;
  version: number;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxPayoutMinor: bigint;
  maxLegs: number;
  liabilityCapMinor: bigint;
  cockfightCutBp: number;
  cockfightDrawOdds: bigint;
};

export const DEFAULT_RULE = {
  minStakeMinor: 1_000n,
  maxStakeMinor: 5_000_000n,
  maxPayoutMinor: 100_000_000n,
  maxLegs: 10,
  liabilityCapMinor: 500_000_000n,
  cockfightCutBp: 500,
  cockfightDrawOdds: 90_000n,
};

const ruleOf = (r: {
  id: string;
  version: number;
  min_stake_minor: string;
  max_stake_minor: string;
  max_payout_minor: string;
  max_legs: number;
  liability_cap_minor: string;
  cockfight_cut_bp: number;
  cockfight_draw_odds: string;
}): RuleRow => ({
  id: r.id,
  version: r.version,
  minStakeMinor: BigInt(r.min_stake_minor),
  maxStakeMinor: BigInt(r.max_stake_minor),
  maxPayoutMinor: BigInt(r.max_payout_minor),
  maxLegs: r.max_legs,
  liabilityCapMinor: BigInt(r.liability_cap_minor),
  cockfightCutBp: r.cockfight_cut_bp,
  cockfightDrawOdds: BigInt(r.cockfight_draw_odds),
});

/** The sports, competitions and each merchant's first rule (idempotent). */
export const ensureDefaults = async (db: Db, merchantCodes: string[], now: Date) => {
  await db
    .insertInto('sb_sport')
    .values(SPORTS.map((s) => ({ code: s.code, product: s.product, sort: s.sort })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await db
    .insertInto('sb_competition')
    .values(COMPETITIONS.map((c) => ({ id: c.id, sport_code: c.sportCode, name: c.name })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  for (const merchantCode of merchantCodes)
    await db
      .insertInto('sb_rule')
      .values({
        merchant_code: merchantCode,
        version: 1,
        min_stake_minor: DEFAULT_RULE.minStakeMinor,
        max_stake_minor: DEFAULT_RULE.maxStakeMinor,
        max_payout_minor: DEFAULT_RULE.maxPayoutMinor,
        max_legs: DEFAULT_RULE.maxLegs,
        liability_cap_minor: DEFAULT_RULE.liabilityCapMinor,
        cockfight_cut_bp: DEFAULT_RULE.cockfightCutBp,
        cockfight_draw_odds: DEFAULT_RULE.cockfightDrawOdds,
        effective_from: new Date(0),
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['merchant_code', 'version']).doNothing())
      .execute();
};

export const ruleInForce = async (db: Db, merchantCode: string, at: Date) => {
  const row = await db
    .selectFrom('sb_rule')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('effective_from', '<=', at)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? ruleOf(row) : null;
};

export const ruleById = async (db: Db, id: string) =>
  ruleOf(await db.selectFrom('sb_rule').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

export const insertRule = async (
  db: Db,
  merchantCode: string,
  rule: Omit<RuleRow, 'id' | 'version'>,
  now: Date,
  by: string,
) => {
  const last = await db
    .selectFrom('sb_rule')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirst();
  const row = await db
    .insertInto('sb_rule')
    .values({
      merchant_code: merchantCode,
      version: (last?.v ?? 0) + 1,
      min_stake_minor: rule.minStakeMinor,
      max_stake_minor: rule.maxStakeMinor,
      max_payout_minor: rule.maxPayoutMinor,
      max_legs: rule.maxLegs,
      liability_cap_minor: rule.liabilityCapMinor,
      cockfight_cut_bp: rule.cockfightCutBp,
      cockfight_draw_odds: rule.cockfightDrawOdds,
      effective_from: now,
      created_at: now,
      created_by: by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return ruleOf(row);
};

/**
 * Inserts the fixtures not there yet (unique per merchant and feed key: two nodes insert each
 * once, the first seed stands), each with its markets and selections. Answers how many were new.
 */
export const insertFixtures = async (
  db: Db,
  merchantCode: string,
  fixtures: Fixture[],
  seeds: Map<string, string>,
  drawOdds: bigint,
  now: Date,
) => {
  let inserted = 0;
  for (const f of fixtures) {
    const serverSeed = seeds.get(f.feedKey) ?? randomBytes(32).toString('hex');
    const event = await db
      .insertInto('sb_event')
      .values({
        id: randomUUID(),
        merchant_code: merchantCode,
        competition_id: f.competitionId,
        sport_code: f.sportCode,
        feed_key: f.feedKey,
        home: f.home,
        away: f.away,
        starts_at: f.startsAt,
        ends_at: f.endsAt,
        status: 'scheduled',
        server_seed: serverSeed,
        commitment: commitmentOf(serverSeed),
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['merchant_code', 'feed_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!event) continue;
    inserted += 1;
    for (const m of f.markets) {
      const marketId = randomUUID();
      await db
        .insertInto('sb_market')
        .values({
          id: marketId,
          event_id: event.id,
          kind: m.kind,
          line_q: m.lineQ,
          status: 'open',
          pari_mutuel: m.pariMutuel ?? false,
        })
        .execute();
      await db
        .insertInto('sb_selection')
        .values(
          m.selections.map((s) => ({
            id: randomUUID(),
            market_id: marketId,
            code: s.code,
            odds: s.code === 'draw' && m.pariMutuel ? drawOdds : s.odds,
          })),
        )
        .execute();
    }
  }
  return inserted;
};

export const existingFeedKeys = async (db: Db, merchantCode: string, keys: string[]) =>
  keys.length === 0
    ? new Set<string>()
    : new Set(
        (
          await db
            .selectFrom('sb_event')
            .select('feed_key')
            .where('merchant_code', '=', merchantCode)
            .where('feed_key', 'in', keys)
            .execute()
        ).map((r) => r.feed_key),
      );

/** Events whose start has come: live, and their open markets closed (the bet stop). */
export const startDueEvents = async (db: Db, now: Date) => {
  const started = await db
    .updateTable('sb_event')
    .set({ status: 'live' })
    .where('status', '=', 'scheduled')
    .where('starts_at', '<=', now)
    .returning('id')
    .execute();
  if (started.length > 0)
    await db
      .updateTable('sb_market')
      .set({ status: 'closed' })
      .where(
        'event_id',
        'in',
        started.map((e) => e.id),
      )
      .where('status', 'in', ['open', 'suspended'])
      .execute();
  return started.length;
};

export type EventRow = {
  id: string;
  merchantCode: string;
  sportCode: string;
  competitionId: string;
  feedKey: string;
  home: string;
  away: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  serverSeed: string;
  commitment: string;
  result: EventResult | null;
  product: Product;
};

const eventQuery = (db: Db) =>
  db
    .selectFrom('sb_event as e')
    .innerJoin('sb_sport as s', 's.code', 'e.sport_code')
    .select([
      'e.id',
      'e.merchant_code',
      'e.sport_code',
      'e.competition_id',
      'e.feed_key',
      'e.home',
      'e.away',
      'e.starts_at',
      'e.ends_at',
      'e.status',
      'e.server_seed',
      'e.commitment',
      'e.result',
      's.product',
    ]);

const eventOf = (r: {
  id: string;
  merchant_code: string;
  sport_code: string;
  competition_id: string;
  feed_key: string;
  home: string;
  away: string;
  starts_at: Date;
  ends_at: Date;
  status: string;
  server_seed: string;
  commitment: string;
  result: unknown;
  product: string;
}): EventRow => ({
  id: r.id,
  merchantCode: r.merchant_code,
  sportCode: r.sport_code,
  competitionId: r.competition_id,
  feedKey: r.feed_key,
  home: r.home,
  away: r.away,
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
  status: r.status,
  serverSeed: r.server_seed,
  commitment: r.commitment,
  result: (r.result as EventResult | null) ?? null,
  product: r.product as Product,
});

export const eventById = async (db: Db, id: string) => {
  const row = await eventQuery(db).where('e.id', '=', id).executeTakeFirst();
  return row ? eventOf(row) : null;
};

/** Live events whose end has come, oldest first. */
export const endedEvents = async (db: Db, now: Date, limit: number) =>
  (
    await eventQuery(db)
      .where('e.status', '=', 'live')
      .where('e.ends_at', '<=', now)
      .orderBy('e.ends_at')
      .limit(limit)
      .execute()
  ).map(eventOf);

export const listEvents = async (
  db: Db,
  q: { merchantCode: string; products: Product[]; from: Date; to: Date; limit: number },
) =>
  (
    await eventQuery(db)
      .where('e.merchant_code', '=', q.merchantCode)
      .where('s.product', 'in', q.products)
      .where('e.starts_at', '<', q.to)
      .where('e.ends_at', '>', q.from)
      .orderBy('e.starts_at')
      .orderBy('s.sort')
      .limit(q.limit)
      .execute()
  ).map(eventOf);

/** Recent results of a sport (the cockfight arena's last fights). */
export const recentResults = async (db: Db, merchantCode: string, sportCode: string, limit: number) =>
  (
    await eventQuery(db)
      .where('e.merchant_code', '=', merchantCode)
      .where('e.sport_code', '=', sportCode)
      .where('e.status', 'in', ['resulted', 'cancelled'])
      .orderBy('e.starts_at', 'desc')
      .limit(limit)
      .execute()
  ).map(eventOf);

export type MarketRow = {
  id: string;
  eventId: string;
  kind: MarketKind;
  lineQ: number | null;
  status: string;
  pariMutuel: boolean;
  revision: number;
  selections: {
    id: string;
    code: SelectionCode;
    odds: bigint;
    poolMinor: bigint;
    liabilityMinor: bigint;
    outcome: string | null;
    /** A winning selection's dead heat (ADR 055), else null. */
    deadHeat: { places: number; tied: number } | null;
  }[];
};

export const marketsOf = async (db: Db, eventIds: string[]): Promise<MarketRow[]> => {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('sb_market as m')
    .innerJoin('sb_selection as s', 's.market_id', 'm.id')
    .select([
      'm.id',
      'm.event_id',
      'm.kind',
      'm.line_q',
      'm.status',
      'm.pari_mutuel',
      'm.revision',
      's.id as selection_id',
      's.code',
      's.odds',
      's.pool_minor',
      's.liability_minor',
      's.outcome',
      's.dead_heat_places',
      's.dead_heat_tied',
    ])
    .where('m.event_id', 'in', eventIds)
    .orderBy(
      sql`array_position(array['winner','match_bet','1x2','handicap','map_handicap','total','cockfight']::text[], m.kind)`,
    )
    .orderBy('m.line_q')
    .orderBy(sql`array_position(array['home','meron','draw','away','wala','over','under']::text[], s.code)`)
    .execute();
  const markets = new Map<string, MarketRow>();
  for (const r of rows) {
    let m = markets.get(r.id);
    if (!m) {
      m = {
        id: r.id,
        eventId: r.event_id,
        kind: r.kind as MarketKind,
        lineQ: r.line_q,
        status: r.status,
        pariMutuel: r.pari_mutuel,
        revision: r.revision,
        selections: [],
      };
      markets.set(r.id, m);
    }
    m.selections.push({
      id: r.selection_id,
      code: r.code as SelectionCode,
      odds: BigInt(r.odds),
      poolMinor: BigInt(r.pool_minor),
      liabilityMinor: BigInt(r.liability_minor),
      outcome: r.outcome,
      deadHeat:
        r.dead_heat_places !== null && r.dead_heat_tied !== null
          ? { places: r.dead_heat_places, tied: r.dead_heat_tied }
          : null,
    });
  }
  return [...markets.values()];
};
