import type { Announcements, SystemStatus } from '@khela/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MODALS } from '../src/app/modals';
import { shellParts } from '../src/app/shell-parts';
import { ShellPartsProvider } from '../src/features/shell/parts';
import { ANNOUNCEMENT_QUERY } from '../src/shared/state/site';
import { ModalHost } from '../src/shared/ui/modal-host';

/** Shows where the router is, so tests can assert navigation. */
const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
};

type Options = {
  route?: string;
  language?: string;
  status?: SystemStatus;
  announcements?: Announcements;
  client?: QueryClient;
};

export const makeClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });

/**
 * Renders inside the app's providers (query cache, router, modal host) with the status and
 * announcements answers already in the cache, so nothing goes to the network.
 */
export const renderApp = (ui: ReactNode, options: Options = {}) => {
  const { route = '/', language = 'en', status, announcements } = options;
  const client = options.client ?? makeClient();
  if (status) client.setQueryData(['system-status', language, ''], status);
  if (announcements)
    client.setQueryData(['announcements', language, '', ANNOUNCEMENT_QUERY.execution], announcements);
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <ModalHost components={MODALS}>
          <ShellPartsProvider parts={shellParts}>
            <Suspense fallback={null}>
              <Routes>
                <Route
                  path="*"
                  element={
                    <>
                      {ui}
                      <LocationProbe />
                    </>
                  }
                />
              </Routes>
            </Suspense>
          </ShellPartsProvider>
        </ModalHost>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
};
