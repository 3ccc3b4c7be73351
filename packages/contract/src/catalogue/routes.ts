import { z } from 'zod';
import { defineRoute } from '../core/route';
import { catalogueEndpoints } from './endpoints';
import { optionalText } from './fields';
import {
  favouriteBody,
  favouriteListQuery,
  favouriteListValue,
  gameListQuery,
  gameListValue,
  gameVendorValue,
  hotGamesQuery,
  hotGamesValue,
  recentGamesQuery,
  recentGamesValue,
  vassGameTypeValue,
  winnerBoardQuery,
  winnerBoardValue,
} from './schemas';

export const catalogueRoutes = {
  gameVendors: defineRoute({
    ...catalogueEndpoints.gameVendors,
    tag: 'games',
    summary: 'Game categories (lanes) with their vendor cards and classify counts; version of the catalogue',
    query: z.object({
      platform: optionalText(64),
      merchantCode: optionalText(32),
      merchant: optionalText(32),
      clientType: optionalText(8),
      language: optionalText(8),
    }),
    value: gameVendorValue,
  }),
  vassGameType: defineRoute({
    ...catalogueEndpoints.vassGameType,
    tag: 'games',
    summary: 'Vendors of each game type',
    value: vassGameTypeValue,
  }),
  gameList: defineRoute({
    ...catalogueEndpoints.gameList,
    tag: 'games',
    summary: 'Games by type, vendor, classify, name (any language, accent-insensitive), min bet; paged',
    query: gameListQuery,
    value: gameListValue,
  }),
  hotGames: defineRoute({
    ...catalogueEndpoints.hotGames,
    tag: 'games',
    summary: 'Hot games by rank (no paging)',
    query: hotGamesQuery,
    value: hotGamesValue,
  }),
  hotGamesPost: defineRoute({
    ...catalogueEndpoints.hotGamesPost,
    tag: 'games',
    summary: 'Hot games by rank (no paging), parameters in the body',
    query: hotGamesQuery,
    body: hotGamesQuery.optional(),
    value: hotGamesValue,
  }),
  favouriteIds: defineRoute({
    ...catalogueEndpoints.favouriteIds,
    tag: 'games',
    summary: "The member's favourite game ids (as strings)",
    value: z.array(z.string()),
  }),
  favouriteList: defineRoute({
    ...catalogueEndpoints.favouriteList,
    tag: 'games',
    summary: "The member's favourite games, most recently added first",
    query: favouriteListQuery,
    value: favouriteListValue,
  }),
  addFavourite: defineRoute({
    ...catalogueEndpoints.addFavourite,
    tag: 'games',
    summary: 'Adds a favourite game (adding one twice changes nothing); answers the favourite ids',
    body: favouriteBody,
    value: z.array(z.string()),
  }),
  removeFavourite: defineRoute({
    ...catalogueEndpoints.removeFavourite,
    tag: 'games',
    summary:
      'Removes a favourite game (removing an absent one changes nothing); answers the favourite ids. ' +
      'The payload may come as a JSON body or, for clients that send DELETE without one, as query parameters.',
    query: favouriteBody.partial(),
    body: favouriteBody.nullish(),
    value: z.array(z.string()),
  }),
  recentGames: defineRoute({
    ...catalogueEndpoints.recentGames,
    tag: 'games',
    summary: "The member's recently played games, most recent first",
    query: recentGamesQuery,
    value: recentGamesValue,
  }),
  winnerBoard: defineRoute({
    ...catalogueEndpoints.winnerBoard,
    tag: 'games',
    summary: 'Biggest real wins of settled rounds in the last 7 days (empty until rounds exist)',
    query: winnerBoardQuery,
    value: winnerBoardValue,
  }),
};
