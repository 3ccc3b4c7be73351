import { z } from 'zod';
import { PRIZE_MODES } from './constants';

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
