import type { Banner } from '@khela/contract';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../ui/cx';
import { prefersReducedMotion } from '../ui/motion';
import { BANNER_AUTOPLAY_MS, BannerSlide, shouldAutoplay } from './banner-slide';

const arrowClass =
  'absolute top-1/2 z-10 hidden size-11 -translate-y-1/2 place-items-center rounded-full bg-black/35 text-white opacity-0 backdrop-blur transition group-hover/carousel:opacity-100 hover:bg-black/55 focus-visible:opacity-100 lg:grid';

/**
 * The swiping carousel (loaded after first paint: the page shows the first banner meanwhile).
 * With one banner it neither loops nor autoplays nor shows pagination.
 */
export const BannerCarousel = ({ banners }: { banners: Banner[] }) => {
  const { t } = useTranslation('shell');
  const isMulti = shouldAutoplay(banners.length);
  // Under prefers-reduced-motion the next banner replaces the last one without the sliding
  // animation (autoplay keeps the spec's 5000 ms; only the motion goes).
  const reducedMotion = useMemo(() => prefersReducedMotion(), []);
  const plugins = useMemo(
    () =>
      isMulti
        ? [
            Autoplay({
              delay: BANNER_AUTOPLAY_MS,
              jump: reducedMotion,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
            }),
          ]
        : [],
    [isMulti, reducedMotion],
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: isMulti, active: isMulti }, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!api) return;
    const handleSelect = () => setSelected(api.selectedScrollSnap());
    handleSelect();
    api.on('select', handleSelect).on('reInit', handleSelect);
    return () => {
      api.off('select', handleSelect).off('reInit', handleSelect);
    };
  }, [api]);

  return (
    <div
      className="group/carousel relative"
      data-autoplay={isMulti ? BANNER_AUTOPLAY_MS : 0}
      data-autoplay-jump={isMulti && reducedMotion ? 'true' : undefined}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern marks each slide as a group
            <div
              key={banner.bannerId}
              className="min-w-0 shrink-0 grow-0 basis-full"
              role="group"
              aria-roledescription="slide"
              aria-label={t('banner.slideOf', { index: index + 1, count: banners.length })}
            >
              <BannerSlide banner={banner} isFirst={index === 0} />
            </div>
          ))}
        </div>
      </div>
      {isMulti ? (
        <>
          <button
            type="button"
            className={cx(arrowClass, 'left-4')}
            aria-label={t('banner.previous')}
            onClick={() => api?.scrollPrev()}
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <button
            type="button"
            className={cx(arrowClass, 'right-4')}
            aria-label={t('banner.next')}
            onClick={() => api?.scrollNext()}
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>
          <div className="absolute inset-x-0 bottom-2.5 z-10 flex justify-center gap-1.5 sm:bottom-4">
            {banners.map((banner, index) => (
              <button
                key={banner.bannerId}
                type="button"
                data-testid="banner-dot"
                aria-label={t('banner.goTo', { index: index + 1 })}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => api?.scrollTo(index)}
                className="group/dot grid h-5 place-items-center px-0.5"
              >
                <span
                  className={cx(
                    'block h-1.5 rounded-full shadow-sm transition-all duration-300',
                    index === selected ? 'w-6 bg-white' : 'w-1.5 bg-white/55 group-hover/dot:bg-white/85',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
};
