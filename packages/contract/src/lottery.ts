import { z } from 'zod';
import { endpoints } from './endpoints';
import { LOTTERY_POPULAR_COUNT, LOTTERY_RECENT_COUNT, PRIZE_MODES } from './lottery-constants';
import { defineRoute } from './route';

export * from './lottery-constants';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const prizeMode = z.preprocess(
  (value) => (typeof value === 'string' && value !== '' ? value.toUpperCase() : undefined),
  z.enum(PRIZE_MODES).optional(),
);
const count = (max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(max).default(max));

/** One lottery of a menu (spec §3): its open issue (`numero`) and times computed from its schedule. */
export const lotteryMenuItem = z.object({
  gameId: z.string(),
  nodeId: z.string(),
  vendor: z.string(),
  /** The vendor account of the lottery (the VN menu's are all TCG_LOTTO_VN). */
  accountTypeName: z.string(),
  gameName: z.string(),
  icon: z.string().nullable(),
  /** The menu group the lottery belongs to (`LOTTERY_GROUPS`). */
  gameMenuTag: z.string(),
  remark: z.string(),
  /** The open issue: the draw that bets are taken for now (YYYYMMDD, -NNNN for several a day). */
  numero: z.string(),
  /** Seconds until that draw. */
  remainTime: z.number().int(),
  /** Seconds before the draw when betting closes. */
  lockTime: z.number().int(),
  /** Comma list of weekday numbers, 1 = Sunday .. 7 = Saturday. */
  drawDayOfWeek: z.string(),
  /** The draw's time, epoch milliseconds. */
  winningTime: z.number().int(),
  prizeMode: z.enum(PRIZE_MODES),
  isHot: z.boolean(),
});
export type LotteryMenuItem = z.infer<typeof lotteryMenuItem>;

export const lotteryMenuGroup = z.object({
  tag: z.string(),
  gameGroupCode: z.string(),
  displayName: z.string(),
  gameMenus: z.array(lotteryMenuItem),
});
export type LotteryMenuGroup = z.infer<typeof lotteryMenuGroup>;

/** The `/lgw` answers are bare keyed maps (API-FACTS §1.2): groups by tag, items by nodeId. */
export const lotteryMenuMap = z.record(z.string(), lotteryMenuGroup);
export const lotteryItemMap = z.record(z.string(), lotteryMenuItem);

const menuQuery = z.object({
  prizeMode,
  device: optionalText(16),
  language: optionalText(8),
});

export const lotteryRoutes = {
  lotteryVnMenu: defineRoute({
    ...endpoints.lotteryVnMenu,
    tag: 'lottery',
    summary: 'Vietnamese lottery menu (TCG_LOTTO_VN): groups with their lotteries, open issue and times',
    query: menuQuery,
    value: lotteryMenuMap,
  }),
  lotteryMenus: defineRoute({
    ...endpoints.lotteryMenus,
    tag: 'lottery',
    summary: 'Lottery menus of the lottery page, grouped by gameGroupCode, with open issue and times',
    query: menuQuery,
    value: lotteryMenuMap,
  }),
  lotteryPopular: defineRoute({
    ...endpoints.lotteryPopular,
    tag: 'lottery',
    summary: 'Most opened lotteries of the last 7 days (then the hot ranks), by nodeId',
    query: menuQuery.extend({ count: count(LOTTERY_POPULAR_COUNT) }),
    value: lotteryItemMap,
  }),
  lotteryRecent: defineRoute({
    ...endpoints.lotteryRecent,
    tag: 'lottery',
    summary: "The member's recently opened lotteries, newest first, by nodeId",
    query: menuQuery.extend({ recentCount: count(LOTTERY_RECENT_COUNT) }),
    value: lotteryItemMap,
  }),
  lotteryOpened: defineRoute({
    ...endpoints.lotteryOpened,
    tag: 'lottery',
    summary: 'Records that the member opened a lottery (its recent list); answers the lottery',
    body: z.object({ nodeId: z.string().trim().min(1).max(64), prizeMode }),
    value: lotteryMenuItem,
  }),
};
