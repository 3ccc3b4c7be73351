import type { SystemStatus } from '@khela/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAnnouncements, makeStatus } from '../../test/fixtures';
import { makeClient } from '../../test/render';
import { changeLanguage, i18nReady } from '../shared/i18n';
import { ANNOUNCEMENT_QUERY } from '../shared/state/site';
import { RootLayout } from './root-layout';

const renderAt = (path: string, status: SystemStatus) => {
  const client = makeClient();
  client.setQueryData(['system-status', 'en', ''], status);
  client.setQueryData(
    ['announcements', 'en', '', ANNOUNCEMENT_QUERY.execution],
    makeAnnouncements({ popup: [] }),
  );
  // The layout takes each page's frame from the route table (route-table.ts, pageAt).
  return render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<RootLayout />}>
              <Route path="/" element={<p data-testid="page-home">home</p>} />
              <Route path="/seamless" element={<p>seamless</p>} />
              <Route path="/helpmc" element={<p>helpmc</p>} />
              {['/rng', '/login', '/register', '/register.html', '/download'].map((route) => (
                <Route key={route} path={route} element={<p data-testid="guarded-page">{route}</p>} />
              ))}
            </Route>
          </Routes>
        </MemoryRouter>
      </Suspense>
    </QueryClientProvider>,
  );
};

/*
 * The frame's lazy parts (footer, side menu, banner carousel, the refusal handler) are imported
 * once before the tests: the first import of each module graph is Vite transforming it, seconds
 * on a busy machine, which the first test to render them used to pay within its 5 s. The tests
 * still render them through the layout's own lazy components.
 */
beforeAll(async () => {
  await Promise.all([
    i18nReady.then(() => changeLanguage('en')),
    import('../features/shell/site-footer'),
    import('../features/shell/side-menu'),
    import('../shared/banner/banner-carousel'),
    import('../features/auth/refusals'),
  ]);
}, 60_000);

beforeEach(() => {
  sessionStorage.clear();
  document.documentElement.style.removeProperty('--brand');
});

afterEach(cleanup);

/*
 * Tests that render the whole frame (header, navigation, banner, and the footer and side menu
 * revealed after it) several times: about a second each on an idle machine, four to six seconds on
 * a busy two-core one, where other test runs share the cores. Room for that, not a hang.
 */
const FULL_FRAME_MS = 15_000;

