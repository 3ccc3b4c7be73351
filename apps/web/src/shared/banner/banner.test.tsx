import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { banner, makeAnnouncements, makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../i18n';
import { BannerArea, BannerView } from './banner-area';
import { BANNER_AUTOPLAY_MS, bannersForGroup, bannerTarget, shouldAutoplay } from './banner-slide';

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

afterEach(cleanup);

describe('banner rules', () => {
  it('keeps only the banners of the page group, in order', () => {
    const all = [
      banner(1, 'w_home'),
      banner(2, 'w_rng'),
      banner(3, 'w_home'),
      banner(4, 'w_home', { url: '' }),
    ];
    expect(bannersForGroup(all, 'w_home').map((b) => b.bannerId)).toEqual([1, 3]);
    expect(bannersForGroup(all, 'w_rng').map((b) => b.bannerId)).toEqual([2]);
    expect(bannersForGroup(all, 'w_help')).toEqual([]);
  });

  it('autoplays every 5000 ms, and only with two or more banners', () => {
    expect(BANNER_AUTOPLAY_MS).toBe(5000);
    expect(shouldAutoplay(0)).toBe(false);
    expect(shouldAutoplay(1)).toBe(false);
    expect(shouldAutoplay(2)).toBe(true);
  });

  it('maps linkage types to what a tap does, refusing links that do not fit their type', () => {
    expect(bannerTarget(banner(1, 'w_home', { linkageType: 'ROUTE', link: '/rng' }))).toEqual({
      kind: 'route',
      to: '/rng',
    });
    expect(bannerTarget(banner(1, 'w_home', { linkageType: 'URL', link: 'https://example.org/x' }))).toEqual({
      kind: 'url',
      href: 'https://example.org/x',
    });
    expect(bannerTarget(banner(1, 'w_home', { linkageType: 'NONE', link: '/rng' }))).toEqual({
      kind: 'none',
    });
    expect(bannerTarget(banner(1, 'w_home', { linkageType: 'ROUTE', link: '//evil.example' }))).toEqual({
      kind: 'none',
    });
    expect(bannerTarget(banner(1, 'w_home', { linkageType: 'URL', link: 'javascript:alert(1)' }))).toEqual({
      kind: 'none',
    });
  });
});

describe('banner carousel', () => {
  const slides = [
    banner(1, 'w_home', { linkageType: 'ROUTE', link: '/promotions', title: 'Route banner' }),
    banner(2, 'w_home', { linkageType: 'URL', link: 'https://example.org/offer', title: 'Outside banner' }),
    banner(3, 'w_home', { linkageType: 'NONE', link: null, title: 'Plain banner' }),
  ];

  it('renders each slide with its title over the art: ROUTE navigates, URL opens a new tab, NONE is not a link', async () => {
    const user = userEvent.setup();
    renderApp(<BannerView banners={slides} group="w_home" />);
    const carousel = screen.getByTestId('banner-carousel');
    expect(carousel.getAttribute('data-group')).toBe('w_home');
    // The swiping carousel replaces the first-paint slide once its chunk is in.
    await within(carousel).findByText('Outside banner');
    const rendered = within(carousel).getAllByTestId('banner-slide');
    expect(rendered).toHaveLength(3);

    const [route, url, none] = rendered as [HTMLElement, HTMLElement, HTMLElement];
    expect(route.tagName).toBe('A');
    expect(route.getAttribute('href')).toBe('/promotions');
    expect(url.getAttribute('href')).toBe('https://example.org/offer');
    expect(url.getAttribute('target')).toBe('_blank');
    expect(url.getAttribute('rel')).toBe('noopener noreferrer');
    expect(none.tagName).toBe('DIV');
    expect(within(none).queryByText('Find out more')).toBeNull();
    expect(within(route).getByText('Route banner')).toBeTruthy();

    await user.click(route);
    expect(screen.getByTestId('location').textContent).toBe('/promotions');
  });

  it('has clickable pagination and autoplay with several banners', async () => {
    const user = userEvent.setup();
    renderApp(<BannerView banners={slides} group="w_home" />);
    const dots = await screen.findAllByTestId('banner-dot');
    expect(dots).toHaveLength(3);
    expect(dots[0]!.getAttribute('aria-current')).toBe('true');
    await user.click(dots[2]!);
    expect(dots[2]!.getAttribute('aria-current')).toBe('true');
    expect(dots[0]!.getAttribute('aria-current')).toBeNull();
    expect(
      screen.getByTestId('banner-carousel').querySelector('[data-autoplay]')?.getAttribute('data-autoplay'),
    ).toBe(String(BANNER_AUTOPLAY_MS));
  });

  it('autoplays without the sliding animation when the visitor asks for reduced motion', async () => {
    const plain = window.matchMedia;
    const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...plain(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    try {
      renderApp(<BannerView banners={slides} group="w_home" />);
      await screen.findAllByTestId('banner-dot');
      const autoplay = screen.getByTestId('banner-carousel').querySelector('[data-autoplay]');
      expect(autoplay?.getAttribute('data-autoplay')).toBe(String(BANNER_AUTOPLAY_MS));
      expect(autoplay?.getAttribute('data-autoplay-jump')).toBe('true');
    } finally {
      spy.mockRestore();
    }
    cleanup();
    renderApp(<BannerView banners={slides} group="w_home" />);
    await screen.findAllByTestId('banner-dot');
    expect(screen.getByTestId('banner-carousel').querySelector('[data-autoplay-jump]')).toBeNull();
  });

  it('shows no pagination and no autoplay for a single banner', async () => {
    renderApp(<BannerView banners={[slides[0]!]} group="w_home" />);
    const carousel = screen.getByTestId('banner-carousel');
    await within(carousel).findByRole('group');
    expect(screen.queryAllByTestId('banner-dot')).toHaveLength(0);
    expect(carousel.querySelector('[data-autoplay]')?.getAttribute('data-autoplay')).toBe('0');
  });

  it("shows the page group's banners from the announcements answer", async () => {
    renderApp(<BannerArea group="w_rng" />, { status: makeStatus(), announcements: makeAnnouncements() });
    const carousel = await screen.findByTestId('banner-carousel');
    expect(carousel.getAttribute('data-count')).toBe('1');
    expect(await within(carousel).findByText('Banner 3')).toBeTruthy();
  });

  it('renders nothing when the group has no banners', async () => {
    renderApp(<BannerArea group="w_help" />, { status: makeStatus(), announcements: makeAnnouncements() });
    await screen.findByTestId('location');
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
  });
});
