import { endpoint } from '../core/endpoint';

/** Shared live tables (issue 22): lobby, one table's state, bets, a round's proof. */
export const tablesEndpoints = {
  liveTables: endpoint({ method: 'GET', path: '/wps/tables', modId: null, auth: 'optional' }),
  liveTableState: endpoint({ method: 'GET', path: '/wps/tables/state', modId: null, auth: 'optional' }),
  liveTableRound: endpoint({ method: 'GET', path: '/wps/tables/round', modId: null, auth: 'optional' }),
  liveTableBets: endpoint({
    method: 'POST',
    path: '/wps/tables/bets',
    modId: null,
    auth: true,
    realAccountOnly: true,
    protection: 'stake',
  }),
  // The back office (ADR 060): the tables, open/close, void a round (permissions games.*).
  boLiveTables: endpoint({ method: 'GET', path: '/bo/api/tables', modId: null, auth: false, staff: true }),
  boLiveTableStatus: endpoint({
    method: 'POST',
    path: '/bo/api/tables/status',
    modId: null,
    auth: false,
    staff: true,
  }),
  boLiveRoundVoid: endpoint({
    method: 'POST',
    path: '/bo/api/tables/rounds/void',
    modId: null,
    auth: false,
    staff: true,
  }),
};
