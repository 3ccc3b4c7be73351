import { type CashOutLeg, cashOutOffer, type LegOutcome } from '@khela/fair';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { isRetryable } from '../../shared/db';
import { type SportsbookPlayHooks, type SportsbookWallet, transfer } from './money';

/**
 * Cash-out (issue 21, ADR 050): an open single or multiple can be settled early at an offer
 * worked from the current prices (`cashOutOffer` of @khela/fair: placed ÷ fair odds, the
 * margin of the rule the bet copied, floored once). An offer exists while every leg without an
 * outcome is priced on an open market of an event not started, and no leg has lost; systems and
 * pari-mutuel bets have none. Accepting settles the bet `cashed_out` under its row lock with the
 * same `UPDATE … WHERE status = 'open'` the settlement uses, and credits the ledger under the
 * settlement's own key (`sportsbook:payout:<bet>`): of a cash-out and a settlement racing, one wins.
 */

export type CashOutDeps = {
  db: Kysely<DB>;
  wallet: SportsbookWallet;
  hooks: SportsbookPlayHooks;
  now: () => Date;
  publishBalance: (memberId: number) => void;
};

export type BetRow = {
  id: string;
  member_id: number;
  merchant_code: string;
  currency: string;
  product: string;
  kind: string;
  status: string;
  stake_minor: string;
  potential_minor: string | null;
  cashout_enabled: boolean;
  cashout_margin_bp: number;
  min_stake_minor: string;
};

export type LegRow = {
  bet_id: string;
  selection_id: string;
  placed: string;
  outcome: string | null;
  dead_heat_places: number | null;
  dead_heat_tied: number | null;
  current: string;
  market_status: string;
  pari_mutuel: boolean;
  event_status: string;
  starts_at: Date;
  market: string[];
};

export const betQuery = (betIds: string[]) => sql`
  SELECT b.id, b.member_id, b.merchant_code, b.currency, b.product, b.kind, b.status,
         b.stake_minor::text AS stake_minor, b.potential_minor::text AS potential_minor,
         r.cashout_enabled, r.cashout_margin_bp, r.min_stake_minor::text AS min_stake_minor
    FROM sb_bet b JOIN sb_rule r ON r.id = b.rule_id
   WHERE b.id = ANY(${betIds}::uuid[])`;

export const legsOf = async (db: Db, betIds: string[]) =>
  (
    await sql<LegRow>`
      SELECT l.bet_id, l.selection_id, l.odds::text AS placed, s.outcome, s.dead_heat_places, s.dead_heat_tied,
             s.odds::text AS current,
             m.status AS market_status, m.pari_mutuel, e.status AS event_status, e.starts_at,
             ARRAY(SELECT o.odds::text FROM sb_selection o WHERE o.market_id = m.id ORDER BY o.id) AS market
        FROM sb_bet_leg l
        JOIN sb_selection s ON s.id = l.selection_id
        JOIN sb_market m ON m.id = l.market_id
        JOIN sb_event e ON e.id = l.event_id
       WHERE l.bet_id = ANY(${betIds}::uuid[])
       ORDER BY l.bet_id, l.seq`.execute(db)
  ).rows;

/** The offer of one bet now, or null (none offered). */
export const offerOf = (bet: BetRow, legs: LegRow[], now: Date): bigint | null => {
  if (bet.status !== 'open' || !bet.cashout_enabled || bet.kind === 'system' || legs.length === 0)
    return null;
  const input: CashOutLeg[] = [];
  for (const l of legs) {
    if (l.pari_mutuel) return null;
    if (l.outcome !== null) {
      input.push({
        state: 'settled',
        outcome: l.outcome as LegOutcome,
        odds: BigInt(l.placed),
        deadHeat:
          l.dead_heat_places !== null && l.dead_heat_tied !== null
            ? { places: l.dead_heat_places, tied: l.dead_heat_tied }
            : null,
      });
      continue;
    }
    if (l.market_status !== 'open' || l.event_status !== 'scheduled' || new Date(l.starts_at) <= now)
      return null;
    input.push({
      state: 'open',
      odds: BigInt(l.placed),
      current: BigInt(l.current),
      market: l.market.map(BigInt),
    });
  }
  if (input.every((l) => l.state === 'settled')) return null; // settling: the result pays it
  const offer = cashOutOffer(BigInt(bet.stake_minor), input, bet.cashout_margin_bp);
  return offer !== null && offer > 0n ? offer : null;
};

