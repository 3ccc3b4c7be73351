import { randomUUID } from 'node:crypto';
import { potentialPayoutOf, systemCombinations, systemPayoutOf } from '@khela/fair';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isRetryable } from '../../shared/db';
import type { Product } from './feed';
import { type SportsbookPlayHooks, type SportsbookWallet, transfer } from './money';
import * as store from './store';

export type OddsPolicy = 'any' | 'higher' | 'none';

export type PlaceBetInput = {
  merchantCode: string;
  currency: string;
  memberId: number;
  requestKey: string;
  kind: 'single' | 'multiple' | 'system';
  /** Single, multiple: the stake; system: the unit stake of each combination. */
  stakeMinor: bigint;
  /** A system's combination sizes (Trixie of 3: [2, 3]). */
  systemSizes?: number[] | undefined;
  oddsPolicy: OddsPolicy;
  /** The selections and the odds the member saw (ten-thousandths). */
  legs: { selectionId: string; odds: bigint }[];
};

type Deps = { db: Kysely<DB>; wallet: SportsbookWallet; hooks: SportsbookPlayHooks; now: () => Date };

class BetTaken extends Error {}

/**
 * Places one bet (a single or a multiple), all or nothing, in one transaction: the selections
 * locked in id order; each market open and its event not started (pre-match: the start is the
 * bet stop; a suspended market refuses); a multiple of 2..max legs, never two legs of one event,
 * never a pari-mutuel leg; the stake within the rule in force; the odds-change policy against the
 * odds the member saw; the potential payout within the rule's maximum and each selection's
 * liability within the cap (pari-mutuel sides add to their pool); then the play hooks' stake
 * check, the debit (`sportsbook:stake:<bet>`) and the rows. The request key makes it idempotent.
 */
export const placeBet = async (deps: Deps, input: PlaceBetInput) => {
  const replay = await betIdOf(deps.db, input.memberId, input.requestKey);
  if (replay) return { betId: replay, replayed: true };
  const rule = await store.ruleInForce(deps.db, input.merchantCode, deps.now());
  if (!rule) throw new AppError('sportsbook.selection.unavailable');
  validateShape(input, rule);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction().execute((trx) => inTransaction(deps, trx, input, rule));
    } catch (error) {
      if (error instanceof BetTaken) {
        const first = await betIdOf(deps.db, input.memberId, input.requestKey);
        if (first) return { betId: first, replayed: true };
      }
      if (!isRetryable(error) || attempt >= 5) throw error;
    }
  }
};

