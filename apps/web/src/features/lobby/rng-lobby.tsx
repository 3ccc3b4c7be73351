import { GAME_PAGE_SIZE, MIN_BET_OPTIONS } from '@khela/contract/browser';
import { Clock3, Flame, LayoutGrid, Search, SearchX, Star, X } from 'lucide-react';
import { type ComponentType, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BannerArea } from '../../shared/banner/banner-area';
import { bannersForGroup } from '../../shared/banner/banner-slide';
import { useSessionState } from '../../shared/state/session';
import { useAnnouncements } from '../../shared/state/site';
import { cx } from '../../shared/ui/cx';
import { WhenVisible } from '../../shared/ui/when-visible';
import { formatCount, placeholderKeys } from './format';
import { EmptyState, GameGrid } from './game-grid';
import { useImageUrl } from './images';
import {
  applyRngChange,
  parseRngQuery,
  type RngChange,
  type RngQuery,
  type RngTab,
  rngListFilter,
  rngQueryString,
  visibleTabs,
} from './lobby-query';
import { markOnce, useAfterFirstPaint } from './marks';
import { Pager } from './pager';
import { clampPage, pageOf } from './pagination';
import { useFavouriteList, useGameList, useHotGames, useRecentGames } from './queries';
import { SEARCH_DEBOUNCE_MS } from './search-timing';
import { useGameVendors } from './use-game-vendors';
import { VendorSwiper } from './vendor-swiper';

/**
 * What the slot lobby shows from the game feature, handed in by app/ (features never import each
 * other): the jackpot counter on the banner area (spec §2, §9) and the winner board under the games
 * (spec §4), each its own chunk, loaded after the first paint (the board once scrolled near).
 */
export type RngLobbyParts = {
  JackpotCounter: ComponentType;
  WinnerBoard: ComponentType<{ imageUrl?: (path: string | null) => string | null; className?: string }>;
};

const RngWinners = ({ WinnerBoard }: Pick<RngLobbyParts, 'WinnerBoard'>) => {
  const imageUrl = useImageUrl();
  return (
    <WhenVisible testId="winner-board-slot">
      <Suspense fallback={null}>
        <WinnerBoard imageUrl={imageUrl} className="mt-4" />
      </Suspense>
    </WhenVisible>
  );
};

/**
 * The banner area of `/rng` with the jackpot counter on it (spec §2): the route's frame leaves
 * the banner to this page (router.tsx). The counter's chunk and its texts load after the first
 * games are painted, so its Suspense boundary cannot hold that paint back.
 */
const RngBanner = ({
  showJackpot,
  JackpotCounter,
}: { showJackpot: boolean } & Pick<RngLobbyParts, 'JackpotCounter'>) => {
  const announcements = useAnnouncements();
  const banners = bannersForGroup(announcements.data?.banners ?? [], 'w_rng').length;
  return (
    <div data-testid="rng-banner" className="relative">
      <BannerArea group="w_rng" />
      {showJackpot ? (
        <div
          className={cx(
            'relative z-10 mx-auto w-full max-w-[1200px]',
            banners > 0 ? '-mt-6 px-6 sm:-mt-12 sm:px-10 lg:px-14' : 'mt-3 px-3 sm:px-4 lg:px-6',
          )}
        >
          <div className="ml-auto max-w-xl">
            <Suspense fallback={null}>
              <JackpotCounter />
            </Suspense>
          </div>
        </div>
      ) : null}
    </div>
  );
};

const TAB_ICONS: Record<RngTab, ReactNode> = {
  all: <LayoutGrid aria-hidden="true" className="size-4" />,
  hot: <Flame aria-hidden="true" className="size-4" />,
  fav: <Star aria-hidden="true" className="size-4" />,
  recent: <Clock3 aria-hidden="true" className="size-4" />,
};

const fieldClass =
  'h-11 w-full rounded-full bg-surface pr-4 text-sm text-fg ring-1 ring-line transition outline-none placeholder:text-muted focus:ring-2 focus:ring-brand';

/** The lobby state in the URL: read it, and change it with a history entry (back and refresh work). */
const useRngQuery = () => {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseRngQuery(params), [params]);
  // Changes start from the address bar, not from this render: the router renders a navigation
  // as a transition, so a second quick change could otherwise undo the first.
  const change = (next: RngChange, replace = false) => {
    const latest = parseRngQuery(new URLSearchParams(window.location.search));
    setParams(new URLSearchParams(rngQueryString(applyRngChange(latest, next))), { replace });
  };
  const replaceQuery = (next: RngQuery) =>
    setParams(new URLSearchParams(rngQueryString(next)), { replace: true });
  return { query, change, replaceQuery };
};

