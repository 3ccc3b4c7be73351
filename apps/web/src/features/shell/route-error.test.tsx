import { cleanup, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChunkTimeoutError, withTimeout } from '../../shared/chunk';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { RouteErrorBoundary } from './route-error';

/** A page whose chunk failed to load, as the router's page loader marks it (app/router.tsx). */
const FailedPage = ({ load }: { load: Promise<unknown> }) => {
  use(load);
  return <p>page</p>;
};

const renderFailing = (error: Error) => {
  const load = Object.assign(Promise.reject(error), { status: 'rejected', reason: error });
  load.catch(() => undefined);
  return render(
    <Suspense fallback={null}>
      <RouteErrorBoundary resetKey="/">
        <FailedPage load={load} />
      </RouteErrorBoundary>
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
