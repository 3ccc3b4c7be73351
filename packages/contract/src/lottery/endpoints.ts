import { endpoint } from '../core/endpoint';

/** Lottery menus (API-FACTS §2.6): bare keyed maps, no envelope. */
export const lotteryEndpoints = {
  lotteryVnMenu: endpoint({
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    modId: 'COMM3',
    auth: 'optional',
    envelope: false,
  }),
  lotteryRecent: endpoint({
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
    envelope: false,
  }),
  lotteryOpened: endpoint({
    method: 'POST',
    path: '/lgw/vn/games/game_menu/recent',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
    envelope: false,
  }),
  lotteryMenus: endpoint({
    method: 'GET',
    path: '/lgw/games/game_menus',
    modId: 'COMM3',
    auth: 'optional',
    envelope: false,
  }),
  lotteryPopular: endpoint({
    method: 'GET',
    path: '/lgw/games/popular',
    modId: 'AGEANNOUNCE3',
    auth: 'optional',
    envelope: false,
  }),
  // In-house lotteries (issue 17, modules/lottery): games, issues, results, bets, draw proofs.
  lotteryGames: endpoint({ method: 'GET', path: '/wps/lottery/games', modId: 'COMM3', auth: 'optional' }),
  lotteryResults: endpoint({ method: 'GET', path: '/wps/lottery/results', modId: 'COMM3', auth: 'optional' }),
  lotteryDraw: endpoint({ method: 'GET', path: '/wps/lottery/draw', modId: 'COMM3', auth: 'optional' }),
  lotteryPlaceBets: endpoint({
    method: 'POST',
    path: '/wps/lottery/bets',
    modId: 'COMM3',
    auth: true,
    protection: 'stake',
  }),
  lotteryMyBets: endpoint({ method: 'GET', path: '/wps/lottery/bets', modId: 'COMM3', auth: true }),
  // Back office (issue 17): rules with RTP, exposure of the open issue, void, bet search.
  boLotteryRules: endpoint({
    method: 'GET',
    path: '/bo/api/lottery/rules',
    modId: null,
    auth: false,
    staff: true,
  }),
  boLotteryRuleSave: endpoint({
    method: 'PUT',
    path: '/bo/api/lottery/rules',
    modId: null,
    auth: false,
    staff: true,
  }),
  boLotteryExposure: endpoint({
    method: 'GET',
    path: '/bo/api/lottery/exposure',
    modId: null,
    auth: false,
    staff: true,
  }),
  boLotteryVoid: endpoint({
    method: 'POST',
    path: '/bo/api/lottery/issues/void',
    modId: null,
    auth: false,
    staff: true,
  }),
  boLotteryBets: endpoint({
    method: 'GET',
    path: '/bo/api/lottery/bets',
    modId: null,
    auth: false,
    staff: true,
  }),
  boLotteryBetsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/lottery/bets.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
} as const;
