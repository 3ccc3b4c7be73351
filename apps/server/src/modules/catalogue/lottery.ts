import {
  GAME_PAGE_SIZE_MAX,
  type Game,
  type GameType,
  type Language,
  LOTTERY_GROUPS,
  LOTTERY_PAGE_VENDORS,
  type LotteryMenuGroup,
  type LotteryMenuItem,
  type PrizeMode,
  prizeModeOf,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB, Localized } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defaultSchedule, openIssue, type Schedule } from './lottery-schedule';
import type { CatalogueService } from './service';

/** The lanes whose games are lotteries. */
const LOTTERY_LANES: readonly GameType[] = ['ELOTT', 'LOTT'];
/** The Vietnamese lottery menu is this vendor's (API-FACTS §2.6). */
const VN_VENDOR = 'TCG_LOTTO_VN';
/** Schedules are read again after this long (an operator's change shows within it). */
const SCHEDULE_CACHE_MS = 10_000;
/** Popularity counts the members who opened a lottery in this window. */
const POPULAR_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Names of the menu groups, for clients that do not translate the tag themselves. */
const GROUP_NAMES: Record<string, Localized> = {
  VN: { en: 'Vietnam lottery', bn: 'ভিয়েতনাম লটারি', hi: 'वियतनाम लॉटरी' },
  KENO: { en: 'Keno', bn: 'কেনো', hi: 'केनो' },
  LOTTO: { en: 'Lotto', bn: 'লোটো', hi: 'लोटो' },
  DIGITS: { en: 'Digits', bn: 'অঙ্ক', hi: 'अंक' },
  RACING: { en: 'Racing', bn: 'রেসিং', hi: 'रेसिंग' },
  WHEEL: { en: 'Wheel', bn: 'চাকা', hi: 'चक्र' },
};

const pick = (text: Localized, language: Language) => text[language] ?? text.en ?? '';

type Deps = { db: Kysely<DB>; catalogue: CatalogueService; now?: () => Date };

/** Which lotteries a menu lists: the lottery page's vendors (spec §2), or the VN vendor's. */
type Scope = 'page' | 'vn';

/**
 * Lottery menus over the catalogue's ELOTT and LOTT games (spec §2, §3; API-FACTS §2.6): each
 * lottery with its open issue and times computed from its stored draw schedule and the clock,
 * grouped by menu tag; the popular list (members' opens in the last 7 days, then hot ranks) and
 * a member's recently opened lotteries. Betting and draws are a later issue's.
 */
