import type { LotteryMenuItem } from '@khela/contract';
import { WEEKDAYS } from '@khela/contract/browser';

/**
 * The lottery list's state (spec §2, §4): the list type (none = the menu, hot, fav, recent), the
 * menu tab, the weekday filter (1..7 = Sunday..Saturday) and the name search, all in the URL.
 */
export const LOTTERY_TYPES = ['none', 'hot', 'fav', 'recent'] as const;
export type LotteryListType = (typeof LOTTERY_TYPES)[number];

export type LotteryQuery = { type: LotteryListType; tag: string; day: number | null; name: string };

/** Menu tabs show arrows when there are more than this many (spec §2). */
export const MENU_ARROWS_AFTER = 7;
export const showMenuArrows = (count: number) => count > MENU_ARROWS_AFTER;

export const parseLotteryQuery = (params: URLSearchParams): LotteryQuery => {
  const type = params.get('type');
  const day = Number(params.get('day'));
  return {
    type: (LOTTERY_TYPES as readonly string[]).includes(type ?? '') ? (type as LotteryListType) : 'none',
    tag: (params.get('tag') ?? '').trim().toUpperCase(),
    day: (WEEKDAYS as readonly number[]).includes(day) ? day : null,
    name: (params.get('name') ?? '').slice(0, 60),
  };
};

/** Writes the list state into a copy of the query (other parameters, such as gameCode, stay). */
export const withLotteryQuery = (params: URLSearchParams, query: LotteryQuery) => {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set('type', query.type === 'none' ? '' : query.type);
  set('tag', query.type === 'none' ? query.tag : '');
  set('day', query.day ? String(query.day) : '');
  set('name', query.name);
  return next;
};

/** The list types a visitor sees: saved and recent need a member (recent a real account). */
export const visibleLotteryTypes = (loggedIn: boolean, isTrial: boolean): LotteryListType[] =>
  LOTTERY_TYPES.filter((type) => {
    if (type === 'fav') return loggedIn;
    if (type === 'recent') return loggedIn && !isTrial;
    return true;
  });

/** Lower case, Latin accents stripped: the name search ignores both. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The weekday filter and the name search over a list of lotteries. */
export const filterLotteries = (
  items: readonly LotteryMenuItem[],
  { day, name }: Pick<LotteryQuery, 'day' | 'name'>,
) => {
  const wanted = fold(name.trim());
  return items.filter(
    (item) =>
      (day === null || item.drawDayOfWeek.split(',').includes(String(day))) &&
      (!wanted || fold(item.gameName).includes(wanted) || fold(item.gameId).includes(wanted)),
  );
};

/** Seconds left to bet on the open issue, `elapsed` seconds after the answer (lock time subtracted). */
export const secondsToClose = (item: Pick<LotteryMenuItem, 'remainTime' | 'lockTime'>, elapsed: number) =>
  Math.floor(item.remainTime - item.lockTime - elapsed);

/** A countdown: `H:MM:SS` (`MM:SS` under an hour), with whole days in front when there are any. */
export const formatCountdown = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const clock =
    hours > 0 || days > 0
      ? `${hours}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
      : `${two(Math.floor(s / 60))}:${two(s % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
};

/** Lottery favourites are kept per username in this browser (spec §3). */
export const lotteryFavKey = (username: string) => `lotteryFav:${username}`;

export const readLotteryFavs = (username: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(lotteryFavKey(username)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
};

/** Adds the lottery when it is not saved, else removes it; answers the new list. */
export const toggleLotteryFav = (username: string, nodeId: string) => {
  const current = readLotteryFavs(username);
  const next = current.includes(nodeId) ? current.filter((id) => id !== nodeId) : [...current, nodeId];
  try {
    window.localStorage.setItem(lotteryFavKey(username), JSON.stringify(next));
  } catch {
    // Storage full or refused: the choice lasts for this page only.
  }
  return next;
};
