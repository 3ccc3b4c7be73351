import { endpoint } from '../core/endpoint';

/** The in-house sportsbook (issue 21, modules/sportsbook): events, bets, the trading back office. */
export const sportsbookEndpoints = {
  sportsbookEvents: endpoint({
    method: 'GET',
    path: '/wps/sportsbook/events',
    modId: 'COMM3',
    auth: 'optional',
  }),
  sportsbookResults: endpoint({
    method: 'GET',
    path: '/wps/sportsbook/results',
    modId: 'COMM3',
    auth: 'optional',
  }),
  sportsbookPlaceBet: endpoint({
    method: 'POST',
    path: '/wps/sportsbook/bets',
    modId: 'COMM3',
    auth: true,
    protection: 'stake',
  }),
  // Exempt from the protection door (ADR 050): a cash-out only settles a bet already placed and
  // credits the member, like a withdrawal-side action; refusing it would trap the money.
  sportsbookCashOut: endpoint({
    method: 'POST',
    path: '/wps/sportsbook/bets/cashout',
    modId: 'COMM3',
    auth: true,
    protection: 'exempt',
  }),
  // Exempt as the full cash-out (ADR 050, 055): it settles part of a bet already placed.
  sportsbookPartialCashOut: endpoint({
    method: 'POST',
    path: '/wps/sportsbook/bets/cashout/partial',
    modId: 'COMM3',
    auth: true,
    protection: 'exempt',
  }),
  sportsbookPreferences: endpoint({
    method: 'GET',
    path: '/wps/sportsbook/preferences',
    modId: 'COMM3',
    auth: true,
  }),
  sportsbookPreferencesSave: endpoint({
    method: 'PUT',
    path: '/wps/sportsbook/preferences',
    modId: 'COMM3',
    auth: true,
  }),
  sportsbookMyBets: endpoint({ method: 'GET', path: '/wps/sportsbook/bets', modId: 'COMM3', auth: true }),
  boSportsbookEvents: endpoint({
    method: 'GET',
    path: '/bo/api/sportsbook/events',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSportsbookMarketStatus: endpoint({
    method: 'POST',
    path: '/bo/api/sportsbook/markets/status',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSportsbookMarketVoid: endpoint({
    method: 'POST',
    path: '/bo/api/sportsbook/markets/void',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSportsbookResult: endpoint({
    method: 'POST',
    path: '/bo/api/sportsbook/events/result',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSportsbookBets: endpoint({
    method: 'GET',
    path: '/bo/api/sportsbook/bets',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSportsbookCashOutRule: endpoint({
    method: 'POST',
    path: '/bo/api/sportsbook/rules/cashout',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSportsbookCashOutRuleGet: endpoint({
    method: 'GET',
    path: '/bo/api/sportsbook/rules/cashout',
    modId: null,
    auth: false,
    staff: true,
  }),
} as const;
