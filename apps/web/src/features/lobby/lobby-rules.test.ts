import type { GameCard, GameLane, GameVendorValue } from '@khela/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { imageUrl, pickCdn } from './images';
import { launchTarget } from './launch';
import { applyRngChange, DEFAULT_RNG_QUERY, parseRngQuery, rngQueryString, visibleTabs } from './lobby-query';
import {
  DROPDOWN_MAX,
  LOGIN_POPUP,
  loginMenuTarget,
  navCategories,
  splitDropdown,
  vendorHref,
} from './nav-rules';
import { orderNavItems } from './nav-slot';
import { clampPage, pageOf, pagerItems } from './pagination';
import { acceptVendors, GAME_VENDOR_KEY, readVendorCache } from './vendor-cache';
import { FIRST_PAINT_TILES, firstTiles } from './vendor-swiper';

const numbers = (current: number, total: number) =>
  pagerItems(current, total).map((item) => (item.kind === 'page' ? item.page : '…'));

describe('pager (page range 3, margin pages 1)', () => {
  it('lists every page when they fit', () => {
    expect(numbers(1, 1)).toEqual([1]);
    expect(numbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(numbers(1, 0)).toEqual([]);
  });

  it('shows the first and last page, three around the current one, and gaps between', () => {
    expect(numbers(10, 20)).toEqual([1, '…', 9, 10, 11, '…', 20]);
    expect(numbers(1, 20)).toEqual([1, 2, 3, '…', 20]);
    expect(numbers(20, 20)).toEqual([1, '…', 18, 19, 20]);
  });

  it('shows a lone skipped page instead of a gap', () => {
    expect(numbers(4, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(numbers(17, 20)).toEqual([1, '…', 16, 17, 18, 19, 20]);
  });

  it('clamps the current page into 1..totalPages', () => {
    expect(numbers(0, 20)).toEqual(numbers(1, 20));
    expect(numbers(99, 20)).toEqual(numbers(20, 20));
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(-3, 10)).toBe(1);
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage(5, 0)).toBe(1);
    expect(clampPage(Number.NaN, 4)).toBe(1);
    expect(clampPage(2.7, 4)).toBe(2);
  });

  it('pages a list held on the client, 15 a page, clamped', () => {
    const items = Array.from({ length: 31 }, (_, n) => n);
    expect(pageOf(items, 1, 15).items).toHaveLength(15);
    expect(pageOf(items, 3, 15)).toEqual({ items: [30], page: 3, totalPages: 3 });
    expect(pageOf(items, 9, 15).page).toBe(3);
    expect(pageOf([], 2, 15)).toEqual({ items: [], page: 1, totalPages: 1 });
  });
});

describe('RNG lobby state in the URL', () => {
  it('reads tab, vendor, filters and page, ignoring unknown values', () => {
    const query = parseRngQuery(
      new URLSearchParams('page=fav&vassalage=pg&classify=fruit&name=Dragon&minBet=0.05&pageNo=4'),
    );
    expect(query).toEqual({
      tab: 'fav',
      vassalage: 'PG',
      classify: 'fruit',
      name: 'Dragon',
      minBet: '0.05',
      pageNo: 4,
    });
    expect(parseRngQuery(new URLSearchParams('page=nope&minBet=7&pageNo=-2'))).toEqual(DEFAULT_RNG_QUERY);
  });

  it('writes only what differs from the defaults, and reads back the same state', () => {
    expect(rngQueryString(DEFAULT_RNG_QUERY)).toBe('');
    const state = {
      ...DEFAULT_RNG_QUERY,
      tab: 'hot' as const,
      vassalage: 'JILI',
      minBet: '0.1' as const,
      pageNo: 2,
    };
    expect(parseRngQuery(new URLSearchParams(rngQueryString(state)))).toEqual(state);
  });

  it('a search, classify or min-bet change resets to page 1 and type all', () => {
    const from = { ...DEFAULT_RNG_QUERY, tab: 'fav' as const, pageNo: 7, vassalage: 'PG' };
    for (const change of [
      { kind: 'name', value: 'gold' },
      { kind: 'classify', value: 'fruit' },
      { kind: 'minBet', value: '0.5' },
    ] as const) {
      const next = applyRngChange(from, change);
      expect(next.tab, change.kind).toBe('all');
      expect(next.pageNo, change.kind).toBe(1);
      expect(next.vassalage).toBe('PG');
    }
    expect(applyRngChange(from, { kind: 'minBet', value: '' }).minBet).toBe('');
  });

  it('a tab or vendor change starts at page 1 and keeps the filters; a page change keeps everything', () => {
    const from = { ...DEFAULT_RNG_QUERY, name: 'gold', pageNo: 3 };
    expect(applyRngChange(from, { kind: 'tab', value: 'hot' })).toEqual({ ...from, tab: 'hot', pageNo: 1 });
    expect(applyRngChange(from, { kind: 'vendor', value: 'jdb' })).toEqual({
      ...from,
      vassalage: 'JDB',
      pageNo: 1,
    });
    expect(applyRngChange(from, { kind: 'page', value: 5 })).toEqual({ ...from, pageNo: 5 });
    expect(applyRngChange(from, { kind: 'page', value: 0 }).pageNo).toBe(1);
  });

  it('shows hot only when there are hot games, saved and recent only when logged in', () => {
    expect(visibleTabs(true, false)).toEqual(['all', 'hot']);
    expect(visibleTabs(false, true)).toEqual(['all', 'fav', 'recent']);
    expect(visibleTabs(true, true)).toEqual(['all', 'hot', 'fav', 'recent']);
  });
});

const card = (
  vassalage: string,
  gameType: GameCard['gameType'],
  extra: Partial<GameCard> = {},
): GameCard => ({
  vassalage,
  vendor: vassalage,
  gameType,
  displayName: vassalage,
  isHot: false,
  accountTypeId: 1,
  accountTypeName: vassalage,
  isGame: 'VASSALAGE',
  gameCode: null,
  defaultPlayType: null,
  allowDemo: false,
  gameCount: 10,
  lagerIcon: null,
  smallIcon: null,
  mobileSmallIcon: null,
  h5Icon: null,
  ...extra,
});
const lane = (title: GameLane['title'], cards: GameCard[]): GameLane => ({ title, cards, gameClassify: [] });

describe('navigation rules', () => {
  const lanes = [
    lane(
      'RNG',
      Array.from({ length: 14 }, (_, n) => card(`V${n}`, 'RNG')),
    ),
    lane('ELOTT', [card('TCG_SEA', 'ELOTT')]),
    lane('LOTT', [card('LOTT', 'LOTT')]),
    lane('LIVE', []),
    lane('SPORTS', [card('SABA', 'SPORTS', { isGame: 'GAME' })]),
    lane('COCKFIGHT', [card('SV3', 'SPORTS', { isGame: 'GAME' })]),
    lane('ESPORTS', [card('TF', 'SPORTS', { isGame: 'GAME' })]),
  ];

  it('keeps the server order, drops categories without vendors, and merges ELOTT and LOTT', () => {
    const categories = navCategories(lanes);
    expect(categories.map((c) => c.code)).toEqual(['RNG', 'LOTT', 'SPORTS', 'COCKFIGHT', 'ESPORTS']);
    expect(categories[1]?.cards.map((c) => c.vassalage)).toEqual(['TCG_SEA', 'LOTT']);
  });

  it('lists at most 11 vendors in a drop-down, with a more entry only beyond 11', () => {
    expect(DROPDOWN_MAX).toBe(11);
    const many = splitDropdown(Array.from({ length: 14 }, (_, n) => n));
    expect(many.shown).toHaveLength(11);
    expect(many.more).toBe(true);
    expect(splitDropdown(Array.from({ length: 11 }, (_, n) => n)).more).toBe(false);
    expect(splitDropdown([1, 2]).shown).toEqual([1, 2]);
  });

  it('orders header items by the lanes, keeping home first and the rest after', () => {
    const items = [
      { key: 'home' },
      { key: 'rng', code: 'RNG' as const },
      { key: 'lott', code: 'LOTT' as const },
      { key: 'live', code: 'LIVE' as const },
      { key: 'sports', code: 'SPORTS' as const },
      { key: 'cockfight', code: 'COCKFIGHT' as const },
      { key: 'esports', code: 'ESPORTS' as const },
      { key: 'promotions' },
    ];
    expect(orderNavItems(items, null).map((i) => i.key)).toEqual(items.map((i) => i.key));
    const codes = navCategories(lanes).map((c) => c.code);
    expect(orderNavItems(items, codes).map((i) => i.key)).toEqual([
      'home',
      'rng',
      'lott',
      'sports',
      'cockfight',
      'esports',
      'promotions',
    ]);
  });

  it('links vendors to their lobby; the login menu: hot and slot vendors to /rng, fishing to /fish, others a popup', () => {
    expect(vendorHref(card('PG', 'RNG'), 'RNG')).toBe('/rng?vassalage=PG');
    expect(vendorHref(card('EVO', 'LIVE'), 'LIVE')).toBe('/live?vassalage=EVO');
    expect(vendorHref(card('TCG_SEA', 'ELOTT'), 'ELOTT')).toBe('/elott?vassalage=TCG_SEA');
    const route = (href: string) => ({ kind: 'route', href });
    expect(loginMenuTarget(card('PG', 'RNG'), 'RNG', true)).toEqual(route('/rng?vassalage=PG'));
    expect(loginMenuTarget(card('EVO', 'LIVE'), 'LIVE', true)).toEqual(route('/rng?vassalage=EVO'));
    expect(loginMenuTarget(card('JILI', 'FISH'), 'FISH', false)).toEqual(route('/fish'));
    expect(loginMenuTarget(card('JDB', 'RNG'), 'RNG', false)).toEqual(route('/rng?vassalage=JDB'));
    for (const lane of ['LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'PVP', 'ELOTT', 'LOTT'] as const)
      expect(loginMenuTarget(card('X', lane), lane, false)).toEqual({ kind: 'popup', ...LOGIN_POPUP });
    expect(LOGIN_POPUP).toEqual({ href: '/login', features: 'popup,width=1300,height=900' });
  });
});

describe('game launch routing (spec §2)', () => {
  const game = { displayName: 'x', isGame: 'GAME' as const, gameCode: 'G1', defaultPlayType: 'LOTTO' };
  it('sends the lottery vendors to /lottery with gameCode, vendor and playType', () => {
    for (const vendor of ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT']) {
      expect(launchTarget({ ...game, vendor, gameType: 'ELOTT' })).toEqual({
        kind: 'lottery',
        href: `/lottery?gameCode=G1&vendor=${vendor}&playType=LOTTO`,
      });
    }
    expect(launchTarget({ ...game, vendor: 'GW', gameType: 'LOTT' })).toEqual({
      kind: 'play',
      params: { gameType: 'LOTT', vassalage: 'GW', name: 'x', gameId: 'G1' },
    });
  });

  it('launches catalogue games, sends slot vendors to /rng, opens VASSALAGE lists, launches the rest', () => {
    expect(launchTarget({ ...game, vendor: 'PG', gameType: 'RNG', nodeId: 'N1' })).toEqual({
      kind: 'play',
      params: { gameType: 'RNG', vassalage: 'PG', name: 'x', nodeId: 'N1' },
    });
    expect(launchTarget({ ...game, vendor: 'PG', gameType: 'RNG' })).toEqual({
      kind: 'slot',
      href: '/rng?vassalage=PG',
    });
    expect(launchTarget({ ...game, vendor: 'EVO', gameType: 'LIVE', isGame: 'VASSALAGE' }).kind).toBe(
      'vendorGames',
    );
    expect(launchTarget({ ...game, vendor: 'SABA', gameType: 'SPORTS' }).kind).toBe('play');
    expect(launchTarget({ ...game, vendor: 'SABA', gameType: 'SPORTS', gameCode: null }).kind).toBe(
      'vendorGames',
    );
  });
});

describe('game-vendor session cache', () => {
  beforeEach(() => window.sessionStorage.clear());
  const value = (version: number, names: string[]): GameVendorValue => ({
    version,
    data: {
      lanes: [
        lane(
          'RNG',
          names.map((n) => card(n, 'RNG')),
        ),
      ],
    },
  });

  it('stores the list under gameVendor with the version, merchant and language', () => {
    const first = acceptVendors(value(3, ['PG']), 'khelabd', 'bn');
    expect(first.changed).toBe(true);
    const stored = JSON.parse(window.sessionStorage.getItem(GAME_VENDOR_KEY) ?? '{}');
    expect(stored).toMatchObject({ version: 3, merchant: 'khelabd', language: 'bn' });
    expect(readVendorCache('khelabd', 'bn')?.lanes[0]?.cards[0]?.vassalage).toBe('PG');
  });

  it('keeps the copy while the version holds and drops it when the version changes', () => {
    acceptVendors(value(3, ['PG']), 'khelabd', 'bn');
    expect(acceptVendors(value(3, ['PG']), 'khelabd', 'bn').changed).toBe(false);
    const moved = acceptVendors(value(4, ['PG', 'JILI']), 'khelabd', 'bn');
    expect(moved.changed).toBe(true);
    expect(readVendorCache('khelabd', 'bn')?.version).toBe(4);
    expect(readVendorCache('khelabd', 'bn')?.lanes[0]?.cards).toHaveLength(2);
  });

  it('ignores a copy of another merchant or language, and an unreadable one', () => {
    acceptVendors(value(3, ['PG']), 'khelabd', 'bn');
    expect(readVendorCache('khelain', 'bn')).toBeNull();
    expect(readVendorCache('khelabd', 'en')).toBeNull();
    window.sessionStorage.setItem(GAME_VENDOR_KEY, '{broken');
    expect(readVendorCache('khelabd', 'bn')).toBeNull();
    expect(window.sessionStorage.getItem(GAME_VENDOR_KEY)).toBeNull();
  });
});

describe('image CDN', () => {
  it('puts catalogue paths on the chosen CDN and keeps absolute URLs', () => {
    expect(imageUrl('/media/abc', '')).toBe('/media/abc');
    expect(imageUrl('/media/abc', 'https://img.example.com/')).toBe('https://img.example.com/media/abc');
    expect(imageUrl('https://x.test/a.png', 'https://img.example.com')).toBe('https://x.test/a.png');
    expect(imageUrl(null, '')).toBeNull();
  });

  it('picks one CDN at random once per page load', () => {
    const list = ['https://a.test', 'https://b.test'];
    const first = pickCdn(list, () => 0.9);
    expect(first).toBe('https://b.test');
    expect(pickCdn(list, () => 0)).toBe(first);
  });
});

describe('vendor swiper before the first paint', () => {
  it('draws the first ten tiles, plus the chosen vendor when it is further along', () => {
    const vendors = Array.from({ length: 30 }, (_, i) => ({ vassalage: `V${i}` }));
    expect(FIRST_PAINT_TILES).toBe(10);
    expect(firstTiles(vendors, '').map((v) => v.vassalage)).toEqual(
      vendors.slice(0, 10).map((v) => v.vassalage),
    );
    expect(firstTiles(vendors, 'V3')).toHaveLength(10);
    expect(
      firstTiles(vendors, 'V25')
        .map((v) => v.vassalage)
        .slice(-2),
    ).toEqual(['V9', 'V25']);
  });
});
