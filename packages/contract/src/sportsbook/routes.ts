import { z } from 'zod';
import { merchantCode } from '../core/lists';
import { defineRoute } from '../core/route';
import { sportsbookEndpoints as e } from './endpoints';
import * as s from './schemas';

export const sportsbookRoutes = {
  sportsbookEvents: defineRoute({
    ...e.sportsbookEvents,
    tag: 'sportsbook',
    summary: 'In-house book: live and coming events of a product with their markets and odds',
    query: s.sportsbookEventsQuery,
    value: s.sportsbookEventsValue,
  }),
  sportsbookResults: defineRoute({
    ...e.sportsbookResults,
    tag: 'sportsbook',
    summary: "A sport's latest results, newest first (the cockfight arena's last fights), seeds revealed",
    query: s.sportsbookResultsQuery,
    value: z.array(s.sportsbookEvent),
  }),
  sportsbookPlaceBet: defineRoute({
    ...e.sportsbookPlaceBet,
    tag: 'sportsbook',
    summary: 'Places a single or a multiple; the stake debited through the ledger; idempotent by request key',
    body: s.sportsbookPlaceBetBody,
    value: s.sportsbookPlaceBetValue,
  }),
  sportsbookCashOut: defineRoute({
    ...e.sportsbookCashOut,
    tag: 'sportsbook',
    summary:
      'Cashes out an open single or multiple at the offer now, if it is at least the offer the member saw (else 409 with the new offer); one credit, exactly once',
    body: s.sportsbookCashOutBody,
    value: s.sportsbookCashOutValue,
  }),
  sportsbookPartialCashOut: defineRoute({
    ...e.sportsbookPartialCashOut,
    tag: 'sportsbook',
    summary:
      'Cashes out part of an open bet’s stake at the offer now (⌊offer × part ÷ stake⌋); the bet runs on with the rest; idempotent by request key',
    body: s.sportsbookPartialCashOutBody,
    value: s.sportsbookPartialCashOutValue,
  }),
  sportsbookPreferences: defineRoute({
    ...e.sportsbookPreferences,
    tag: 'sportsbook',
    summary:
      "The member's sportsbook preferences: the odds format kept with the account (null: never chosen)",
    value: s.sportsbookPreferencesValue,
  }),
  sportsbookPreferencesSave: defineRoute({
    ...e.sportsbookPreferencesSave,
    tag: 'sportsbook',
    summary: 'Keeps the odds format with the account, for every browser of the member',
    body: s.sportsbookPreferencesBody,
    value: s.sportsbookPreferencesValue,
  }),
  sportsbookMyBets: defineRoute({
    ...e.sportsbookMyBets,
    tag: 'sportsbook',
    summary: "The member's sportsbook bets, newest first, each leg with its outcome",
    query: s.sportsbookMyBetsQuery,
    value: z.array(s.sportsbookBet),
  }),
};

export const boSportsbookRoutes = {
  boSportsbookEvents: defineRoute({
    ...e.boSportsbookEvents,
    tag: 'backoffice',
    summary: 'Trading: events with markets, each selection with its liability, stakes and bets',
    query: s.boSportsbookEventsQuery,
    value: z.array(s.boSportsbookEvent),
  }),
  boSportsbookMarketStatus: defineRoute({
    ...e.boSportsbookMarketStatus,
    tag: 'backoffice',
    summary: 'Suspends or reopens a market (audited)',
    body: s.boSportsbookMarketStatusBody,
    value: s.sportsbookMarket,
  }),
  boSportsbookMarketVoid: defineRoute({
    ...e.boSportsbookMarketVoid,
    tag: 'backoffice',
    summary: 'Voids a market not settled yet: stakes back, legs count 1.00 (audited)',
    body: s.boSportsbookMarketVoidBody,
    value: s.sportsbookMarket,
  }),
  boSportsbookResult: defineRoute({
    ...e.boSportsbookResult,
    tag: 'backoffice',
    summary: 'Enters an event result and settles it, or resettles a resulted event as deltas (audited)',
    body: s.boSportsbookResultBody,
    value: s.boSportsbookResultValue,
  }),
  boSportsbookBets: defineRoute({
    ...e.boSportsbookBets,
    tag: 'backoffice',
    summary:
      "Bet search: a merchant's bets, newest first, by member, status or result (cashed-out ones with their amount)",
    query: s.boSportsbookBetsQuery,
    value: z.array(s.boSportsbookBet),
  }),
  boSportsbookCashOutRule: defineRoute({
    ...e.boSportsbookCashOutRule,
    tag: 'backoffice',
    summary:
      "Sets cash-out on or off and its margin as a new version of the merchant's rule (bets placed from now on; audited)",
    body: s.boSportsbookCashOutRuleBody,
    value: s.boSportsbookCashOutRuleValue,
  }),
  boSportsbookCashOutRuleGet: defineRoute({
    ...e.boSportsbookCashOutRuleGet,
    tag: 'backoffice',
    summary: "The merchant's cash-out setting in force (on or off, margin)",
    query: z.object({ merchant: merchantCode }),
    value: s.boSportsbookCashOutRuleValue,
  }),
};
