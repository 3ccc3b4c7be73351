import type { GameCard } from '@khela/contract';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Flame, LayoutGrid } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { useImageUrl } from './images';
import { useAfterFirstPaint } from './marks';

/** Arrows show when there are more than this many vendors (spec §9). */
export const SWIPER_ARROWS_AFTER = 7;

export const showSwiperArrows = (count: number) => count > SWIPER_ARROWS_AFTER;

/** Tiles drawn before the first games are painted: more than a wide screen shows at once. */
export const FIRST_PAINT_TILES = 10;

/** The first tiles, and the chosen vendor's if it is further along (it is scrolled to later). */
export const firstTiles = <T extends { vassalage: string }>(vendors: readonly T[], selected: string) => {
  const head = vendors.slice(0, FIRST_PAINT_TILES);
  const chosen = vendors.find((v) => v.vassalage === selected);
  return chosen && !head.includes(chosen) ? [...head, chosen] : head;
};

const arrow =
  'absolute top-1/2 z-10 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-raised text-fg shadow-lg ring-1 ring-line transition hover:text-brand disabled:opacity-0';

/** The RNG lobby's vendor strip: 'all' plus one tile per vendor; swipe, or arrows past 7 vendors. */
export const VendorSwiper = ({
  vendors,
  selected,
  onSelect,
}: {
  vendors: readonly GameCard[];
  selected: string;
  onSelect: (vendor: string) => void;
}) => {
  const { t } = useTranslation('lobby');
  const image = useImageUrl();
  const arrows = showSwiperArrows(vendors.length);
  // Embla measures the strip when it starts (a forced layout of the whole page): it is given the
  // strip after the first games are painted; until then the strip is a plain row that looks the same.
  const ready = useAfterFirstPaint();
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', dragFree: true, containScroll: 'trimSnaps' });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    update();
    api.on('select', update).on('reInit', update).on('scroll', update);
    return () => {
      api.off('select', update).off('reInit', update).off('scroll', update);
    };
  }, [api]);

  // The chosen vendor scrolls into view (a link from the navigation, a refresh).
  useEffect(() => {
    if (!api || !selected) return;
    const index = vendors.findIndex((v) => v.vassalage === selected);
    if (index >= 0) api.scrollTo(Math.max(0, index - 1));
  }, [api, selected, vendors]);

  const page = useCallback(
    (direction: 1 | -1) => {
      if (!api) return;
      const visible = api.slidesInView().length || 1;
      const target = api.selectedScrollSnap() + direction * Math.max(1, visible - 1);
      api.scrollTo(Math.max(0, target));
    },
    [api],
  );

  const tile = (active: boolean) =>
    cx(
      'group/tile relative flex h-full w-full flex-col items-center justify-center gap-1.5 rounded-2xl px-2 py-2.5 text-center ring-1 transition',
      active
        ? 'bg-brand/12 text-brand ring-brand shadow-[0_8px_20px_-12px_var(--brand)]'
        : 'bg-surface text-fg/85 ring-line hover:text-brand hover:ring-brand/50',
    );

  return (
    <div data-testid="vendor-swiper" data-arrows={arrows} className="relative">
      <div ref={ready ? viewportRef : undefined} className="overflow-hidden px-0.5 py-1">
        <ul className="flex touch-pan-y gap-2 sm:gap-2.5">
          <li className="w-[5.5rem] shrink-0 sm:w-28">
            <button
              type="button"
              data-testid="vendor-tab"
              data-vendor=""
              aria-pressed={selected === ''}
              onClick={() => onSelect('')}
              className={tile(selected === '')}
            >
              <span className="grid size-9 place-items-center rounded-xl bg-surface-2 ring-1 ring-line sm:size-10">
                <LayoutGrid aria-hidden="true" className="size-5" />
              </span>
              <span className="w-full truncate text-xs font-semibold">{t('vendor.all')}</span>
            </button>
          </li>
          {(ready ? vendors : firstTiles(vendors, selected)).map((vendor) => {
            const active = vendor.vassalage === selected;
            const logo = image(vendor.smallIcon ?? vendor.lagerIcon);
            return (
              <li key={vendor.vassalage} className="w-[5.5rem] shrink-0 sm:w-28">
                <button
                  type="button"
                  data-testid="vendor-tab"
                  data-vendor={vendor.vassalage}
                  aria-pressed={active}
                  onClick={() => onSelect(vendor.vassalage)}
                  className={tile(active)}
                >
                  <span className="grid size-9 place-items-center overflow-hidden rounded-xl bg-surface-2 ring-1 ring-line sm:size-10">
                    {logo ? (
                      <img
                        src={logo}
                        alt=""
                        width={40}
                        height={40}
                        loading="lazy"
                        className="size-full object-cover"
                      />
                    ) : null}
                  </span>
                  <span className="w-full truncate text-xs font-semibold">{vendor.displayName}</span>
                  {vendor.isHot ? (
                    <span
                      data-testid="hot-badge"
                      className="absolute top-1 right-1 grid size-4 place-items-center rounded-full bg-gradient-to-br from-orange-500 to-rose-500 text-white"
                      title={t('badge.hot')}
                    >
                      <Flame aria-hidden="true" className="size-2.5" />
                      <span className="sr-only">{t('badge.hot')}</span>
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {arrows ? (
        <>
          <button
            type="button"
            data-testid="swiper-prev"
            aria-label={t('vendor.previous')}
            disabled={!canPrev}
            onClick={() => page(-1)}
            className={cx(arrow, '-left-3 hidden sm:grid')}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            data-testid="swiper-next"
            aria-label={t('vendor.next')}
            disabled={!canNext}
            onClick={() => page(1)}
            className={cx(arrow, '-right-3 hidden sm:grid')}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </>
      ) : null}
    </div>
  );
};
