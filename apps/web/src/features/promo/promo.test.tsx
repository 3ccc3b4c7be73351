import type { Promotion } from '@khela/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeAnnouncements, makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { PromoDetailPage } from './promo-detail-page';
import { categoriesOf, PromotionsPage } from './promotions-page';

const promo = (id: number, category: Promotion['category'], extra: Partial<Promotion> = {}): Promotion => ({
  id,
  title: `Promo ${id}`,
  content: `<p>Rules of ${id}</p>`,
  category,
  announcementImages: [
    { sequence: 2, url: `/media/second-${id}.svg` },
    { sequence: 1, url: `/media/cover-${id}.svg` },
  ],
  startDate: Date.UTC(2026, 0, 1),
  endDate: Date.UTC(2030, 11, 31),
  promotionType: 'GENERAL',
  ...extra,
});

const PROMOTIONS = [
  promo(1, 'new_player', { endDate: null }),
  promo(2, 'rebate_promo'),
  promo(3, 'rng_promo', { announcementImages: [], startDate: null, endDate: null }),
  promo(4, 'rebate_promo'),
  // A promotion without a category arrives as other_promo (the server maps a missing one).
  promo(5, 'other_promo', {
    content:
      '<p>Read <a href="https://example.org/t">terms</a></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 1">',
  }),
];

const show = (ui: React.ReactNode, route: string) =>
  renderApp(ui, {
    route,
    status: makeStatus(),
    announcements: makeAnnouncements({ promotion: PROMOTIONS }),
  });

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

afterEach(cleanup);

describe('promotions page', () => {
  it('orders the category tabs as API-FACTS §2.5 and offers only categories that have promotions', () => {
    expect(categoriesOf(PROMOTIONS)).toEqual(['rng_promo', 'rebate_promo', 'new_player', 'other_promo']);
  });

  it('lists every promotion with its cover (sequence 1), category, title and dates, linking to its details', async () => {
    show(<PromotionsPage />, '/promotions');
    const cards = await screen.findAllByTestId('promo-card');
    expect(cards).toHaveLength(5);
    const first = cards[0]!;
    expect(first.getAttribute('href')).toBe('/promoDetail?id=1');
    expect(within(first).getByTestId('promo-cover').getAttribute('src')).toBe('/media/cover-1.svg');
    expect(within(first).getByTestId('promo-category').textContent).toBe('New players');
    expect(within(first).getByTestId('promo-dates').textContent).toMatch(/^From .*2026, no end date$/);
    expect(within(cards[1]!).getByTestId('promo-dates').textContent).toMatch(/2026 – .*2030/);
    expect(within(cards[2]!).getByTestId('promo-dates').textContent).toBe('Ongoing');
    expect(within(cards[2]!).getByTestId('promo-cover-empty')).toBeTruthy();
    expect(within(cards[4]!).getByTestId('promo-category').textContent).toBe('Other');
    // No fake claim or join buttons: taking part is a later issue.
    expect(screen.queryByRole('button', { name: /claim|join|apply/i })).toBeNull();
  });

  it('filters by category tab, keeps the tab in the address, and goes back to all', async () => {
    const user = userEvent.setup();
    show(<PromotionsPage />, '/promotions');
    await user.click(await screen.findByTestId('promo-tab-rebate_promo'));
    expect(screen.getByTestId('location').textContent).toBe('/promotions?category=rebate_promo');
    expect(screen.getAllByTestId('promo-card').map((c) => c.getAttribute('data-category'))).toEqual([
      'rebate_promo',
      'rebate_promo',
    ]);
    expect(screen.getByTestId('promo-tab-rebate_promo').getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByTestId('promo-tab-all'));
    expect(screen.getAllByTestId('promo-card')).toHaveLength(5);
    expect(screen.getByTestId('location').textContent).toBe('/promotions');
  });

  it('opens on the tab of the address, and falls back to all for an unknown one', async () => {
    show(<PromotionsPage />, '/promotions?category=rng_promo');
    expect(await screen.findAllByTestId('promo-card')).toHaveLength(1);
    cleanup();
    show(<PromotionsPage />, '/promotions?category=nope');
    expect(await screen.findAllByTestId('promo-card')).toHaveLength(5);
  });

  it('says so when the brand has no promotions', async () => {
    renderApp(<PromotionsPage />, {
      route: '/promotions',
      status: makeStatus(),
      announcements: makeAnnouncements({ promotion: [] }),
    });
    expect((await screen.findByTestId('promo-empty')).textContent).toBe(
      'There are no promotions here right now.',
    );
    expect(screen.queryByTestId('promo-tabs')).toBeNull();
  });
});

describe('promotion detail page', () => {
  it('shows the cover, category, dates and the sanitised rich content', async () => {
    show(<PromoDetailPage />, '/promoDetail?id=5');
    const detail = await screen.findByTestId('promo-detail');
    expect(within(detail).getByRole('heading', { name: 'Promo 5' })).toBeTruthy();
    expect(within(detail).getByTestId('promo-cover').getAttribute('src')).toBe('/media/cover-5.svg');
    const content = within(detail).getByTestId('promo-content');
    expect(content.textContent).toContain('Read terms');
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('img')?.getAttribute('onerror')).toBeNull();
    const link = within(content).getByRole('link', { name: 'terms' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByTestId('promo-back').getAttribute('href')).toBe('/promotions');
  });

  it('says a promotion that is not (or no longer) there was not found', async () => {
    show(<PromoDetailPage />, '/promoDetail?id=999');
    expect((await screen.findByTestId('promo-missing')).textContent).toContain('Promotion not found');
    cleanup();
    show(<PromoDetailPage />, '/promoDetail');
    expect(await screen.findByTestId('promo-missing')).toBeTruthy();
  });

  it('is translated (Bangla)', async () => {
    await changeLanguage('bn');
    try {
      renderApp(<PromoDetailPage />, {
        route: '/promoDetail?id=2',
        language: 'bn',
        status: makeStatus(),
        announcements: makeAnnouncements({ promotion: PROMOTIONS }),
      });
      expect((await screen.findByTestId('promo-category')).textContent).toBe('রিবেট');
      expect(screen.getByTestId('promo-back').textContent).toContain('সব প্রোমোশন');
    } finally {
      await changeLanguage('en');
    }
  });
});
