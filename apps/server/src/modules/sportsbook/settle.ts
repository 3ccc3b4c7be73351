import {
  type CockfightResult,
  type DeadHeat,
  type LegOutcome,
  pariMutuelPrice,
  pricesCancelFight,
} from '@khela/fair';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { evaluate, groupLegs, legsOf } from './bet-payout';
import {
  type EventResult,
  fightOutcome,
  type MarketKind,
  type SelectionCode,
  selectionSettlement,
} from './feed';
import { type SportsbookPlayHooks, type SportsbookWallet, transfer } from './money';
import * as store from './store';

type Deps = {
  db: Kysely<DB>;
  wallet: SportsbookWallet;
  hooks: SportsbookPlayHooks;
  now: () => Date;
  publishBalance: (memberId: number) => void;
};

/**
 * Settlement (issue 21): a result sets each selection's outcome once (the market moves to
 * settled under the event's row lock); bets settle set-based once all their legs have outcomes,
 * by one `UPDATE … FROM (VALUES …) WHERE status = 'open' RETURNING` per batch: only the rows it
 * returns are paid (`sportsbook:payout:<bet>`). Resettlement recomputes and pays the difference
 * per bet under `revision` (`sportsbook:resettle:<bet>:<revision>`), never the whole again.
 */

const BATCH = 500;

/** Writes the back office's audit row inside the change's transaction. */
export type Audit = (trx: Transaction<DB>) => Promise<unknown>;

/** The result a cockfight really gets: a side empty or paying ≤ 1.07 cancels the fight. */
const fightResultOf = (
  result: Extract<EventResult, { kind: 'fight' }>,
  pools: { meron: bigint; wala: bigint },
  cutBp: number,
): CockfightResult =>
  result.winner !== 'cancelled' && result.winner !== 'draw' && pricesCancelFight(pools, cutBp)
    ? 'cancelled'
    : result.winner;

/** Writes the outcome of every selection of the event's markets that are not settled or voided. */
const resultMarkets = async (
  trx: Transaction<DB>,
  event: store.EventRow,
  result: EventResult,
  resettle: boolean,
  at: Date,
) => {
  const markets = await store.marketsOf(trx, [event.id]);
  const rule = await store.ruleInForce(trx, event.merchantCode, event.startsAt);
  for (const m of markets) {
    if (m.status === 'voided' || (m.status === 'settled') !== resettle) continue;
    let outcomes: Map<string, { outcome: LegOutcome; settledOdds: bigint | null; deadHeat: DeadHeat | null }>;
    if (result.kind === 'fight') {
      const pools = {
        meron: m.selections.find((s) => s.code === 'meron')?.poolMinor ?? 0n,
        wala: m.selections.find((s) => s.code === 'wala')?.poolMinor ?? 0n,
      };
      const winner = fightResultOf(result, pools, rule?.cockfightCutBp ?? 500);
      outcomes = new Map(
        m.selections.map((s) => [
          s.id,
          {
            outcome: fightOutcome(s.code, winner),
            settledOdds:
              s.code === winner && s.code !== 'draw'
                ? pariMutuelPrice(pools, s.code as 'meron' | 'wala', rule?.cockfightCutBp ?? 500)
                : null,
            deadHeat: null,
          },
        ]),
      );
    } else {
      outcomes = new Map(
        m.selections.map((s) => [
          s.id,
          {
            ...selectionSettlement(
              { kind: m.kind as MarketKind, lineQ: m.lineQ },
              s.code as SelectionCode,
              result,
            ),
            settledOdds: null,
          },
        ]),
      );
    }
    for (const [id, o] of outcomes)
      await trx
        .updateTable('sb_selection')
        .set({
          outcome: o.outcome,
          settled_odds: o.settledOdds,
          dead_heat_places: o.deadHeat?.places ?? null,
          dead_heat_tied: o.deadHeat?.tied ?? null,
        })
        .where('id', '=', id)
        .execute();
    await trx
      .updateTable('sb_market')
      .set((eb) => ({ status: 'settled', revision: eb('revision', '+', 1), settled_at: at }))
      .where('id', '=', m.id)
      .execute();
  }
};

/**
 * Records an event's result and settles its markets, once: a second call (or a racing node)
 * finds the event resulted under the row lock and does nothing. Then settles the bets ready.
 */