describe('root layout and app frame', () => {
  it(
    'frames a full page: header with navigation, banner, footer with the licence line, side menu, data-page',
    async () => {
      const { container } = renderAt('/', makeStatus());
      await screen.findByTestId('page-home', {}, { timeout: 5000 });
      expect(container.querySelector('[data-page="home"]')).not.toBeNull();
      expect(screen.getByTestId('site-header')).toBeTruthy();
      expect(screen.getByTestId('main-nav')).toBeTruthy();
      expect(
        (await screen.findByTestId('banner-carousel', {}, { timeout: 5000 })).getAttribute('data-group'),
      ).toBe('w_home');
      // Footer and side menu are chunks loaded after the first paint: slow on a busy machine.
      expect(await screen.findByTestId('side-menu', {}, { timeout: 5000 })).toBeTruthy();
      const footer = await screen.findByTestId('site-footer', {}, { timeout: 5000 });
      const licence = within(footer).getByTestId('licence-line');
      expect(licence.textContent).toContain(
        'Malta Gaming Authority, British Virgin Islands FSC, and PAGCOR Philippines',
      );
      // Looked for in the footer: a role query over the whole frame (header, navigation, side menu)
      // computes every link's accessible name, over a second and a half on a busy machine.
      expect(within(footer).getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
        '/help#terms',
      );
    },
    FULL_FRAME_MS,
  );

  it('writes the brand colour from the config into --brand', async () => {
    renderAt('/', makeStatus());
    await screen.findByTestId('page-home');
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#2563eb');
    expect(document.documentElement.style.getPropertyValue('--brand-fg')).toBe('#ffffff');
  });

  it('hides the navigation on /seamless and the whole header on /helpmc', async () => {
    renderAt('/seamless', makeStatus());
    await screen.findByText('seamless');
    expect(screen.getByTestId('site-header')).toBeTruthy();
    expect(screen.queryByTestId('main-nav')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('site-footer')).toBeNull();
    cleanup();

    renderAt('/helpmc', makeStatus());
    await screen.findByText('helpmc');
    expect(screen.queryByTestId('site-header')).toBeNull();
    expect(screen.queryByTestId('side-menu')).toBeNull();
  });

  it('shows the maintenance page for status 1, with its end time and a service button', async () => {
    const status = makeStatus({ status: 1 });
    status.maintenance = {
      enabled: true,
      title: 'Planned upgrade',
      endTime: Date.UTC(2030, 0, 1, 3, 0),
      info: 'Back soon.',
    };
    renderAt('/', status);
    const page = await screen.findByTestId('maintenance-page');
    expect(page.textContent).toContain('Planned upgrade');
    expect(page.textContent).toContain('Back soon.');
    expect(within(page).getByTestId('maintenance-end').getAttribute('datetime')).toBe(
      '2030-01-01T03:00:00.000Z',
    );
    expect(within(page).getByTestId('system-service-button').textContent).toContain(
      'Contact customer service',
    );
    expect(screen.queryByTestId('site-header')).toBeNull();
  });

  it('renders /helpmc, the window the service button opens, in maintenance and when region-blocked', async () => {
    for (const code of [1, 2] as const) {
      const status = makeStatus({ status: code });
      status.maintenance = { enabled: code === 1, title: 'Planned upgrade', endTime: null, info: '' };
      renderAt('/helpmc', status);
      expect(await screen.findByText('helpmc')).toBeTruthy();
      expect(screen.queryByTestId('maintenance-page')).toBeNull();
      expect(screen.queryByTestId('region-blocked-page')).toBeNull();
      expect(screen.queryByTestId('site-header')).toBeNull();
      cleanup();
      // Every other route still shows the status screen.
      renderAt('/', status);
      expect(await screen.findByTestId(code === 1 ? 'maintenance-page' : 'region-blocked-page')).toBeTruthy();
      expect(screen.queryByTestId('page-home')).toBeNull();
      cleanup();
    }
  });

  it(
    'with loginedToHomePage on, sends a visitor without a session to /login and leaves the open pages open',
    async () => {
      const status = makeStatus();
      status.info.brand.loginedToHomePage = true;
      renderAt('/rng', status);
      expect((await screen.findByTestId('guarded-page')).textContent).toBe('/login');
      cleanup();
      for (const open of ['/login', '/register', '/register.html', '/download']) {
        renderAt(open, status);
        expect((await screen.findByTestId('guarded-page')).textContent).toBe(open);
        cleanup();
      }
      renderAt('/helpmc', status);
      expect(await screen.findByText('helpmc')).toBeTruthy();
      cleanup();
      // Signed in, every page opens.
      sessionStorage.setItem('token', 'a-session-token');
      renderAt('/rng', status);
      expect((await screen.findByTestId('guarded-page')).textContent).toBe('/rng');
    },
    FULL_FRAME_MS,
  );

  it('with loginedToHomePage off, lets a visitor open any page', async () => {
    renderAt('/rng', makeStatus());
    expect((await screen.findByTestId('guarded-page')).textContent).toBe('/rng');
  });

  it('shows the region-blocked page with the visitor IP for status 2', async () => {
    renderAt('/', makeStatus({ status: 2 }));
    const page = await screen.findByTestId('region-blocked-page');
    expect(within(page).getByTestId('visitor-ip').textContent).toBe('103.4.145.1');
    expect(within(page).getByRole('heading', { name: 'Access restricted' })).toBeTruthy();
    expect(document.querySelector('[data-page]')).toBeNull();
  });
});

describe('licence line', () => {
  it('names the known regulators in the page language and keeps other licences as written', async () => {
    await changeLanguage('bn');
    try {
      const status = makeStatus();
      status.info.brand.licences = ['Malta Gaming Authority', 'PAGCOR', 'Curaçao eGaming 8048/JAZ'];
      const client = makeClient();
      client.setQueryData(['system-status', 'bn', ''], status);
      client.setQueryData(
        ['announcements', 'bn', '', ANNOUNCEMENT_QUERY.execution],
        makeAnnouncements({ popup: [] }),
      );
      render(
        <QueryClientProvider client={client}>
          <Suspense fallback={null}>
            <MemoryRouter initialEntries={['/']}>
              <Routes>
                <Route element={<RootLayout />}>
                  <Route path="/" element={<p>home</p>} />
                </Route>
              </Routes>
            </MemoryRouter>
          </Suspense>
        </QueryClientProvider>,
      );
      const line = await screen.findByTestId('licence-line', {}, { timeout: 5000 });
      expect(line.textContent).toContain('মাল্টা গেমিং অথরিটি');
      expect(line.textContent).toContain('প্যাগকর ফিলিপাইন');
      expect(line.textContent).toContain('Curaçao eGaming 8048/JAZ');
      expect(line.textContent).not.toContain('Malta');
    } finally {
      await changeLanguage('en');
    }
  });
});
