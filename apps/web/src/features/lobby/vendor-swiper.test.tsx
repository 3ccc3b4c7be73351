import type { GameCard } from '@khela/contract';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { markFirstPaint } from './marks';
import { SWIPER_ARROWS_AFTER, showSwiperArrows, VendorSwiper } from './vendor-swiper';

const vendor = (n: number): GameCard => ({
  vassalage: `V${n}`,
  vendor: `V${n}`,
  gameType: 'RNG',
  displayName: `Vendor ${n}`,
  isHot: false,
  accountTypeId: 100 + n,
  accountTypeName: `V${n}`,
  isGame: 'VASSALAGE',
  gameCode: null,
  defaultPlayType: null,
  allowDemo: false,
  gameCount: 10,
  lagerIcon: null,
  smallIcon: null,
  mobileSmallIcon: null,
  h5Icon: null,
});
const vendors = (count: number) => Array.from({ length: count }, (_, i) => vendor(i + 1));

const renderSwiper = (count: number) =>
  renderApp(<VendorSwiper vendors={vendors(count)} selected="" onSelect={() => {}} />, {
    status: makeStatus(),
  });

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});
afterEach(() => cleanup());

describe('vendor swiper arrows (spec §9: arrows past 7 items)', () => {
  it('the rule: none up to 7 vendors, arrows from 8', () => {
    expect(SWIPER_ARROWS_AFTER).toBe(7);
    expect(showSwiperArrows(0)).toBe(false);
    expect(showSwiperArrows(7)).toBe(false);
    expect(showSwiperArrows(8)).toBe(true);
  });

  for (const painted of [false, true]) {
    const when = painted ? 'once the first games are painted' : 'before the first games are painted';
    it(`7 vendors show no arrows, 8 show both, ${when}`, async () => {
      if (painted) act(() => markFirstPaint());
      renderSwiper(7);
      // 'All' plus one tile per vendor.
      // The lobby's texts load lazily: the strip shows once they are in.
      expect(await screen.findAllByTestId('vendor-tab')).toHaveLength(8);
      expect(screen.getByTestId('vendor-swiper').dataset.arrows).toBe('false');
      expect(screen.queryByTestId('swiper-prev')).toBeNull();
      expect(screen.queryByTestId('swiper-next')).toBeNull();
      cleanup();

      renderSwiper(8);
      expect(await screen.findAllByTestId('vendor-tab')).toHaveLength(9);
      expect(screen.getByTestId('vendor-swiper').dataset.arrows).toBe('true');
      expect(screen.getByTestId('swiper-prev').getAttribute('aria-label')).toBeTruthy();
      expect(screen.getByTestId('swiper-next').getAttribute('aria-label')).toBeTruthy();
    });
  }
});
