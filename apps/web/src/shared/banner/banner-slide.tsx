import type { Banner, BannerGroup } from '@khela/contract';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec §9: banners autoplay every 5000 ms, and only when there are 2 or more. */
export const BANNER_AUTOPLAY_MS = 5000;
export const shouldAutoplay = (count: number) => count >= 2;

/** The banners of one page's group, in the order the server gave them. */
export const bannersForGroup = (banners: Banner[], group: BannerGroup) =>
  banners.filter((banner) => banner.groupName === group && banner.url !== '');

export type BannerTarget = { kind: 'route'; to: string } | { kind: 'url'; href: string } | { kind: 'none' };

/**
 * Where a tap on a banner leads: ROUTE navigates inside the site, URL opens a web link in a new
 * tab, NONE is not clickable. A link that does not fit its type (an outside address given as a
 * route, a non-web scheme) makes the banner not clickable rather than open something unexpected.
 */
export const bannerTarget = (banner: Banner): BannerTarget => {
  const link = banner.link?.trim() ?? '';
  if (banner.linkageType === 'ROUTE' && link.startsWith('/') && !link.startsWith('//'))
    return { kind: 'route', to: link };
  if (banner.linkageType === 'URL' && /^https?:\/\//i.test(link)) return { kind: 'url', href: link };
  return { kind: 'none' };
};

const slideClass =
  'group/slide relative block aspect-[12/5] w-full overflow-hidden bg-surface-2 select-none sm:aspect-[3/1] lg:aspect-[10/3]';

/** One banner: the image with its title in the page language laid over it (the art has no text). */
export const BannerSlide = ({ banner, isFirst }: { banner: Banner; isFirst: boolean }) => {
  const { t } = useTranslation('shell');
  const target = bannerTarget(banner);
  const body: ReactNode = (
    <>
      <img
        src={banner.url}
        alt=""
        draggable={false}
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'auto'}
        className="absolute inset-0 size-full object-cover object-right transition duration-700 group-hover/slide:scale-[1.02]"
      />
      <span
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-r from-black/70 via-black/30 to-transparent"
      />
      <span className="relative flex h-full max-w-[68%] flex-col justify-center gap-2.5 px-5 sm:max-w-[58%] sm:gap-4 sm:px-10 lg:px-14">
        <span className="text-[1.35rem] leading-[1.15] font-black tracking-tight text-balance text-white drop-shadow-[0_2px_8px_rgb(0_0_0/0.45)] sm:text-4xl lg:text-5xl">
          {banner.title}
        </span>
        {target.kind !== 'none' ? (
          <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-bold text-zinc-900 shadow-lg transition group-hover/slide:gap-2.5 sm:px-4 sm:py-2 sm:text-sm">
            {t('banner.cta')}
            <ArrowRight aria-hidden="true" className="size-3.5 sm:size-4" />
          </span>
        ) : null}
      </span>
    </>
  );

  if (target.kind === 'route') {
    return (
      <Link
        to={target.to}
        data-testid="banner-slide"
        data-linkage="ROUTE"
        className={slideClass}
        draggable={false}
      >
        {body}
      </Link>
    );
  }
  if (target.kind === 'url') {
    return (
      <a
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="banner-slide"
        data-linkage="URL"
        className={slideClass}
        draggable={false}
      >
        {body}
      </a>
    );
  }
  return (
    <div data-testid="banner-slide" data-linkage="NONE" className={slideClass}>
      {body}
    </div>
  );
};
