import type { SystemStatus } from '@khela/contract';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BannerArea } from '../../shared/banner/banner-area';
import { lazyChunk } from '../../shared/chunk';
import type { Frame } from '../../shared/frame';
import { cx } from '../../shared/ui/cx';
import { Spinner } from '../../shared/ui/spinner';
import { useLanguageFitsMerchant } from './header-settings';
import { SiteHeader } from './site-header';
import { StatusErrorScreen } from './status-error-screen';

// Below the fold or floating: they load right after the first paint, not before it.
const SiteFooter = lazyChunk(() =>
  import('./site-footer').then((module) => ({ default: module.SiteFooter })),
);
const SideMenu = lazyChunk(() => import('./side-menu').then((module) => ({ default: module.SideMenu })));

type Props = {
  frame: Frame;
  page: string;
  status: SystemStatus | undefined;
  statusError: unknown;
  /** The status answer is a placeholder kept from before a language or merchant switch. */
  isPlaceholder?: boolean;
  onRetry?: () => void;
  children: ReactNode;
};

const HEX_COLOUR = /^#(?:[0-9a-f]{3}){1,2}$/i;

/** Dark text on light brand colours, white on dark ones (WCAG relative luminance). */
export const readableOn = (hex: string) => {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const channel = (offset: number) => {
    const value = Number.parseInt(full.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#1c1917' : '#ffffff';
};

/** Writes the brand colour from the config into --brand (and a readable text colour on it). */
const useBrandColour = (colour: string | undefined) => {
  useEffect(() => {
    if (!colour || !HEX_COLOUR.test(colour)) return;
    const root = document.documentElement;
    root.style.setProperty('--brand', colour);
    root.style.setProperty('--brand-fg', readableOn(colour));
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colour);
  }, [colour]);
};

const useDocumentTitle = (page: string, brand: string | undefined) => {
  const { t } = useTranslation('shell');
  const title = t(`pages.${page}`, { defaultValue: '' });
  useEffect(() => {
    const name = brand ?? 'Khela';
    document.title = title && page !== 'home' ? `${title} · ${name}` : name;
  }, [title, page, brand]);
};

/**
 * The common layout around a page, as its route's frame says: header (full, without navigation,
 * or none), the banner group's carousel (rebuilt on every route change), the page, the footer
 * and the side widgets. The root carries data-page with the page key.
 */
export const AppFrame = ({
  frame,
  page,
  status,
  statusError,
  isPlaceholder = false,
  onRetry,
  children,
}: Props) => {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  useBrandColour(status?.info.brand.primaryColor);
  useDocumentTitle(page, status?.info.brand.name);
  useLanguageFitsMerchant(status, isPlaceholder);

  if (!status && statusError) return <StatusErrorScreen error={statusError} onRetry={onRetry} />;

  return (
    <div data-page={page} className={cx('flex min-h-dvh flex-col', frame.sideMenu && 'pb-20 rail:pb-0')}>
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-brand px-4 py-2 font-semibold text-brand-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('header.skip')}
      </a>
      {frame.header !== 'none' ? <SiteHeader status={status} showNav={frame.header === 'full'} /> : null}
      {frame.banner ? <BannerArea key={pathname} group={frame.banner} /> : null}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense
          fallback={
            <div className="grid flex-1 place-items-center py-24">
              <Spinner />
            </div>
          }
        >
          {children}
        </Suspense>
      </main>
      <Suspense fallback={null}>
        {frame.footer ? <SiteFooter status={status} /> : null}
        {frame.sideMenu ? <SideMenu status={status} /> : null}
      </Suspense>
    </div>
  );
};
