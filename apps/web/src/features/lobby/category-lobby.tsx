import type { GameType } from '@khela/contract';
import { Gamepad2, X } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cx } from '../../shared/ui/cx';
import { formatCount, placeholderKeys } from './format';
import { EmptyState, GameGrid } from './game-grid';
import { LANES_OF, type NavCode } from './nav-rules';
import { Pager } from './pager';
import { clampPage } from './pagination';
import { useGameList } from './queries';
import { useGameVendors } from './use-game-vendors';
import { VendorCard } from './vendor-card';

const LANE_LABEL: Partial<Record<GameType, string>> = { ELOTT: 'lane.ELOTT', LOTT: 'lane.LOTT' };

/**
 * A category lobby (`/live`, `/sports`, `/esports`, `/cockfight`, `/fish`, `/pvp`, `/elott`):
 * the category's vendor cards, then its games, 15 a page, narrowed to one vendor by
 * `?vassalage=` (the navigation's vendor links).
 */
export const CategoryLobby = ({ code }: { code: NavCode }) => {
  const { t, i18n } = useTranslation(['lobby', 'shell']);
  const [params, setParams] = useSearchParams();
  const lanes = useGameVendors().data;
  const mine = useMemo(
    () => (lanes ?? []).filter((lane) => LANES_OF[code].includes(lane.title) && lane.cards.length > 0),
    [lanes, code],
  );
  const cards = mine.flatMap((lane) => lane.cards);
  const vendorNames = useMemo(() => new Map(cards.map((c) => [c.vassalage, c.displayName])), [cards]);
  const vassalage = (params.get('vassalage') ?? '').toUpperCase();
  const vendor = cards.find((c) => c.vassalage === vassalage);
  const laneParam = params.get('lane');
  const titles = LANES_OF[code];
  const pageNo = Math.max(1, Number.parseInt(params.get('pageNo') ?? '1', 10) || 1);
  // The games are asked for at once, beside the vendor list, whenever the URL alone says which:
  // a one-lane category (the vendor, if any, from the URL). Only a vendor of the two-lane lottery
  // entry waits for the vendor list, which says the vendor's lane.
  const guessed: GameType = titles.find((t) => t === laneParam) ?? titles[0] ?? 'RNG';
  const lane: GameType = !lanes
    ? guessed
    : vendor && mine.some((l) => l.title === vendor.gameType)
      ? (mine.find((l) => l.cards.includes(vendor))?.title ?? vendor.gameType)
      : (mine.find((l) => l.title === laneParam)?.title ?? mine[0]?.title ?? guessed);
  const listVendor = lanes ? vendor?.vassalage : vassalage || undefined;
  const ready = Boolean(lanes) || titles.length === 1 || !vassalage;

  const list = useGameList({ gameType: lane, vassalage: listVendor, pageNo }, ready);
  const served = list.data;
  useEffect(() => {
    if (!served || list.isPlaceholderData) return;
    const clamped = clampPage(pageNo, served.totalPages);
    if (clamped === pageNo) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (clamped > 1) next.set('pageNo', String(clamped));
        else next.delete('pageNo');
        return next;
      },
      { replace: true },
    );
  }, [served, pageNo, setParams, list.isPlaceholderData]);

  // From the address bar rather than this render (navigations render as transitions).
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const gamesTop = useRef<HTMLHeadingElement>(null);
  const key = code.toLowerCase();
  const total = cards.reduce((sum, c) => sum + c.gameCount, 0);

  return (
    <div className="mx-auto w-full max-w-[1200px] space-y-6 px-3 pt-5 pb-6 sm:px-4 sm:pt-6 lg:px-6">
      <header>
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t(`shell:nav.${key}`)}</h1>
        <p className="mt-0.5 text-sm text-muted">
          {t('lobby:category.subtitle', {
            vendors: formatCount(cards.length, i18n.language),
            count: formatCount(total, i18n.language),
          })}
        </p>
      </header>

      <section aria-labelledby="lobby-vendors">
        <h2 id="lobby-vendors" className="sr-only">
          {t('lobby:category.vendors')}
        </h2>
        {lanes ? (
          <ul
            data-testid="vendor-cards"
            className="grid grid-cols-2 gap-2.5 sm:gap-3 lg:grid-cols-3 xl:grid-cols-4"
          >
            {cards.map((card) => (
              <li key={`${card.gameType}-${card.vassalage}`}>
                <VendorCard card={card} active={card.vassalage === vendor?.vassalage} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="grid grid-cols-2 gap-2.5 sm:gap-3 lg:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
            {placeholderKeys(4).map((key) => (
              <div key={key} className="h-[5.5rem] animate-pulse rounded-2xl bg-surface-2" />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="lobby-games" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 ref={gamesTop} id="lobby-games" className="scroll-mt-40 text-lg font-bold sm:text-xl">
            {vendor
              ? t('lobby:category.gamesOf', { vendor: vendor.displayName })
              : t('lobby:category.allGames')}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            {!vendor && mine.length > 1 ? (
              <div
                role="tablist"
                aria-label={t('lobby:category.lanes')}
                className="flex gap-1 rounded-full bg-surface p-1 ring-1 ring-line"
              >
                {mine.map((l) => (
                  <button
                    key={l.title}
                    type="button"
                    role="tab"
                    aria-selected={l.title === lane}
                    onClick={() => update({ lane: l.title, pageNo: null })}
                    className={cx(
                      'h-8 rounded-full px-3.5 text-sm font-semibold transition',
                      l.title === lane ? 'bg-fg text-bg' : 'text-fg/70 hover:text-fg',
                    )}
                  >
                    {t(`lobby:${LANE_LABEL[l.title] ?? 'lane.ELOTT'}`)}
                  </button>
                ))}
              </div>
            ) : null}
            {vendor ? (
              <button
                type="button"
                data-testid="clear-vendor"
                onClick={() => update({ vassalage: null, pageNo: null })}
                className="inline-flex h-8 items-center gap-1.5 rounded-full bg-brand/12 pr-2 pl-3.5 text-sm font-semibold text-brand transition hover:bg-brand/20"
              >
                {vendor.displayName}
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('lobby:filter.clear')}</span>
              </button>
            ) : null}
          </div>
        </div>
        <GameGrid
          games={served?.games}
          loading={list.isFetching}
          vendorNames={vendorNames}
          empty={<EmptyState icon={<Gamepad2 className="size-6" />} title={t('lobby:empty.all')} />}
        />
        <Pager
          page={clampPage(pageNo, served?.totalPages ?? 1)}
          totalPages={served?.totalPages ?? 1}
          onPage={(page) => {
            update({ pageNo: page > 1 ? String(page) : null });
            gamesTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
        />
      </section>
    </div>
  );
};
