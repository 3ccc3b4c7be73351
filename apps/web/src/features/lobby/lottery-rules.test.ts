import type { LotteryMenuItem } from '@khela/contract';
import { formatDrawTime } from '@khela/contract/browser';
import { afterEach, describe, expect, it } from 'vitest';
import {
  filterLotteries,
  formatCountdown,
  parseLotteryQuery,
  readLotteryFavs,
  secondsToClose,
  showMenuArrows,
  toggleLotteryFav,
  visibleLotteryTypes,
  withLotteryQuery,
} from './lottery-rules';

const item = (over: Partial<LotteryMenuItem>): LotteryMenuItem => ({
  gameId: 'KENO5',
  nodeId: 'elott-elott-0005',
  vendor: 'ELOTT',
  accountTypeName: 'ELOTT',
  gameName: 'Keno 5 Minutes',
  icon: null,
  gameMenuTag: 'KENO',
  remark: '',
  numero: '20261125-0194',
  remainTime: 270,
  lockTime: 30,
  drawDayOfWeek: '1,2,3,4,5,6,7',
  winningTime: 0,
  prizeMode: 'ELOTT',
  isHot: false,
  ...over,
});

afterEach(() => localStorage.clear());

describe('lottery list rules', () => {
  it('reads the list state from the URL and writes it back without losing gameCode', () => {
    expect(parseLotteryQuery(new URLSearchParams('type=fav&day=3&name=keno&tag=keno'))).toEqual({
      type: 'fav',
      tag: 'KENO',
      day: 3,
      name: 'keno',
    });
    expect(parseLotteryQuery(new URLSearchParams('type=x&day=9'))).toEqual({
      type: 'none',
      tag: '',
      day: null,
      name: '',
    });
    const written = withLotteryQuery(new URLSearchParams('gameCode=VNN&vendor=LOTT'), {
      type: 'none',
      tag: 'VN',
      day: 1,
      name: '',
    });
    expect(written.toString()).toBe('gameCode=VNN&vendor=LOTT&tag=VN&day=1');
  });

  it('filters by weekday (1..7 = Sunday..Saturday) and by name, ignoring case and accents', () => {
    const items = [
      item({ nodeId: 'a', gameName: 'Lotto 5/45', drawDayOfWeek: '3,5,7' }),
      item({ nodeId: 'b', gameName: 'Xổ số Miền Bắc', drawDayOfWeek: '1,2,3,4,5,6,7' }),
      item({ nodeId: 'c', gameName: 'Lotto 6/55', drawDayOfWeek: '1,4,6' }),
    ];
    const ids = (list: LotteryMenuItem[]) => list.map((i) => i.nodeId);
    expect(ids(filterLotteries(items, { day: 1, name: '' }))).toEqual(['b', 'c']);
    expect(ids(filterLotteries(items, { day: 3, name: '' }))).toEqual(['a', 'b']);
    expect(ids(filterLotteries(items, { day: null, name: 'MIEN bac' }))).toEqual(['b']);
    expect(ids(filterLotteries(items, { day: 7, name: 'lotto' }))).toEqual(['a']);
  });

  it('counts down to the close (lock time subtracted) and writes the time', () => {
    expect(secondsToClose(item({}), 0)).toBe(240);
    expect(secondsToClose(item({}), 239.5)).toBe(0);
    expect(formatCountdown(240)).toBe('04:00');
    expect(formatCountdown(3 * 3600 + 5 * 60 + 9)).toBe('3:05:09');
    expect(formatCountdown(2 * 86_400 + 61)).toBe('2d 0:01:01');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatDrawTime(0, new Date(2026, 10, 5, 9, 3))).toBe('2026.11.05 09:03');
  });

  it('shows saved to members and recent to real accounts; arrows past seven groups', () => {
    expect(visibleLotteryTypes(false, false)).toEqual(['none', 'hot']);
    expect(visibleLotteryTypes(true, true)).toEqual(['none', 'hot', 'fav']);
    expect(visibleLotteryTypes(true, false)).toEqual(['none', 'hot', 'fav', 'recent']);
    expect(showMenuArrows(7)).toBe(false);
    expect(showMenuArrows(8)).toBe(true);
  });

  it('keeps lottery favourites per username in local storage', () => {
    expect(toggleLotteryFav('alice', 'x')).toEqual(['x']);
    expect(toggleLotteryFav('alice', 'y')).toEqual(['x', 'y']);
    expect(readLotteryFavs('bob')).toEqual([]);
    expect(toggleLotteryFav('alice', 'x')).toEqual(['y']);
    expect(readLotteryFavs('alice')).toEqual(['y']);
  });
});