/** An open bet's offer now and the stake part a partial cash-out may take (null: none offered). */
export type OfferNow = { offerMinor: bigint; part: { minMinor: bigint; maxMinor: bigint } | null };

/** The offers now of the given bets (open ones; the others map to null). */
export const offersOf = async (db: Db, betIds: string[], now: Date) => {
  const offers = new Map<string, OfferNow | null>();
  if (betIds.length === 0) return offers;
  const bets = (await betQuery(betIds).execute(db)).rows as BetRow[];
  const open = bets.filter((b) => b.status === 'open');
  const legs = await legsOf(
    db,
    open.map((b) => b.id),
  );
  for (const b of open) {
    const offer = offerOf(
      b,
      legs.filter((l) => l.bet_id === b.id),
      now,
    );
    const min = BigInt(b.min_stake_minor);
    const max = BigInt(b.stake_minor) - min;
    offers.set(
      b.id,
      offer === null
        ? null
        : { offerMinor: offer, part: max >= min ? { minMinor: min, maxMinor: max } : null },
    );
  }
  return offers;
};

const inTransaction = async (
  deps: CashOutDeps,
  trx: Transaction<DB>,
  input: { memberId: number; betId: string; offerMinor: bigint },
) => {
  const bet = (
    await sql<BetRow>`${betQuery([input.betId])} AND b.member_id = ${input.memberId} FOR UPDATE OF b`.execute(
      trx,
    )
  ).rows[0];
  if (!bet) throw new AppError('not.found');
  const now = deps.now();
  const offer = offerOf(bet, await legsOf(trx, [bet.id]), now);
  if (offer === null) throw new AppError('sportsbook.cashout.unavailable', { value: { status: bet.status } });
  if (offer < input.offerMinor)
    throw new AppError('sportsbook.cashout.changed', { value: { offerMinor: offer.toString() } });
  const claimed = await sql`
    UPDATE sb_bet SET status = 'settled', result = 'cashed_out', payout_minor = ${offer.toString()}::bigint,
                      settled_at = ${now}, revision = 1
     WHERE id = ${bet.id}::uuid AND status = 'open'
    RETURNING id`.execute(trx);
  if (claimed.rows.length === 0)
    throw new AppError('sportsbook.cashout.unavailable', { value: { status: 'settled' } });
  // The selections no longer carry this bet's potential payout.
  if (bet.potential_minor !== null)
    await sql`
      UPDATE sb_selection SET liability_minor = GREATEST(0, liability_minor - ${bet.potential_minor}::bigint)
       WHERE id IN (SELECT selection_id FROM sb_bet_leg WHERE bet_id = ${bet.id}::uuid)`.execute(trx);
  await deps.hooks.payout(trx, {
    memberId: bet.member_id,
    merchantCode: bet.merchant_code,
    product: bet.product as 'SPORTS',
    amount: offer,
    source: 'sportsbook',
    ref: bet.id,
  });
  const balance = await transfer(deps.wallet, trx, {
    merchantCode: bet.merchant_code,
    currency: bet.currency,
    memberId: bet.member_id,
    betId: bet.id,
    amountMinor: offer,
    key: `sportsbook:payout:${bet.id}`,
    kind: 'sportsbook.cashout',
  });
  return { offerMinor: offer, balanceMinor: balance };
};

/**
 * Cashes out the member's bet at the offer now if it is at least `offerMinor` (the one they saw),
 * in one transaction; else `sportsbook.cashout.changed` with the new offer, or
 * `sportsbook.cashout.unavailable`.
 */
export const cashOut = async (
  deps: CashOutDeps,
  input: { memberId: number; betId: string; offerMinor: bigint },
) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const done = await deps.db.transaction().execute((trx) => inTransaction(deps, trx, input));
      deps.publishBalance(input.memberId);
      return done;
    } catch (error) {
      if (!isRetryable(error) || attempt >= 5) throw error;
    }
  }
};
