import { z } from 'zod';
import { GAME_TYPES, MIN_BET_OPTIONS, WINNER_BOARD_LIMIT } from './catalogue-constants';
import { endpoints } from './endpoints';
import { defineRoute } from './route';

export * from './catalogue-constants';

export const gameType = z.enum(GAME_TYPES);

/** An empty query value means "not set" (the lobby sends `gameClassify=` for all). */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
/** Paging numbers: any integer is accepted and clamped by the server, so a stale page never fails. */
const pageNumber = z.preprocess(blankToUndefined, z.coerce.number().int().optional());

export const gameCard = z.object({
  vassalage: z.string(),
  vendor: z.string(),
  gameType: gameType,
  displayName: z.string(),
  isHot: z.boolean(),
  accountTypeId: z.number().int(),
  accountTypeName: z.string(),
  /** VASSALAGE: the card opens a list of the vendor's games; GAME: it launches `gameCode` directly. */
  isGame: z.enum(['VASSALAGE', 'GAME']),
  gameCode: z.string().nullable(),
  defaultPlayType: z.string().nullable(),
  allowDemo: z.boolean(),
  gameCount: z.number().int(),
  /** `lagerIcon` is the platform's spelling and is kept for clients written against it. */
  lagerIcon: z.string().nullable(),
  smallIcon: z.string().nullable(),
  mobileSmallIcon: z.string().nullable(),
  h5Icon: z.string().nullable(),
});
export type GameCard = z.infer<typeof gameCard>;

export const gameClassifyCount = z.object({
  key: z.string(),
  displayName: z.string(),
  gameCount: z.number().int(),
});
export type GameClassifyCount = z.infer<typeof gameClassifyCount>;

export const gameLane = z.object({
  title: gameType,
  cards: z.array(gameCard),
  gameClassify: z.array(gameClassifyCount),
});
export type GameLane = z.infer<typeof gameLane>;

export const game = z.object({
  nodeId: z.string(),
  gameId: z.string(),
  vassalage: z.string(),
  vendor: z.string(),
  gameType: gameType,
  displayName: z.string(),
  gameName: z.string(),
  /** Image path below an image CDN (the client picks one of `imageCDNs` at random). */
  showIcon: z.string().nullable(),
  iconUrl: z.string().nullable(),
  gameClassify: z.array(z.string()),
  /** Decimal string in the merchant's currency, e.g. "0.05". */
  minBet: z.string(),
  minLineNum: z.number().int(),
  isHot: z.boolean(),
  hotRank: z.number().int().nullable(),
  isNew: z.boolean(),
  allowDemo: z.boolean(),
  isGame: z.literal('GAME'),
  gameCode: z.string(),
  defaultPlayType: z.string().nullable(),
});
export type Game = z.infer<typeof game>;

export const gameVendorValue = z.object({
  /** Bumped on every catalogue change: a client drops its session copy when this moves. */
  version: z.number().int(),
  data: z.object({ lanes: z.array(gameLane) }),
});
export type GameVendorValue = z.infer<typeof gameVendorValue>;

export const vassGameTypeValue = z.object({
  content: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
});

export const gameListQuery = z.object({
  clientType: optionalText(8),
  platform: optionalText(64),
  channel: optionalText(32),
  merchant: optionalText(32),
  gameType: z.preprocess(blankToUndefined, gameType.optional()),
  vassalage: optionalText(40),
  gameClassify: optionalText(40),
  gameName: optionalText(60),
  minBet: z.preprocess(blankToUndefined, z.enum(MIN_BET_OPTIONS).optional()),
  minLineNum: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(10_000).optional()),
  pageNo: pageNumber,
  pageSize: pageNumber,
  language: optionalText(8),
});
export type GameListQuery = z.input<typeof gameListQuery>;

