import type { Banner, BannerGroup } from '@khela/contract';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { importChunk, lazyChunk } from '../chunk';
import { useAnnouncements } from '../state/site';
import { BannerSlide, bannersForGroup } from './banner-slide';

const loadCarousel = () => importChunk(() => import('./banner-carousel'));
const BannerCarousel = lazyChunk(() => loadCarousel().then((module) => ({ default: module.BannerCarousel })));

const frameClass = 'mx-auto w-full max-w-[1200px] px-3 pt-3 sm:px-4 sm:pt-4 lg:px-6';
const cardClass = 'overflow-hidden rounded-2xl shadow-card ring-1 ring-line/60 sm:rounded-3xl';

/** The banners of one group; the first shows at once, the swiping carousel arrives right after. */
export const BannerView = ({ banners, group }: { banners: Banner[]; group: BannerGroup }) => {
  const { t } = useTranslation('shell');
  const first = banners[0];
  if (!first) return null;
  return (
    <section
      data-testid="banner-carousel"
      data-group={group}
      data-count={banners.length}
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      className={frameClass}
    >
      <div className={cardClass}>
        <Suspense fallback={<BannerSlide banner={first} isFirst />}>
          <BannerCarousel banners={banners} />
        </Suspense>
      </div>
    </section>
  );
};

/** The banner area of a page: its group's banners, rebuilt whenever the route changes. */
export const BannerArea = ({ group }: { group: BannerGroup }) => {
  const announcements = useAnnouncements();
  const banners = useMemo(
    () => bannersForGroup(announcements.data?.banners ?? [], group),
    [announcements.data, group],
  );
  if (announcements.isPending) {
    return (
      <div className={frameClass} aria-hidden="true">
        <div
          className={`${cardClass} aspect-[12/5] animate-pulse bg-surface-2 sm:aspect-[3/1] lg:aspect-[10/3]`}
        />
      </div>
    );
  }
  return <BannerView banners={banners} group={group} />;
};
