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
};
