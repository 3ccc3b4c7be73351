import { MIN_BET_OPTIONS, type MinBetOption } from '@khela/contract/browser';
import type { ListFilter } from './list-query';

/**
 * The RNG lobby's state lives in the URL query so back, forward and refresh keep it:
 * `page` is the list tab of spec §2 (`/rng?page={tab}`), `vassalage` the vendor, and the filters
 * and page number follow.
 */
export const RNG_TABS = ['all', 'hot', 'fav', 'recent'] as const;
export type RngTab = (typeof RNG_TABS)[number];

export type RngQuery = {
  tab: RngTab;
  vassalage: string;
  classify: string;
  name: string;
  /** '' is 'in_type_all'. */
  minBet: '' | MinBetOption;
  pageNo: number;
};

export const DEFAULT_RNG_QUERY: RngQuery = {
  tab: 'all',
  vassalage: '',
  classify: '',
  name: '',
  minBet: '',
  pageNo: 1,
};

const isTab = (value: string | null): value is RngTab =>
  (RNG_TABS as readonly string[]).includes(value ?? '');
const isMinBet = (value: string | null): value is MinBetOption =>
  (MIN_BET_OPTIONS as readonly string[]).includes(value ?? '');

/** Reads the lobby state from a query string; unknown or malformed values fall back to the defaults. */
export const parseRngQuery = (params: URLSearchParams): RngQuery => {
  const tab = params.get('page');
  const minBet = params.get('minBet');
  const pageNo = Number.parseInt(params.get('pageNo') ?? '1', 10);
  return {
    tab: isTab(tab) ? tab : 'all',
    vassalage: (params.get('vassalage') ?? '').trim().toUpperCase(),
    classify: (params.get('classify') ?? '').trim(),
    name: (params.get('name') ?? '').slice(0, 60),
    minBet: isMinBet(minBet) ? minBet : '',
    pageNo: Number.isFinite(pageNo) && pageNo > 0 ? pageNo : 1,
  };
};

/** The query string of a lobby state; defaults are left out so URLs stay short. */
export const rngQueryString = (query: RngQuery): string => {
  const params = new URLSearchParams();
  if (query.tab !== 'all') params.set('page', query.tab);
  if (query.vassalage) params.set('vassalage', query.vassalage);
  if (query.classify) params.set('classify', query.classify);
  if (query.name) params.set('name', query.name);
  if (query.minBet) params.set('minBet', query.minBet);
  if (query.pageNo > 1) params.set('pageNo', String(query.pageNo));
  return params.toString();
};

export type RngChange =
  | { kind: 'name'; value: string }
  | { kind: 'classify'; value: string }
  | { kind: 'minBet'; value: '' | MinBetOption }
  | { kind: 'tab'; value: RngTab }
  | { kind: 'vendor'; value: string }
  | { kind: 'page'; value: number };

/**
 * The next lobby state (spec §4): a search, classify or min-bet change goes back to page 1 of
 * type all; a new tab or vendor starts at page 1; a page change keeps everything else.
 */
export const applyRngChange = (query: RngQuery, change: RngChange): RngQuery => {
  switch (change.kind) {
    case 'name':
      return { ...query, name: change.value.slice(0, 60), tab: 'all', pageNo: 1 };
    case 'classify':
      return { ...query, classify: change.value, tab: 'all', pageNo: 1 };
    case 'minBet':
      return { ...query, minBet: change.value, tab: 'all', pageNo: 1 };
    case 'tab':
      return { ...query, tab: change.value, pageNo: 1 };
    case 'vendor':
      return { ...query, vassalage: change.value.toUpperCase(), pageNo: 1 };
    case 'page':
      return { ...query, pageNo: Math.max(1, Math.floor(change.value)) };
  }
};

/** Tabs the visitor may see: hot only when there are hot games, saved and recent only when logged in. */
export const visibleTabs = (hasHot: boolean, loggedIn: boolean): RngTab[] =>
  RNG_TABS.filter((tab) => {
    if (tab === 'hot') return hasHot;
    if (tab === 'fav' || tab === 'recent') return loggedIn;
    return true;
  });

/** The game-list filter of a lobby state (the 'all' tab's list). */
export const rngListFilter = (query: RngQuery): ListFilter => ({
  gameType: 'RNG',
  vassalage: query.vassalage,
  gameClassify: query.classify,
  gameName: query.name,
  minBet: query.minBet,
  pageNo: query.pageNo,
});
