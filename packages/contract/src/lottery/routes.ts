import { z } from 'zod';
import { defineRoute } from '../core/route';
import {
  lotteryBetView,
  lotteryDrawQuery,
  lotteryDrawValue,
  lotteryGamesValue,
  lotteryIssue,
  lotteryMyBetsQuery,
  lotteryPlaceBetsBody,
  lotteryPlaceBetsValue,
  lotteryResultsQuery,
} from './betting';
import { LOTTERY_POPULAR_COUNT, LOTTERY_RECENT_COUNT, PRIZE_MODES } from './constants';
import { lotteryEndpoints } from './endpoints';
import { lotteryItemMap, lotteryMenuItem, lotteryMenuMap } from './schemas';
import { vnLotteryRoutes } from './vietnam';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const prizeMode = z.preprocess(
  (value) => (typeof value === 'string' && value !== '' ? value.toUpperCase() : undefined),
  z.enum(PRIZE_MODES).optional(),
);
const count = (max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(max).default(max));

const menuQuery = z.object({
  prizeMode,
  device: optionalText(16),
  language: optionalText(8),
});

export const lotteryRoutes = {
  lotteryVnMenu: defineRoute({
    ...lotteryEndpoints.lotteryVnMenu,
    tag: 'lottery',
    summary: 'Vietnamese lottery menu (TCG_LOTTO_VN): groups with their lotteries, open issue and times',
    query: menuQuery,
    value: lotteryMenuMap,
  }),
  lotteryMenus: defineRoute({
    ...lotteryEndpoints.lotteryMenus,
    tag: 'lottery',
    summary: 'Lottery menus of the lottery page, grouped by gameGroupCode, with open issue and times',
    query: menuQuery,
    value: lotteryMenuMap,
  }),
  lotteryPopular: defineRoute({
    ...lotteryEndpoints.lotteryPopular,
    tag: 'lottery',
    summary: 'Most opened lotteries of the last 7 days (then the hot ranks), by nodeId',
    query: menuQuery.extend({ count: count(LOTTERY_POPULAR_COUNT) }),
    value: lotteryItemMap,
  }),
  lotteryRecent: defineRoute({
    ...lotteryEndpoints.lotteryRecent,
    tag: 'lottery',
    summary: "The member's recently opened lotteries, newest first, by nodeId",
    query: menuQuery.extend({ recentCount: count(LOTTERY_RECENT_COUNT) }),
    value: lotteryItemMap,
  }),
  lotteryOpened: defineRoute({
    ...lotteryEndpoints.lotteryOpened,
    tag: 'lottery',
    summary: 'Records that the member opened a lottery (its recent list); answers the lottery',
    body: z.object({ nodeId: z.string().trim().min(1).max(64), prizeMode }),
    value: lotteryMenuItem,
  }),
  lotteryGames: defineRoute({
    ...lotteryEndpoints.lotteryGames,
    tag: 'lottery',
    summary: 'In-house lotteries: rules in force, the open issue and the next (commitments published)',
    value: lotteryGamesValue,
  }),
  lotteryResults: defineRoute({
    ...lotteryEndpoints.lotteryResults,
    tag: 'lottery',
    summary: "A lottery's latest draws, newest first, with seeds revealed and chain links",
    query: lotteryResultsQuery,
    value: z.array(lotteryIssue),
  }),
  lotteryDraw: defineRoute({
    ...lotteryEndpoints.lotteryDraw,
    tag: 'lottery',
    summary: 'The proof of one draw (seed after the draw, commitment, numbers, chain link)',
    query: lotteryDrawQuery,
    value: lotteryDrawValue,
  }),
  lotteryPlaceBets: defineRoute({
    ...lotteryEndpoints.lotteryPlaceBets,
    tag: 'lottery',
    summary: 'Places a slip of bets on an open issue; each stake debited through the ledger; idempotent',
    body: lotteryPlaceBetsBody,
    value: lotteryPlaceBetsValue,
  }),
  lotteryMyBets: defineRoute({
    ...lotteryEndpoints.lotteryMyBets,
    tag: 'lottery',
    summary: "The member's lottery bets, newest first, with win or loss",
    query: lotteryMyBetsQuery,
    value: z.array(lotteryBetView),
  }),
  ...vnLotteryRoutes,
};
