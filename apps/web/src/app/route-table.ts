import type { BannerGroup } from '@khela/contract';

/** The lazily loaded page groups of spec §2; each is one JS chunk named after the group. */
export type PageGroup =
  | 'download'
  | 'Vip'
  | 'byIframe'
  | 'egame'
  | 'elott'
  | 'fbSports'
  | 'game'
  | 'help'
  | 'index'
  | 'joinus'
  | 'lottery'
  | 'pointMall'
  | 'promo'
  | 'promoDetail'
  | 'seamless'
  | 'verify'
  | 'vnlottery';

import type { Frame } from '../shared/frame';

export type { Frame };

export type PageRoute = { paths: string[]; group: PageGroup; page: string; frame: Frame };

const full = (banner: BannerGroup | null, extra: Partial<Frame> = {}): Frame => ({
  header: 'full',
  banner,
  footer: true,
  sideMenu: true,
  ...extra,
});

/**
 * Every route and alias of spec §2. `page` is the page key (the page name derived from the path);
 * `frame` says which parts of the common layout the page carries.
 */
export const PAGE_ROUTES: PageRoute[] = [
  { paths: ['/', '/index', '/index.html', '/home'], group: 'index', page: 'home', frame: full('w_home') },
  { paths: ['/login'], group: 'index', page: 'login', frame: full(null) },
  { paths: ['/register', '/register.html'], group: 'index', page: 'register', frame: full('w_reg') },
  { paths: ['/forget'], group: 'index', page: 'forget', frame: full(null) },
  { paths: ['/changePassword'], group: 'index', page: 'changePassword', frame: full(null) },
  { paths: ['/noticePage'], group: 'index', page: 'noticePage', frame: full(null) },
  { paths: ['/agentHome'], group: 'index', page: 'agentHome', frame: full(null) },
  { paths: ['/vip'], group: 'Vip', page: 'vip', frame: full(null) },
  { paths: ['/pointMall'], group: 'pointMall', page: 'pointMall', frame: full('w_shop') },
  { paths: ['/live'], group: 'game', page: 'live', frame: full('w_live') },
  { paths: ['/liveTable'], group: 'game', page: 'liveTable', frame: full(null) },
  { paths: ['/pvpTable'], group: 'game', page: 'pvpTable', frame: full(null) },
  { paths: ['/sports'], group: 'game', page: 'sports', frame: full('w_sports') },
  { paths: ['/esports'], group: 'game', page: 'esports', frame: full('w_esports') },
  { paths: ['/cockfight'], group: 'game', page: 'cockfight', frame: full('w_cockfight') },
  { paths: ['/elott'], group: 'elott', page: 'elott', frame: full('w_lott') },
  {
    paths: ['/lottery'],
    group: 'lottery',
    page: 'lottery',
    frame: full(null, { header: 'noNav', sideMenu: false }),
  },
  { paths: ['/vnlottery'], group: 'vnlottery', page: 'vnlottery', frame: full(null) },
  { paths: ['/rng'], group: 'egame', page: 'rng', frame: full('w_rng') },
  { paths: ['/pvp'], group: 'egame', page: 'pvp', frame: full('w_pvp') },
  { paths: ['/fish'], group: 'egame', page: 'fish', frame: full('w_fish') },
  { paths: ['/games/:games'], group: 'egame', page: 'games', frame: full(null) },
  { paths: ['/promotions'], group: 'promo', page: 'promotions', frame: full('w_promotion') },
  { paths: ['/promoDetail'], group: 'promoDetail', page: 'promoDetail', frame: full(null) },
  {
    paths: ['/seamless'],
    group: 'seamless',
    page: 'seamless',
    frame: { header: 'noNav', banner: null, footer: false, sideMenu: false },
  },
  { paths: ['/fbsports'], group: 'fbSports', page: 'fbsports', frame: full(null, { sideMenu: false }) },
  { paths: ['/help'], group: 'help', page: 'help', frame: full('w_help') },
  {
    paths: ['/helpmc'],
    group: 'help',
    page: 'helpmc',
    frame: { header: 'none', banner: null, footer: false, sideMenu: false },
  },
  // Support chat (issue 24): the member's conversation with support.
  { paths: ['/support'], group: 'help', page: 'support', frame: full(null) },
  { paths: ['/down', '/download'], group: 'download', page: 'download', frame: full(null) },
  { paths: ['/join'], group: 'joinus', page: 'join', frame: full(null) },
  {
    paths: ['/game'],
    group: 'byIframe',
    page: 'game',
    frame: { header: 'full', banner: null, footer: false, sideMenu: false },
  },
  // Provably fair round check (issue 7): recomputes an in-house round in the browser.
  { paths: ['/verify'], group: 'verify', page: 'verify', frame: full(null) },
  // Lottery draw check (issue 17): recomputes an in-house lottery draw in the browser.
  { paths: ['/lotteryVerify'], group: 'verify', page: 'lotteryVerify', frame: full(null) },
];

/** Reachable without a session when the brand's loginedToHomePage switch is on. */
export const OPEN_WHEN_LOGIN_REQUIRED = ['/login', '/register', '/register.html', '/helpmc', '/download'];

/**
 * The locale files a page group's first render reads, fetched together with its chunk (router.tsx)
 * and, for the first page, from the start (index.html, vite.config.ts): a page that asked for
 * them only while rendering would suspend once more after its chunk arrived, and React holds each
 * Suspense reveal for a while after a fallback (first paint of /rng).
 */
export const GROUP_NAMESPACES: Partial<Record<PageGroup, string[]>> = {
  egame: ['lobby', 'pvp', 'errors'],
  elott: ['lobby'],
  lottery: ['lobby', 'lottery', 'errors'],
  verify: ['lottery', 'errors'],
  vnlottery: ['vnlottery', 'errors'],
  game: ['lobby', 'game', 'tables', 'pvp', 'errors'],
  help: ['help', 'errors'],
  download: ['download'],
  Vip: ['loyalty', 'errors'],
  pointMall: ['loyalty', 'errors'],
  joinus: ['agency', 'errors'],
};
