import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { banner, makeAnnouncements, makeStatus } from '../../test/fixtures';
import { makeClient } from '../../test/render';
import { changeLanguage, i18nReady } from '../shared/i18n';
import { ANNOUNCEMENT_QUERY } from '../shared/state/site';
import { AppRoutes, preloadPage } from './router';

// Two page groups stand in for the real ones: one that loads, one whose chunk fails.
vi.mock('./pages/promo', () => ({
  pages: { promotions: () => <p data-testid="page-promotions">promotions</p> },
}));
vi.mock('./pages/joinus', () => {
  throw new Error('network');
});

let go: (path: string) => void = () => {};
const Navigator = () => {
  const navigate = useNavigate();
  go = (path) => navigate(path);
  return null;
};

const renderAt = (path: string) => {
  const client = makeClient();
  client.setQueryData(['system-status', 'en', ''], makeStatus());
  client.setQueryData(
    ['announcements', 'en', '', ANNOUNCEMENT_QUERY.execution],
    makeAnnouncements({ popup: [], banners: [banner(1, 'w_home'), banner(4, 'w_promotion')] }),
  );
  return render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <MemoryRouter initialEntries={[path]}>
          <Navigator />
          <AppRoutes />
        </MemoryRouter>
      </Suspense>
    </QueryClientProvider>,
  );
};

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

afterEach(cleanup);

// Each test renders the whole frame: room for a busy machine (see root-layout.test.tsx).
const FRAME_MS = 15_000;

describe('router', () => {
  it(
    "shows the loading screen until the page's chunk is in, then the page in its route's frame",
    async () => {
      const { container } = renderAt('/promotions');
      expect(container.querySelector('[role="status"][aria-busy="true"]')).not.toBeNull();
      expect(await screen.findByTestId('page-promotions', {}, { timeout: 5000 })).toBeTruthy();
      expect(container.querySelector('[data-page="promotions"]')).not.toBeNull();
      expect(screen.getByTestId('site-header')).toBeTruthy();
      expect((await screen.findByTestId('banner-carousel')).getAttribute('data-group')).toBe('w_promotion');
    },
    FRAME_MS,
  );

  it(
    'shows the not-found page inside the home frame, without a banner, for an unknown path',
    async () => {
      const { container } = renderAt('/no-such-page');
      expect(await screen.findByTestId('not-found-page', {}, { timeout: 5000 })).toBeTruthy();
      expect(container.querySelector('[data-page="notFound"]')).not.toBeNull();
      expect(screen.getByTestId('main-nav')).toBeTruthy();
      expect(screen.queryByTestId('banner-carousel')).toBeNull();
    },
    FRAME_MS,
  );

  it(
    'keeps the loading screen for the first page until the data it was preloaded with is in',
    async () => {
      let release: () => void = () => {};
      preloadPage('/promotions', new Promise<void>((resolve) => (release = resolve)));
      const { container } = renderAt('/promotions');
      // The chunk is in (the first test loaded it): only the data holds the page back.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(screen.queryByTestId('page-promotions')).toBeNull();
      expect(container.querySelector('[role="status"][aria-busy="true"]')).not.toBeNull();
      act(() => release());
      expect(await screen.findByTestId('page-promotions', {}, { timeout: 5000 })).toBeTruthy();
    },
    FRAME_MS,
  );

  it(
    "shows the error view when a page's chunk fails, and the next address again",
    async () => {
      renderAt('/join');
      expect(await screen.findByTestId('route-error', {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.queryByTestId('site-header')).toBeNull();
      act(() => go('/promotions'));
      expect(await screen.findByTestId('page-promotions', {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.queryByTestId('route-error')).toBeNull();
    },
    FRAME_MS,
  );
});
