import type { SportsbookBet, SportsbookEvent } from '@khela/contract';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import { type OfferNow, offersOf } from './cashout';
import { COMPETITIONS } from './catalogue';
import { partialCashOutsOf } from './partial-cashout';
import type { EventRow, MarketRow } from './store';
import * as store from './store';

/** What players see of the book: events with markets, and their bets with each leg. */

const competitionName = new Map(COMPETITIONS.map((c) => [c.id, c.name]));

export const eventView = (e: EventRow, markets: MarketRow[]): SportsbookEvent => ({
  id: e.id,
  sportCode: e.sportCode,
  product: e.product,
  competitionId: e.competitionId,
  competition: competitionName.get(e.competitionId) ?? e.competitionId,
  home: e.home,
  away: e.away,
  startsAt: e.startsAt.getTime(),
  endsAt: e.endsAt.getTime(),
  status: e.status as SportsbookEvent['status'],
  commitment: e.commitment,
  serverSeed: e.result ? e.serverSeed : null,
  result: e.result,
  markets: markets
    .filter((m) => m.eventId === e.id)
    .map((m) => ({
      id: m.id,
      kind: m.kind,
      lineQ: m.lineQ,
      status: m.status as SportsbookEvent['markets'][number]['status'],
      pariMutuel: m.pariMutuel,
      selections: m.selections.map((s) => ({
        id: s.id,
        code: s.code,
        odds: s.odds.toString(),
        poolMinor: s.poolMinor.toString(),
        outcome: s.outcome as SportsbookEvent['markets'][number]['selections'][number]['outcome'],
        deadHeat: s.deadHeat,
      })),
    })),
});

export const eventsWithMarkets = async (db: Db, events: EventRow[]) => {
  const markets = await store.marketsOf(
    db,
    events.map((e) => e.id),
  );
  return events.map((e) => eventView(e, markets));
};

type BetRow = {
  id: string;
  kind: SportsbookBet['kind'];
  system_sizes: number[] | null;
  product: SportsbookBet['product'];
  stake_minor: string;
  potential_minor: string | null;
  payout_minor: string;
  cashed_out_stake_minor: string;
  cashed_out_minor: string;
  status: 'open' | 'settled';
  result: SportsbookBet['result'];
  placed_at: Date;
  settled_at: Date | null;
};

type LegRow = {
  bet_id: string;
  event_id: string;
  home: string;
  away: string;
  sport_code: string;
  starts_at: Date;
  kind: SportsbookBet['legs'][number]['marketKind'];
  line_q: number | null;
  code: SportsbookBet['legs'][number]['selectionCode'];
  odds: string;
  outcome: SportsbookBet['legs'][number]['outcome'];
  dead_heat_places: number | null;
  dead_heat_tied: number | null;
};

const partView = (part: OfferNow['part']) =>
  part ? { minMinor: part.minMinor.toString(), maxMinor: part.maxMinor.toString() } : null;

/** Bets with their legs, newest first (one member, or the ids given). */
export const betsOf = async (
  db: Db,
  q: {
    memberId?: number;
    betIds?: string[];
    status?: 'open' | 'settled';
    count: number;
    /** The time of the cash-out offers of open bets (none without). */
    offersAt?: Date;
  },
): Promise<SportsbookBet[]> => {
  const bets = await sql<BetRow>`
    SELECT id, kind, system_sizes, product, stake_minor::text AS stake_minor, potential_minor::text AS potential_minor,
           payout_minor::text AS payout_minor, cashed_out_stake_minor::text AS cashed_out_stake_minor,
           cashed_out_minor::text AS cashed_out_minor, status, result, placed_at, settled_at
      FROM sb_bet
     WHERE (${q.memberId ?? null}::int IS NULL OR member_id = ${q.memberId ?? null}::int)
       AND (${q.betIds ?? null}::uuid[] IS NULL OR id = ANY(${q.betIds ?? null}::uuid[]))
       AND (${q.status ?? null}::text IS NULL OR status = ${q.status ?? null}::text)
     ORDER BY placed_at DESC, id
     LIMIT ${q.count}`.execute(db);
  if (bets.rows.length === 0) return [];
  const legs = await sql<LegRow>`
    SELECT l.bet_id, e.id AS event_id, e.home, e.away, e.sport_code, e.starts_at, m.kind, m.line_q, s.code,
           COALESCE(s.settled_odds, l.odds)::text AS odds, s.outcome, s.dead_heat_places, s.dead_heat_tied
      FROM sb_bet_leg l
      JOIN sb_selection s ON s.id = l.selection_id
      JOIN sb_market m ON m.id = l.market_id
      JOIN sb_event e ON e.id = l.event_id
     WHERE l.bet_id = ANY(${bets.rows.map((b) => b.id)}::uuid[])
     ORDER BY l.bet_id, l.seq`.execute(db);
  const offers = q.offersAt
    ? await offersOf(
        db,
        bets.rows.filter((b) => b.status === 'open').map((b) => b.id),
        q.offersAt,
      )
    : new Map<string, OfferNow | null>();
  const partials = await partialCashOutsOf(
    db,
    bets.rows.filter((b) => b.cashed_out_stake_minor !== '0').map((b) => b.id),
  );
  return bets.rows.map((b) => ({
    id: b.id,
    kind: b.kind,
    systemSizes: b.system_sizes,
    product: b.product,
    stakeMinor: b.stake_minor,
    potentialMinor: b.potential_minor,
    payoutMinor: b.payout_minor,
    cashedOutStakeMinor: b.cashed_out_stake_minor,
    cashedOutMinor: b.cashed_out_minor,
    partialCashOuts: partials
      .filter((p) => p.bet_id === b.id)
      .map((p) => ({
        stakePartMinor: String(p.stake_part_minor),
        valueMinor: String(p.value_minor),
        at: new Date(p.created_at).getTime(),
      })),
    status: b.status,
    result: b.result,
    cashOutMinor: offers.get(b.id)?.offerMinor.toString() ?? null,
    cashOutPart: partView(offers.get(b.id)?.part ?? null),
    placedAt: new Date(b.placed_at).getTime(),
    settledAt: b.settled_at ? new Date(b.settled_at).getTime() : null,
    legs: legs.rows
      .filter((l) => l.bet_id === b.id)
      .map((l) => ({
        eventId: l.event_id,
        event: `${l.home} v ${l.away}`,
        sportCode: l.sport_code,
        startsAt: new Date(l.starts_at).getTime(),
        marketKind: l.kind,
        lineQ: l.line_q,
        selectionCode: l.code,
        odds: l.odds,
        outcome: l.outcome,
        deadHeat:
          l.dead_heat_places !== null && l.dead_heat_tied !== null
            ? { places: l.dead_heat_places, tied: l.dead_heat_tied }
            : null,
      })),
  }));
};
