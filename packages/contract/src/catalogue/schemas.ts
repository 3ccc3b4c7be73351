import { z } from 'zod';
import { GAME_TYPES, MIN_BET_OPTIONS, WINNER_BOARD_LIMIT } from './constants';
import { blankToUndefined, optionalText, pageNumber } from './fields';

export const gameType = z.enum(GAME_TYPES);

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
