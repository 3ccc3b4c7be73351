import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import { type Actor, appendAudit, assertCan } from '../staff';
import { createBetDesk } from './backoffice-bets';
import type { EventResult, Product } from './feed';
import type { Sportsbook } from './service';
import { resettleEvent, resultEvent, voidMarket } from './settle';
import * as store from './store';
import { eventsWithMarkets } from './views';

/**
 * Trading (issue 21): events with each selection's liability, stakes and bets; suspend and reopen;
 * void; result entry (settles) and resettlement of a resulted event (deltas). Each change checks
 * its permission first and writes its audit row in the change's own transaction.
 */
export const createSportsbookBackoffice = (book: Sportsbook) => {
  const { db, now } = book.settleDeps;

  const marketOf = async (merchantCode: string, marketId: string) => {
    const row = await db
      .selectFrom('sb_market as m')
      .innerJoin('sb_event as e', 'e.id', 'm.event_id')
      .select(['m.id', 'm.event_id', 'm.status'])
      .where('m.id', '=', marketId)
      .where('e.merchant_code', '=', merchantCode)
      .executeTakeFirst();
    if (!row) throw new AppError('not.found');
    return row;
  };

  const marketView = async (eventId: string, marketId: string) => {
    const event = await store.eventById(db, eventId);
    if (!event) throw new AppError('not.found');
    const [view] = await eventsWithMarkets(db, [event]);
    const market = view?.markets.find((m) => m.id === marketId);
    if (!market) throw new AppError('not.found');
    return market;
  };

  const events = async (actor: Actor, merchantCode: string, product?: Product) => {
    assertCan(actor, 'sportsbook.read');
    await book.ensureDefaults();
    const at = now();
    const rows = await store.listEvents(db, {
      merchantCode,
      products: product ? [product] : ['SPORTS', 'ESPORTS', 'COCKFIGHT'],
      from: new Date(at.getTime() - 3 * 3_600_000),
      to: new Date(at.getTime() + 6 * 3_600_000),
      limit: 200,
    });
    const views = await eventsWithMarkets(db, rows);
    const stakes = await sql<{ selection_id: string; stake: string; bets: number }>`
      SELECT l.selection_id, SUM(b.stake_minor)::text AS stake, COUNT(*)::int AS bets
        FROM sb_bet_leg l JOIN sb_bet b ON b.id = l.bet_id
       WHERE l.event_id = ANY(${rows.map((r) => r.id)}::uuid[])
       GROUP BY l.selection_id`.execute(db);
    const bySelection = new Map(stakes.rows.map((r) => [r.selection_id, r]));
    const liability = await store.marketsOf(
      db,
      rows.map((r) => r.id),
    );
    const liabilityOf = new Map(liability.flatMap((m) => m.selections.map((s) => [s.id, s.liabilityMinor])));
    return views.map((v) => ({
      ...v,
      markets: v.markets.map((m) => ({
        ...m,
        selections: m.selections.map((s) => ({
          ...s,
          liabilityMinor: (liabilityOf.get(s.id) ?? 0n).toString(),
          stakeMinor: bySelection.get(s.id)?.stake ?? '0',
          bets: bySelection.get(s.id)?.bets ?? 0,
        })),
      })),
    }));
  };

  const setMarketStatus = async (
    actor: Actor,
    input: { merchant: string; marketId: string; status: 'open' | 'suspended'; reason: string },
  ) => {
    assertCan(actor, 'sportsbook.write');
    const market = await marketOf(input.merchant, input.marketId);
    await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('sb_market')
        .set({ status: input.status })
        .where('id', '=', input.marketId)
        .where('status', 'in', ['open', 'suspended'])
        .returning('id')
        .executeTakeFirst();
      if (!changed) throw new AppError('sportsbook.market.closed', { value: { status: market.status } });
      await appendAudit(
        trx,
        actor,
        {
          action: `sportsbook.market.${input.status === 'open' ? 'reopen' : 'suspend'}`,
          target: input.marketId,
          before: { status: market.status },
          after: { status: input.status, reason: input.reason },
        },
        now(),
      );
    });
    return marketView(market.event_id, input.marketId);
  };

  const voidMarketOf = async (
    actor: Actor,
    input: { merchant: string; marketId: string; reason: string },
  ) => {
    assertCan(actor, 'sportsbook.write');
    const market = await marketOf(input.merchant, input.marketId);
    const done = await voidMarket(book.settleDeps, input.marketId, input.reason, (trx) =>
      appendAudit(
        trx,
        actor,
        {
          action: 'sportsbook.market.void',
          target: input.marketId,
          before: { status: market.status },
          after: { status: 'voided', reason: input.reason },
        },
        now(),
      ),
    );
    if (!done) throw new AppError('sportsbook.market.closed', { value: { status: market.status } });
    return marketView(market.event_id, input.marketId);
  };

  const enterResult = async (
    actor: Actor,
    input: { merchant: string; eventId: string; result: EventResult; reason: string },
  ) => {
    assertCan(actor, 'sportsbook.write');
    const event = await store.eventById(db, input.eventId);
    if (!event || event.merchantCode !== input.merchant) throw new AppError('not.found');
    if ((event.sportCode === 'cockfight') !== (input.result.kind === 'fight'))
      throw new AppError('validation.failed', { value: { field: 'result' } });
    const audit = (action: string) => (trx: Parameters<typeof appendAudit>[0]) =>
      appendAudit(
        trx,
        actor,
        {
          action,
          target: input.eventId,
          before: { result: event.result },
          after: { result: input.result, reason: input.reason },
        },
        now(),
      );
    const resettle = async () => {
      const r = await resettleEvent(
        book.settleDeps,
        input.eventId,
        input.result,
        audit('sportsbook.event.resettle'),
      );
      return { resettled: true, betsChanged: r.changed, deltaMinor: r.deltaMinor.toString() };
    };
    if (event.status === 'resulted') return resettle();
    const done = await resultEvent(
      book.settleDeps,
      input.eventId,
      input.result,
      audit('sportsbook.event.result'),
    );
    if (!done) {
      // Resulted by a twin entry meanwhile: this one is a resettlement (the same result moves nothing).
      if ((await store.eventById(db, input.eventId))?.status === 'resulted') return resettle();
      throw new AppError('sportsbook.market.closed', { value: { status: event.status } });
    }
    return { resettled: false, betsChanged: 0, deltaMinor: '0' };
  };

  const desk = createBetDesk({ db, now, ensureDefaults: book.ensureDefaults });

  return {
    events,
    setMarketStatus,
    voidMarket: voidMarketOf,
    enterResult,
    searchBets: desk.search,
    setCashOut: desk.setCashOut,
    cashOut: desk.cashOut,
  };
};

export type SportsbookBackoffice = ReturnType<typeof createSportsbookBackoffice>;