const betIdOf = async (db: Kysely<DB>, memberId: number, requestKey: string) =>
  (
    await db
      .selectFrom('sb_bet')
      .select('id')
      .where('member_id', '=', memberId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst()
  )?.id ?? null;

/** The most legs of a system (a Goliath: 247 combinations). */
export const MAX_SYSTEM_LEGS = 8;

/** The combinations a bet stands for: 1, or a system's count. */
export const combinationsOf = (kind: string, legs: number, sizes: readonly number[] | null | undefined) =>
  kind === 'system' ? systemCombinations(legs, sizes ?? []).length : 1;

const validateShape = (input: PlaceBetInput, rule: store.RuleRow) => {
  const n = input.legs.length;
  const bad =
    input.kind === 'single'
      ? n !== 1
      : input.kind === 'multiple'
        ? n < 2 || n > rule.maxLegs
        : n < 3 ||
          n > Math.min(MAX_SYSTEM_LEGS, rule.maxLegs) ||
          !input.systemSizes ||
          new Set(input.systemSizes).size !== input.systemSizes.length ||
          input.systemSizes.some((k) => k < 1 || k > n);
  if (bad) throw new AppError('sportsbook.bet.invalid', { value: { maxLegs: rule.maxLegs } });
  if (new Set(input.legs.map((l) => l.selectionId)).size !== n) throw new AppError('sportsbook.bet.invalid');
  if (input.stakeMinor < rule.minStakeMinor || input.stakeMinor > rule.maxStakeMinor)
    throw new AppError('sportsbook.stake.out.of.range', {
      value: { min: rule.minStakeMinor.toString(), max: rule.maxStakeMinor.toString() },
    });
};

type Locked = {
  id: string;
  code: string;
  odds: string;
  market_id: string;
  market_status: string;
  pari_mutuel: boolean;
  event_id: string;
  merchant_code: string;
  event_status: string;
  starts_at: Date;
  product: string;
};

/** The selections, locked in id order (their markets and events read, not locked). */
const lockSelections = async (trx: Transaction<DB>, ids: string[]) =>
  (
    await sql<Locked>`
      SELECT s.id, s.code, s.odds::text AS odds, s.market_id, m.status AS market_status, m.pari_mutuel,
             e.id AS event_id, e.merchant_code, e.status AS event_status, e.starts_at, sp.product
        FROM sb_selection s
        JOIN sb_market m ON m.id = s.market_id
        JOIN sb_event e ON e.id = m.event_id
        JOIN sb_sport sp ON sp.code = e.sport_code
       WHERE s.id = ANY(${ids}::uuid[])
       ORDER BY s.id
         FOR UPDATE OF s`.execute(trx)
  ).rows;

const inTransaction = async (deps: Deps, trx: Transaction<DB>, input: PlaceBetInput, rule: store.RuleRow) => {
  const now = deps.now();
  const rows = await lockSelections(
    trx,
    input.legs.map((l) => l.selectionId),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const legs = input.legs.map((leg) => {
    const row = byId.get(leg.selectionId);
    if (!row || row.merchant_code !== input.merchantCode)
      throw new AppError('sportsbook.selection.unavailable');
    if (row.market_status !== 'open' || row.event_status !== 'scheduled' || new Date(row.starts_at) <= now)
      throw new AppError('sportsbook.market.closed', {
        value: { selectionId: row.id, status: row.market_status },
      });
    const current = BigInt(row.odds);
    const sidePool = row.pari_mutuel && row.code !== 'draw';
    if (!sidePool) {
      const refused =
        (input.oddsPolicy === 'none' && current !== leg.odds) ||
        (input.oddsPolicy === 'higher' && current < leg.odds);
      if (refused)
        throw new AppError('sportsbook.odds.changed', {
          value: { selectionId: row.id, odds: current.toString() },
        });
    }
    return { ...leg, odds: current, row, sidePool };
  });
  if (input.kind !== 'single') {
    if (new Set(legs.map((l) => l.row.event_id)).size !== legs.length || legs.some((l) => l.row.pari_mutuel))
      throw new AppError('sportsbook.bet.invalid', { value: { maxLegs: rule.maxLegs } });
  }
  // Pari-mutuel sides have no price yet: their potential is not known (null), their pool grows.
  const sizes = input.kind === 'system' ? [...(input.systemSizes ?? [])].sort((a, b) => a - b) : null;
  const totalStake = input.stakeMinor * BigInt(combinationsOf(input.kind, legs.length, sizes));
  const potential = legs.some((l) => l.sidePool)
    ? null
    : sizes
      ? systemPayoutOf(
          input.stakeMinor,
          legs.map((l) => ({ outcome: 'win' as const, odds: l.odds })),
          sizes,
        )
      : potentialPayoutOf(
          input.stakeMinor,
          legs.map((l) => l.odds),
        );
  if (potential !== null && potential > rule.maxPayoutMinor)
    throw new AppError('sportsbook.payout.limit', { value: { max: rule.maxPayoutMinor.toString() } });
  for (const leg of legs) {
    const added = await trx
      .updateTable('sb_selection')
      .set(
        leg.sidePool
          ? { pool_minor: sql`pool_minor + ${totalStake}` }
          : { liability_minor: sql`liability_minor + ${potential ?? 0n}` },
      )
      .where('id', '=', leg.selectionId)
      .where(
        leg.sidePool
          ? sql<boolean>`true`
          : sql<boolean>`liability_minor + ${potential ?? 0n} <= ${rule.liabilityCapMinor}`,
      )
      .returning('id')
      .executeTakeFirst();
    if (!added) throw new AppError('sportsbook.liability.limit', { value: { selectionId: leg.selectionId } });
  }
  const betId = randomUUID();
  const product = (legs[0]?.row.product ?? 'SPORTS') as Product;
  const claimed = await trx
    .insertInto('sb_bet')
    .values({
      id: betId,
      merchant_code: input.merchantCode,
      member_id: input.memberId,
      request_key: input.requestKey,
      kind: input.kind,
      product,
      currency: input.currency,
      stake_minor: totalStake,
      system_sizes: sizes ? JSON.stringify(sizes) : null,
      potential_minor: potential,
      rule_id: rule.id,
      odds_policy: input.oddsPolicy,
      status: 'open',
      balance_after_stake_minor: 0n,
      placed_at: now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'request_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) throw new BetTaken();
  await trx
    .insertInto('sb_bet_leg')
    .values(
      legs.map((l, seq) => ({
        bet_id: betId,
        seq,
        selection_id: l.selectionId,
        market_id: l.row.market_id,
        event_id: l.row.event_id,
        odds: l.odds,
      })),
    )
    .execute();
  const move = {
    memberId: input.memberId,
    merchantCode: input.merchantCode,
    product,
    amount: totalStake,
    source: 'sportsbook',
    ref: betId,
  };
  await deps.hooks.stake(trx, move);
  const balance = await transfer(deps.wallet, trx, {
    merchantCode: input.merchantCode,
    currency: input.currency,
    memberId: input.memberId,
    betId,
    amountMinor: -totalStake,
    key: `sportsbook:stake:${betId}`,
    kind: 'sportsbook.stake',
  });
  await trx
    .updateTable('sb_bet')
    .set({ balance_after_stake_minor: balance })
    .where('id', '=', betId)
    .execute();
  return { betId, replayed: false };
};