/** The name field: typed text is applied after a pause; a URL change (back) refills it. */
const SearchField = ({ value, onSearch }: { value: string; onSearch: (name: string) => void }) => {
  const { t } = useTranslation('lobby');
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = window.setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);
  return (
    <label className="relative block min-w-0 flex-1">
      <span className="sr-only">{t('filter.search')}</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted"
      />
      <input
        type="search"
        data-testid="game-search"
        value={text}
        maxLength={60}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('filter.searchPlaceholder')}
        className={cx(fieldClass, 'pl-10 [&::-webkit-search-cancel-button]:hidden')}
      />
      {text ? (
        <button
          type="button"
          onClick={() => setText('')}
          aria-label={t('filter.clear')}
          className="absolute top-1/2 right-2 grid size-7 -translate-y-1/2 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </label>
  );
};

const Select = ({
  label,
  testId,
  value,
  onChange,
  children,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) => (
  <label className="relative block min-w-0 flex-1 sm:w-44 sm:flex-none">
    <span className="sr-only">{label}</span>
    <select
      data-testid={testId}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cx(
        fieldClass,
        'appearance-none bg-[length:1rem] bg-[right_0.9rem_center] bg-no-repeat pl-4',
      )}
      style={{
        backgroundImage:
          "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23888' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
      }}
    >
      {children}
    </select>
  </label>
);

/**
 * The slot lobby `/rng` (spec §2, §4): vendor swiper, list tabs (all, hot, saved, recent),
 * classify, name and min-bet filters, and a 15-a-page list with the pager. Every choice is in
 * the URL query.
 */