export const resultEvent = async (deps: Deps, eventId: string, result: EventResult, audit?: Audit) => {
  const done = await deps.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('sb_event')
      .select('status')
      .where('id', '=', eventId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked || locked.status === 'resulted' || locked.status === 'cancelled') return false;
    const event = await store.eventById(trx, eventId);
    if (!event) return false;
    await trx
      .updateTable('sb_event')
      .set({ status: 'resulted', result: JSON.stringify(result), resulted_at: deps.now() })
      .where('id', '=', eventId)
      .execute();
    await resultMarkets(trx, event, result, false, deps.now());
    await audit?.(trx);
    return true;
  });
  if (done) await settleReadyBets(deps);
  return done;
};

/** Voids an open, suspended or closed market (every selection void: stakes back, legs count 1). */
export const voidMarket = async (deps: Deps, marketId: string, reason: string, audit?: Audit) => {
  const done = await deps.db.transaction().execute(async (trx) => {
    const m = await trx
      .selectFrom('sb_market')
      .select('status')
      .where('id', '=', marketId)
      .forUpdate()
      .executeTakeFirst();
    if (!m) throw new AppError('not.found');
    if (m.status === 'settled' || m.status === 'voided') return false;
    await trx
      .updateTable('sb_selection')
      .set({ outcome: 'void' })
      .where('market_id', '=', marketId)
      .execute();
    await trx
      .updateTable('sb_market')
      .set({ status: 'voided', void_reason: reason, settled_at: deps.now() })
      .where('id', '=', marketId)
      .execute();
    await audit?.(trx);
    return true;
  });
  if (done) await settleReadyBets(deps);
  return done;
};

const moveOf = (
  b: { member_id: number; merchant_code: string; product: string; id: string },
  amount: bigint,
) => ({
  memberId: b.member_id,
  merchantCode: b.merchant_code,
  product: b.product as 'SPORTS',
  amount,
  source: 'sportsbook',
  ref: b.id,
});

/**
 * Settles, batch by batch, every open bet whose legs all have an outcome (after any market's
 * result, and on each tick: a multiple whose last two legs settle on two nodes at once is caught
 * by the next pass). Answers how many bets this call settled.
 */
export const settleReadyBets = async (deps: Deps) => {
  let settled = 0;
  for (;;) {
    const members = new Set<number>();
    const count = await deps.db.transaction().execute(async (trx) => {
      const ready = await sql<{
        id: string;
        stake_minor: string;
        kind: string;
        rule_id: string;
        system_sizes: number[] | null;
      }>`
        SELECT b.id, b.stake_minor::text AS stake_minor, b.kind, b.rule_id::text AS rule_id, b.system_sizes
          FROM sb_bet b
         WHERE b.status = 'open'
           AND NOT EXISTS (SELECT 1 FROM sb_bet_leg l JOIN sb_selection s ON s.id = l.selection_id
                            WHERE l.bet_id = b.id AND s.outcome IS NULL)
         ORDER BY b.placed_at
         LIMIT ${BATCH}`.execute(trx);
      if (ready.rows.length === 0) return 0;
      const legs = groupLegs(
        await legsOf(
          trx,
          ready.rows.map((b) => b.id),
        ),
      );
      const values = [];
      for (const bet of ready.rows) {
        const r = await evaluate(trx, bet, legs.get(bet.id) ?? []);
        values.push(
          sql`(${bet.id}::uuid, ${r.payout.toString()}::bigint, ${r.result}, ${bet.stake_minor}::bigint)`,
        );
      }
      const now = deps.now();
      const paid = await sql<{
        id: string;
        member_id: number;
        merchant_code: string;
        currency: string;
        product: string;
        stake_minor: string;
        payout_minor: string;
        result: string;
      }>`
        UPDATE sb_bet b
           SET status = 'settled', payout_minor = v.payout, result = v.result, settled_at = ${now}, revision = 1
          FROM (VALUES ${sql.join(values)}) AS v(id, payout, result, stake)
         WHERE b.id = v.id AND b.status = 'open' AND b.stake_minor = v.stake
        RETURNING b.id, b.member_id, b.merchant_code, b.currency, b.product, b.stake_minor::text AS stake_minor,
                  b.payout_minor::text AS payout_minor, b.result`.execute(trx);
      for (const b of paid.rows) {
        const payout = BigInt(b.payout_minor);
        if (payout === 0n) continue;
        if (b.result === 'void' || b.result === 'push')
          await deps.hooks.refund(trx, moveOf(b, BigInt(b.stake_minor)));
        else await deps.hooks.payout(trx, moveOf(b, payout));
        await transfer(deps.wallet, trx, {
          merchantCode: b.merchant_code,
          currency: b.currency,
          memberId: b.member_id,
          betId: b.id,
          amountMinor: payout,
          key: `sportsbook:payout:${b.id}`,
          kind: b.result === 'void' || b.result === 'push' ? 'sportsbook.refund' : 'sportsbook.payout',
        });
        members.add(b.member_id);
      }
      return paid.rows.length;
    });
    for (const m of members) deps.publishBalance(m);
    settled += count;
    if (count < BATCH) return settled;
  }
};

