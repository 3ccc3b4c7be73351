import { endpoint } from '../core/endpoint';

/** Game catalogue (API-FACTS §2.4): vendors, game lists, hot games, favourites, recent games, the winner board. Browsing is open to visitors; a token that is sent must be valid. */
export const catalogueEndpoints = {
  gameVendors: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    modId: 'COMM3',
    auth: 'optional',
  }),
  vassGameType: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_getVassGameType',
    modId: 'COMM3',
    auth: true,
  }),
  gameList: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    modId: 'GAMELO3',
    auth: 'optional',
  }),
  /** GET in the desktop build, POST (same parameters in the body) in another (API-FACTS §2.4): both are served. */
  hotGames: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    modId: 'GAMELOHOT3',
    auth: false,
  }),
  hotGamesPost: endpoint({
    method: 'POST',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    modId: 'GAMELOHOT3',
    auth: false,
  }),
  favouriteIds: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGames',
    modId: 'GAMELOFAV3',
    auth: true,
    realAccountOnly: true,
  }),
  favouriteList: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    modId: 'GAMELOFAV3',
    auth: true,
    realAccountOnly: true,
  }),
  addFavourite: endpoint({
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGameV2',
    modId: 'GAMELOFAV3',
    auth: true,
    realAccountOnly: true,
  }),
  removeFavourite: endpoint({
    method: 'DELETE',
    path: '/wps/relay/MCSFE_removeFavoriteGameV2',
    modId: 'GAMELOFAV3',
    auth: true,
    realAccountOnly: true,
  }),
  recentGames: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
    modId: 'GAMELOREC3',
    auth: true,
    realAccountOnly: true,
  }),
  winnerBoard: endpoint({
    method: 'GET',
    path: '/wps/relay/ODSFE2_getWinnerBoard',
    modId: 'COMM3',
    auth: false,
  }),
} as const;