export const gameListValue = z.object({
  games: z.array(game),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  /** The page served after clamping to 1..totalPages, and the page size used. */
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type GameListValue = z.infer<typeof gameListValue>;

export const hotGamesQuery = z.object({
  merchantCode: optionalText(32),
  isPlatform: optionalText(4),
  vassalage: optionalText(40),
  platform: optionalText(64),
  language: optionalText(8),
});

export const hotGamesValue = z.object({ list: z.array(game) });

export const favouriteBody = z.object({
  nodeId: z.coerce.string().trim().min(1).max(64),
  vendor: z.string().trim().min(1).max(40),
  gameType: gameType,
});
export type FavouriteBody = z.infer<typeof favouriteBody>;

export const favouriteListQuery = z.object({
  clientType: optionalText(8),
  platform: optionalText(64),
  language: optionalText(8),
  token: optionalText(128),
  gameType: z.preprocess(blankToUndefined, gameType.optional()),
  pageNo: pageNumber,
  pageSize: pageNumber,
});

export const favouriteListValue = z.object({
  content: z.array(game),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

export const recentGamesQuery = z.object({
  clientType: optionalText(8),
  vassalage: optionalText(40),
  language: optionalText(8),
  pageNo: pageNumber,
  pageSize: pageNumber,
});

export const recentGame = game.extend({ lastPlayedAt: z.number().int() });

export const recentGamesValue = z.object({
  list: z.array(recentGame),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
});

export const winnerBoardQuery = z.object({
  gameCategory: z.preprocess(blankToUndefined, z.union([z.literal('ALL'), gameType]).default('ALL')),
  language: optionalText(8),
  limitNum: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(WINNER_BOARD_LIMIT).default(WINNER_BOARD_LIMIT),
  ),
});

export const winnerVo = z.object({
  /** Masked account name of the winner. */
  customerName: z.string(),
  /** Decimal string in the merchant's currency. */
  winAmount: z.string(),
  gameName: z.string(),
  nodeId: z.string(),
  gameType: gameType,
  vendor: z.string(),
  vassalage: z.string(),
  iconUrl: z.string().nullable(),
  winTime: z.number().int(),
});
export type WinnerVo = z.infer<typeof winnerVo>;

export const winnerBoardValue = z.object({ list: z.array(z.object({ vo: winnerVo })) });

export const catalogueRoutes = {
  gameVendors: defineRoute({
    ...endpoints.gameVendors,
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
    ...endpoints.vassGameType,
    tag: 'games',
    summary: 'Vendors of each game type',
    value: vassGameTypeValue,
  }),
  gameList: defineRoute({
    ...endpoints.gameList,
    tag: 'games',
    summary: 'Games by type, vendor, classify, name (any language, accent-insensitive), min bet; paged',
    query: gameListQuery,
    value: gameListValue,
  }),
  hotGames: defineRoute({
    ...endpoints.hotGames,
    tag: 'games',
    summary: 'Hot games by rank (no paging)',
    query: hotGamesQuery,
    value: hotGamesValue,
  }),
  hotGamesPost: defineRoute({
    ...endpoints.hotGamesPost,
    tag: 'games',
    summary: 'Hot games by rank (no paging), parameters in the body',
    query: hotGamesQuery,
    body: hotGamesQuery.optional(),
    value: hotGamesValue,
  }),
  favouriteIds: defineRoute({
    ...endpoints.favouriteIds,
    tag: 'games',
    summary: "The member's favourite game ids (as strings)",
    value: z.array(z.string()),
  }),
  favouriteList: defineRoute({
    ...endpoints.favouriteList,
    tag: 'games',
    summary: "The member's favourite games, most recently added first",
    query: favouriteListQuery,
    value: favouriteListValue,
  }),
  addFavourite: defineRoute({
    ...endpoints.addFavourite,
    tag: 'games',
    summary: 'Adds a favourite game (adding one twice changes nothing); answers the favourite ids',
    body: favouriteBody,
    value: z.array(z.string()),
  }),
  removeFavourite: defineRoute({
    ...endpoints.removeFavourite,
    tag: 'games',
    summary:
      'Removes a favourite game (removing an absent one changes nothing); answers the favourite ids. ' +
      'The payload may come as a JSON body or, for clients that send DELETE without one, as query parameters.',
    query: favouriteBody.partial(),
    body: favouriteBody.nullish(),
    value: z.array(z.string()),
  }),
  recentGames: defineRoute({
    ...endpoints.recentGames,
    tag: 'games',
    summary: "The member's recently played games, most recent first",
    query: recentGamesQuery,
    value: recentGamesValue,
  }),
  winnerBoard: defineRoute({
    ...endpoints.winnerBoard,
    tag: 'games',
    summary: 'Biggest real wins of settled rounds in the last 7 days (empty until rounds exist)',
    query: winnerBoardQuery,
    value: winnerBoardValue,
  }),
};