/**
 * Resettles a resulted event with a corrected result: the settled markets get their new
 * outcomes, each settled bet with a leg there (a cashed-out one stays as it was) its new payout, and the member the difference only
 * (`sportsbook:resettle:<bet>:<revision>`; a negative difference is taken back). Answers the bets
 * changed and the total difference.
 */
export const resettleEvent = async (deps: Deps, eventId: string, result: EventResult, audit?: Audit) => {
  const members = new Set<number>();
  const report = await deps.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('sb_event')
      .select('status')
      .where('id', '=', eventId)
      .forUpdate()
      .executeTakeFirst();
    if (locked?.status !== 'resulted')
      throw new AppError('sportsbook.market.closed', { value: { status: locked?.status ?? null } });
    const event = await store.eventById(trx, eventId);
    if (!event) throw new AppError('not.found');
    await trx
      .updateTable('sb_event')
      .set({ result: JSON.stringify(result) })
      .where('id', '=', eventId)
      .execute();
    await resultMarkets(trx, event, result, true, deps.now());
    const bets = await sql<{
      id: string;
      stake_minor: string;
      kind: string;
      rule_id: string;
      system_sizes: number[] | null;
      payout_minor: string;
      revision: number;
      member_id: number;
      merchant_code: string;
      currency: string;
      product: string;
    }>`
      SELECT b.id, b.stake_minor::text AS stake_minor, b.kind, b.rule_id::text AS rule_id, b.system_sizes,
             b.payout_minor::text AS payout_minor, b.revision, b.member_id, b.merchant_code, b.currency, b.product
        FROM sb_bet b
       WHERE b.status = 'settled' AND b.result IS DISTINCT FROM 'cashed_out'
         AND EXISTS (SELECT 1 FROM sb_bet_leg l WHERE l.bet_id = b.id AND l.event_id = ${eventId}::uuid)
       ORDER BY b.id
         FOR UPDATE`.execute(trx);
    const legs = groupLegs(
      await legsOf(
        trx,
        bets.rows.map((b) => b.id),
      ),
    );
    let changed = 0;
    let delta = 0n;
    for (const bet of bets.rows) {
      const r = await evaluate(trx, bet, legs.get(bet.id) ?? []);
      const diff = r.payout - BigInt(bet.payout_minor);
      const revision = bet.revision + 1;
      await trx
        .updateTable('sb_bet')
        .set({ payout_minor: r.payout, result: r.result, revision })
        .where('id', '=', bet.id)
        .where('revision', '=', bet.revision)
        .execute();
      if (diff === 0n) continue;
      if (diff > 0n) await deps.hooks.payout(trx, moveOf(bet, diff));
      await transfer(deps.wallet, trx, {
        merchantCode: bet.merchant_code,
        currency: bet.currency,
        memberId: bet.member_id,
        betId: bet.id,
        amountMinor: diff,
        key: `sportsbook:resettle:${bet.id}:${revision}`,
        kind: 'sportsbook.resettle',
        metadata: { revision },
      });
      members.add(bet.member_id);
      changed += 1;
      delta += diff;
    }
    await audit?.(trx);
    return { changed, deltaMinor: delta };
  });
  for (const m of members) deps.publishBalance(m);
  return report;
};