export const RngLobby = ({ parts }: { parts: RngLobbyParts }) => {
  const { t, i18n } = useTranslation(['lobby', 'shell']);
  markOnce('rng-render');
  const { token } = useSessionState();
  const loggedIn = Boolean(token);
  const { query, change, replaceQuery } = useRngQuery();
  const lanes = useGameVendors().data;
  const lane = lanes?.find((l) => l.title === 'RNG');
  const vendors = lane?.cards ?? [];
  const vendorNames = useMemo(() => new Map(vendors.map((v) => [v.vassalage, v.displayName])), [vendors]);
  const selectedVendor = vendors.find((v) => v.vassalage === query.vassalage);

  // The hot list only decides whether the hot tab shows: asked for after the first paint (or at
  // once on the hot tab), and read from the session copy meanwhile.
  const afterPaint = useAfterFirstPaint();
  const hot = useHotGames(query.vassalage, afterPaint || query.tab === 'hot');
  const tabs = visibleTabs((hot.data?.length ?? 0) > 0, loggedIn);
  // While the hot list loads, a `?page=hot` link stays on the hot tab rather than flashing 'all'.
  const tab: RngTab = tabs.includes(query.tab) || (query.tab === 'hot' && hot.isPending) ? query.tab : 'all';

  const list = useGameList(rngListFilter(query), tab === 'all');
  const saved = useFavouriteList('RNG', tab === 'fav');
  const recent = useRecentGames(query.vassalage, tab === 'recent');

  // The server clamps the page to 1..totalPages: the URL follows the page it served.
  const served = list.data;
  useEffect(() => {
    if (tab !== 'all' || !served || list.isPlaceholderData) return;
    // A render behind the address bar (a newer change is on its way) leaves the URL alone.
    if (rngQueryString(parseRngQuery(new URLSearchParams(window.location.search))) !== rngQueryString(query))
      return;
    const clamped = clampPage(query.pageNo, served.totalPages);
    if (clamped !== query.pageNo) replaceQuery({ ...query, pageNo: clamped });
  }, [served, tab, query, replaceQuery, list.isPlaceholderData]);

  const savedForVendor = useMemo(
    () => (saved.data ?? []).filter((g) => !query.vassalage || g.vendor === query.vassalage),
    [saved.data, query.vassalage],
  );
  const view = (() => {
    if (tab === 'hot')
      return { games: hot.data, totalPages: 1, page: 1, loading: hot.isFetching, total: hot.data?.length };
    if (tab === 'fav') {
      const paged = saved.data ? pageOf(savedForVendor, query.pageNo, GAME_PAGE_SIZE) : undefined;
      return {
        games: paged?.items,
        totalPages: paged?.totalPages ?? 1,
        page: paged?.page ?? 1,
        loading: saved.isFetching,
        total: savedForVendor.length,
      };
    }
    if (tab === 'recent') {
      const paged = recent.data ? pageOf(recent.data, query.pageNo, GAME_PAGE_SIZE) : undefined;
      return {
        games: paged?.items,
        totalPages: paged?.totalPages ?? 1,
        page: paged?.page ?? 1,
        loading: recent.isFetching,
        total: recent.data?.length,
      };
    }
    return {
      games: served?.games,
      totalPages: served?.totalPages ?? 1,
      page: clampPage(query.pageNo, served?.totalPages ?? 1),
      loading: list.isFetching,
      total: served?.totalCount,
    };
  })();

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (page: number) => {
    change({ kind: 'page', value: clampPage(page, view.totalPages) });
    listTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const filtered = Boolean(query.name || query.classify || query.minBet);
  const emptyBody =
    tab === 'fav'
      ? t('lobby:empty.favBody')
      : tab === 'recent'
        ? t('lobby:empty.recentBody')
        : filtered
          ? t('lobby:empty.filteredBody')
          : undefined;

  return (
    <>
      <RngBanner showJackpot={afterPaint} JackpotCounter={parts.JackpotCounter} />
      <div className="mx-auto w-full max-w-[1200px] space-y-5 px-3 pt-5 pb-6 sm:px-4 sm:pt-6 lg:px-6">
        <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <div>
            <h1 className="text-2xl font-black tracking-tight sm:text-3xl">
              {selectedVendor ? selectedVendor.displayName : t('shell:nav.rng')}
            </h1>
            {/* Counts in the page's digits: written after the first games are painted (the first
                number formatter of a language costs more than the whole grid). */}
            <p className="mt-0.5 min-h-5 text-sm text-muted">
              {afterPaint && vendors.length > 0
                ? t('lobby:rng.subtitle', {
                    count: formatCount(
                      selectedVendor?.gameCount ?? vendors.reduce((sum, v) => sum + v.gameCount, 0),
                      i18n.language,
                    ),
                    vendors: formatCount(vendors.length, i18n.language),
                  })
                : ''}
            </p>
          </div>
        </header>

        {lane ? (
          <VendorSwiper
            vendors={vendors}
            selected={query.vassalage}
            onSelect={(v) => change({ kind: 'vendor', value: v })}
          />
        ) : (
          <div className="flex gap-2.5 overflow-hidden" aria-hidden="true">
            {placeholderKeys(9).map((key) => (
              <div
                key={key}
                className="h-[4.75rem] w-[5.5rem] shrink-0 animate-pulse rounded-2xl bg-surface-2 sm:w-28"
              />
            ))}
          </div>
        )}

        <div ref={listTop} className="scroll-mt-40 space-y-3">
          <div
            role="tablist"
            aria-label={t('lobby:tabs.label')}
            className="scrollbar-none -mx-3 flex gap-1.5 overflow-x-auto px-3 sm:mx-0 sm:px-0"
          >
            {tabs.map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                data-testid={`rng-tab-${key}`}
                aria-selected={tab === key}
                onClick={() => change({ kind: 'tab', value: key })}
                className={cx(
                  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-semibold transition',
                  tab === key
                    ? 'bg-fg text-bg shadow'
                    : 'bg-surface text-fg/75 ring-1 ring-line hover:text-fg',
                )}
              >
                {TAB_ICONS[key]}
                {t(`lobby:tabs.${key}`)}
              </button>
            ))}
          </div>

          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <SearchField value={query.name} onSearch={(name) => change({ kind: 'name', value: name })} />
            <div className="flex gap-2">
              <Select
                label={t('lobby:filter.classify')}
                testId="classify-filter"
                value={query.classify}
                onChange={(value) => change({ kind: 'classify', value })}
              >
                <option value="">{t('lobby:filter.allTypes')}</option>
                {(lane?.gameClassify ?? []).map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.displayName}
                  </option>
                ))}
              </Select>
              <Select
                label={t('lobby:filter.minBet')}
                testId="minbet-filter"
                value={query.minBet}
                onChange={(value) => change({ kind: 'minBet', value: value as RngQuery['minBet'] })}
              >
                <option value="">{t('lobby:filter.in_type_all')}</option>
                {MIN_BET_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {t('lobby:filter.minBetValue', { value: option })}
                  </option>
                ))}
              </Select>
            </div>
          </div>

          <p data-testid="games-count" aria-live="polite" className="min-h-5 text-xs font-medium text-muted">
            {view.total !== undefined && afterPaint
              ? t('lobby:games.count', {
                  count: view.total,
                  formatted: formatCount(view.total, i18n.language),
                })
              : ''}
          </p>
        </div>

        <GameGrid
          games={view.games}
          loading={view.loading}
          vendorNames={vendorNames}
          empty={
            <EmptyState
              icon={
                tab === 'fav' ? (
                  <Star className="size-6" />
                ) : tab === 'recent' ? (
                  <Clock3 className="size-6" />
                ) : (
                  <SearchX className="size-6" />
                )
              }
              title={t(`lobby:empty.${tab}`)}
              body={emptyBody}
            />
          }
        />
        {tab !== 'hot' ? <Pager page={view.page} totalPages={view.totalPages} onPage={goToPage} /> : null}
        {afterPaint ? <RngWinners WinnerBoard={parts.WinnerBoard} /> : null}
      </div>
    </>
  );
};