export const createLotteryService = ({ db, catalogue, now = () => new Date() }: Deps) => {
  let schedules = new Map<string, Schedule>();
  let schedulesAt = 0;

  const readSchedules = async () => {
    const rows = await db.selectFrom('lottery_schedule').selectAll().execute();
    schedules = new Map(
      rows.map((r) => [
        r.node_id,
        {
          menuTag: r.menu_tag,
          drawDays: r.draw_days.split(',').map(Number),
          firstDrawMinute: r.first_draw_minute,
          lastDrawMinute: r.last_draw_minute,
          intervalMinutes: r.interval_minutes,
          lockSeconds: r.lock_seconds,
          utcOffsetMinutes: r.utc_offset_minutes,
          remark: r.remark,
        },
      ]),
    );
    schedulesAt = now().getTime();
  };

  /** The schedules of these games; a game without one is given its default (and it is stored). */
  const schedulesOf = async (games: readonly Game[]) => {
    // Timed on the service's clock, so a test's clock can move past it.
    const age = now().getTime() - schedulesAt;
    if (age > SCHEDULE_CACHE_MS || age < 0) await readSchedules();
    const missing = games.filter((g) => !schedules.has(g.nodeId));
    if (missing.length > 0) {
      await db
        .insertInto('lottery_schedule')
        .values(
          missing.map((g) => {
            const s = defaultSchedule(g.gameId, g.vendor, g.displayName);
            return {
              node_id: g.nodeId,
              menu_tag: s.menuTag,
              draw_days: s.drawDays.join(','),
              first_draw_minute: s.firstDrawMinute,
              last_draw_minute: s.lastDrawMinute,
              interval_minutes: s.intervalMinutes,
              lock_seconds: s.lockSeconds,
              utc_offset_minutes: s.utcOffsetMinutes,
              remark: JSON.stringify(s.remark),
            };
          }),
        )
        .onConflict((oc) => oc.column('node_id').doNothing())
        .execute();
      await readSchedules();
    }
    return schedules;
  };

  /** Every lottery game of the catalogue (both lottery lanes), in catalogue order. */
  const lotteryGames = async (merchantCode: string, language: Language) => {
    const games: Game[] = [];
    for (const gameType of LOTTERY_LANES) {
      let pageNo = 1;
      let totalPages = 1;
      do {
        const page = await catalogue.listGames(merchantCode, language, {
          gameType,
          pageNo,
          pageSize: GAME_PAGE_SIZE_MAX,
        });
        games.push(...page.games);
        totalPages = page.totalPages;
        pageNo += 1;
      } while (pageNo <= totalPages);
    }
    return games;
  };

  const inScope = (scope: Scope) => (game: Game) =>
    scope === 'vn'
      ? game.vendor === VN_VENDOR
      : (LOTTERY_PAGE_VENDORS as readonly string[]).includes(game.vendor);

  /** The prize mode asked for, else the brand's (spec §4, from its lanes). */
  const prizeModeFor = async (merchantCode: string, language: Language, asked: PrizeMode | undefined) =>
    asked ?? prizeModeOf((await catalogue.getVendors(merchantCode, language)).data.lanes);

  const itemOf = (
    game: Game,
    schedule: Schedule,
    at: Date,
    prizeMode: PrizeMode,
    language: Language,
    scope: Scope,
  ): LotteryMenuItem => {
    const issue = openIssue(schedule, at);
    return {
      gameId: game.gameId,
      nodeId: game.nodeId,
      vendor: game.vendor,
      accountTypeName: scope === 'vn' ? VN_VENDOR : game.vendor,
      gameName: game.displayName,
      icon: game.iconUrl,
      gameMenuTag: schedule.menuTag,
      remark: pick(schedule.remark, language),
      numero: issue.numero,
      remainTime: issue.remainTime,
      lockTime: issue.lockTime,
      drawDayOfWeek: schedule.drawDays.join(','),
      winningTime: issue.drawAt.getTime(),
      prizeMode,
      isHot: game.isHot,
    };
  };

  /** The lotteries of a scope as menu items, with their schedules, at one instant. */
  const itemsOf = async (
    merchantCode: string,
    language: Language,
    asked: PrizeMode | undefined,
    scope: Scope,
  ) => {
    const [games, prizeMode] = await Promise.all([
      lotteryGames(merchantCode, language),
      prizeModeFor(merchantCode, language, asked),
    ]);
    const mine = games.filter(inScope(scope));
    const known = await schedulesOf(mine);
    const at = now();
    return mine.map((game) =>
      itemOf(game, known.get(game.nodeId) as Schedule, at, prizeMode, language, scope),
    );
  };

  /** A menu: groups keyed by tag, in the groups' order (unknown tags after), items in catalogue order. */
  const menu = async (
    merchantCode: string,
    language: Language,
    asked: PrizeMode | undefined,
    scope: Scope,
  ) => {
    const items = await itemsOf(merchantCode, language, asked, scope);
    const tags = [...new Set(items.map((i) => i.gameMenuTag))].sort((a, b) => {
      const rank = (tag: string) => {
        const index = (LOTTERY_GROUPS as readonly string[]).indexOf(tag);
        return index < 0 ? LOTTERY_GROUPS.length : index;
      };
      return rank(a) - rank(b) || a.localeCompare(b);
    });
    const groups: Record<string, LotteryMenuGroup> = {};
    for (const tag of tags) {
      groups[tag] = {
        tag,
        gameGroupCode: tag,
        displayName: GROUP_NAMES[tag] ? pick(GROUP_NAMES[tag], language) : tag,
        gameMenus: items.filter((i) => i.gameMenuTag === tag),
      };
    }
    return groups;
  };

  const byNode = (items: readonly LotteryMenuItem[]) =>
    Object.fromEntries(items.map((item) => [item.nodeId, item])) as Record<string, LotteryMenuItem>;

  /** Most opened lotteries of the last 7 days (distinct members), then hot rank, then catalogue order. */
  const popular = async (
    merchantCode: string,
    language: Language,
    asked: PrizeMode | undefined,
    count: number,
  ) => {
    const items = await itemsOf(merchantCode, language, asked, 'page');
    const opens = await db
      .selectFrom('recent_game')
      .select(['node_id', (eb) => eb.fn.countAll<string>().as('members')])
      .where('last_played_at', '>', new Date(now().getTime() - POPULAR_WINDOW_MS))
      .where('node_id', 'in', items.length > 0 ? items.map((i) => i.nodeId) : [''])
      .groupBy('node_id')
      .execute();
    const openCount = new Map(opens.map((o) => [o.node_id, Number(o.members)]));
    const order = new Map(items.map((item, index) => [item.nodeId, index]));
    const ranked = [...items].sort(
      (a, b) =>
        (openCount.get(b.nodeId) ?? 0) - (openCount.get(a.nodeId) ?? 0) ||
        Number(b.isHot) - Number(a.isHot) ||
        (order.get(a.nodeId) ?? 0) - (order.get(b.nodeId) ?? 0),
    );
    return byNode(ranked.slice(0, count));
  };

  /** The member's recently opened lotteries, newest first. */
  const recent = async (
    memberId: number,
    merchantCode: string,
    language: Language,
    asked: PrizeMode | undefined,
    count: number,
  ) => {
    const items = await itemsOf(merchantCode, language, asked, 'page');
    const rows = await db
      .selectFrom('recent_game')
      .select(['node_id'])
      .where('member_id', '=', memberId)
      .where('node_id', 'in', items.length > 0 ? items.map((i) => i.nodeId) : [''])
      .orderBy('last_played_at', 'desc')
      .orderBy('node_id')
      .limit(count)
      .execute();
    const itemByNode = new Map(items.map((i) => [i.nodeId, i]));
    return byNode(rows.map((r) => itemByNode.get(r.node_id)).filter((i): i is LotteryMenuItem => !!i));
  };

  /** Records that a member opened a lottery of the lottery page (its recent list) and answers it. */
  const opened = async (
    memberId: number,
    merchantCode: string,
    language: Language,
    asked: PrizeMode | undefined,
    nodeId: string,
  ) => {
    const items = await itemsOf(merchantCode, language, asked, 'page');
    const item = items.find((i) => i.nodeId === nodeId);
    if (!item) throw new AppError('not.found');
    await catalogue.recordPlay(memberId, nodeId);
    return item;
  };

  return {
    vnMenu: (merchantCode: string, language: Language, asked?: PrizeMode) =>
      menu(merchantCode, language, asked, 'vn'),
    menus: (merchantCode: string, language: Language, asked?: PrizeMode) =>
      menu(merchantCode, language, asked, 'page'),
    popular,
    recent,
    opened,
  };
};

export type LotteryService = ReturnType<typeof createLotteryService>;
