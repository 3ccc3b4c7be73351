import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChunkTimeoutError, withTimeout } from '../../app/lazy';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { RouteError } from './route-error';

const renderFailing = (error: Error) => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        lazy: async () => {
          throw error;
        },
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>,
  );
};

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

afterEach(cleanup);

describe('route error', () => {
  it('says the page load timed out, with a retry, when a chunk exceeds the time-out', async () => {
    renderFailing(new ChunkTimeoutError());
    expect(await screen.findByRole('heading', { name: 'Page load timed out' })).toBeTruthy();
    expect(screen.getByText(/took too long to load/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says the page could not be loaded for other failures', async () => {
    renderFailing(new Error('network'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('turns a chunk that never arrives into a ChunkTimeoutError', async () => {
    const never = () => new Promise<never>(() => {});
    await expect(withTimeout(never, 10)()).rejects.toBeInstanceOf(ChunkTimeoutError);
  });
});
