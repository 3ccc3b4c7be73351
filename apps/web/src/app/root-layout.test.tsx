import type { SystemStatus } from '@khela/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAnnouncements, makeStatus } from '../../test/fixtures';
import { makeClient } from '../../test/render';
import { changeLanguage, i18nReady } from '../shared/i18n';
import { ANNOUNCEMENT_QUERY } from '../shared/state/site';
import { RootLayout } from './root-layout';
import { type Frame, PAGE_ROUTES } from './route-table';

const frameOf = (page: string): Frame => PAGE_ROUTES.find((route) => route.page === page)!.frame;

const renderAt = (path: string, status: SystemStatus) => {
  const client = makeClient();
  client.setQueryData(['system-status', 'en', ''], status);
  client.setQueryData(
    ['announcements', 'en', '', ANNOUNCEMENT_QUERY.execution],
    makeAnnouncements({ popup: [] }),
  );
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            path: '/',
            handle: { frame: frameOf('home'), page: 'home' },
            element: <p data-testid="page-home">home</p>,
          },
          {
            path: '/seamless',
            handle: { frame: frameOf('seamless'), page: 'seamless' },
            element: <p>seamless</p>,
          },
          { path: '/helpmc', handle: { frame: frameOf('helpmc'), page: 'helpmc' }, element: <p>helpmc</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
};

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

beforeEach(() => {
  sessionStorage.clear();
  document.documentElement.style.removeProperty('--brand');
});

afterEach(cleanup);

describe('root layout and app frame', () => {
  it('frames a full page: header with navigation, banner, footer with the licence line, side menu, data-page', async () => {
    const { container } = renderAt('/', makeStatus());
    await screen.findByTestId('page-home');
    expect(container.querySelector('[data-page="home"]')).not.toBeNull();
    expect(screen.getByTestId('site-header')).toBeTruthy();
    expect(screen.getByTestId('main-nav')).toBeTruthy();
    expect((await screen.findByTestId('banner-carousel')).getAttribute('data-group')).toBe('w_home');
    expect(await screen.findByTestId('side-menu')).toBeTruthy();
    const licence = within(await screen.findByTestId('site-footer')).getByTestId('licence-line');
    expect(licence.textContent).toContain(
      'Malta Gaming Authority, British Virgin Islands FSC, and PAGCOR Philippines',
    );
    expect(screen.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
      '/help#terms',
    );
  });

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

  it('shows the region-blocked page with the visitor IP for status 2', async () => {
    renderAt('/', makeStatus({ status: 2 }));
    const page = await screen.findByTestId('region-blocked-page');
    expect(within(page).getByTestId('visitor-ip').textContent).toBe('103.4.145.1');
    expect(within(page).getByRole('heading', { name: 'Access restricted' })).toBeTruthy();
    expect(document.querySelector('[data-page]')).toBeNull();
  });
});
