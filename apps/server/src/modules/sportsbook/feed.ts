import { type DeadHeat, handicapOutcome, type LegOutcome, totalOutcome } from '@khela/fair';

/**
 * The feed adapter (issue 21): where fixtures, prices and results come from. The demo runs the
 * simulator (simulator.ts); a vendor feed would implement the same interface (fixtures ahead,
 * price changes, results; bet stops are the book's own: a market closes at the start).
 */

export type Product = 'SPORTS' | 'ESPORTS' | 'COCKFIGHT';
export type MarketKind = 'winner' | 'match_bet' | '1x2' | 'handicap' | 'total' | 'map_handicap' | 'cockfight';
export type SelectionCode = 'home' | 'away' | 'draw' | 'over' | 'under' | 'meron' | 'wala';

export type FixtureMarket = {
  kind: MarketKind;
  /** Handicap of the home side or total line, in quarters; null for other kinds. */
  lineQ: number | null;
  pariMutuel?: boolean;
  selections: { code: SelectionCode; odds: bigint }[];
};

export type Fixture = {
  feedKey: string;
  sportCode: string;
  competitionId: string;
  home: string;
  away: string;
  startsAt: Date;
  endsAt: Date;
  markets: FixtureMarket[];
};

/** Scores (goals, runs, points, maps) or a cockfight's winner. */
export type EventResult =
  | { kind: 'score'; home: number; away: number }
  | { kind: 'fight'; winner: 'meron' | 'wala' | 'draw' | 'cancelled' };

export type FeedEvent = { feedKey: string; sportCode: string; serverSeed: string };

export interface SportsFeed {
  /** Fixtures starting in [from, to) with their opening prices (deterministic per feed key). */
  fixtures(from: Date, to: Date, seedOf: (feedKey: string) => string): Fixture[];
  /** The result of an event that has ended. */
  result(event: FeedEvent): EventResult;
}

/**
 * How a fixed-odds selection ends for a score (the same rule prices and settles): winner markets
 * are void on a tie (no draw offered), a match bet wins on a tie under a dead heat, 1X2 loses on the other results, handicaps and totals by
 * the quarter-line rules of @khela/fair.
 */
export const selectionOutcome = (
  market: { kind: MarketKind; lineQ: number | null },
  code: SelectionCode,
  score: { home: number; away: number },
): LegOutcome => {
  const margin = score.home - score.away;
  const line = market.lineQ ?? 0;
  switch (market.kind) {
    case 'match_bet':
      // A tie is a dead heat of both sides (selectionSettlement): each wins on half its stake.
      if (margin === 0) return 'win';
      return (code === 'home') === margin > 0 ? 'win' : 'loss';
    case 'winner':
      if (margin === 0) return 'void';
      return (code === 'home') === margin > 0 ? 'win' : 'loss';
    case '1x2': {
      const actual = margin > 0 ? 'home' : margin < 0 ? 'away' : 'draw';
      return code === actual ? 'win' : 'loss';
    }
    case 'handicap':
    case 'map_handicap':
      return code === 'home' ? handicapOutcome(line, margin) : handicapOutcome(-line, -margin);
    case 'total':
      return totalOutcome(code === 'over' ? 'over' : 'under', line, score.home + score.away);
    case 'cockfight':
      throw new Error('cockfight selections settle by the fight result');
  }
};

/** A cockfight selection's outcome: the winner wins; on a draw Meron/Wala are void; cancel voids all. */
export const fightOutcome = (
  code: SelectionCode,
  winner: 'meron' | 'wala' | 'draw' | 'cancelled',
): LegOutcome => {
  if (winner === 'cancelled') return 'void';
  if (winner === 'draw') return code === 'draw' ? 'win' : 'void';
  return code === winner ? 'win' : 'loss';
};

/**
 * A selection's outcome with its dead heat, if any: a match bet's tie is a dead heat of its two
 * sides for one place (Betby §5.19: stake ÷ number tied settled as a win, the rest lost).
 */
export const selectionSettlement = (
  market: { kind: MarketKind; lineQ: number | null },
  code: SelectionCode,
  score: { home: number; away: number },
): { outcome: LegOutcome; deadHeat: DeadHeat | null } => ({
  outcome: selectionOutcome(market, code, score),
  deadHeat: market.kind === 'match_bet' && score.home === score.away ? { places: 1, tied: 2 } : null,
});
