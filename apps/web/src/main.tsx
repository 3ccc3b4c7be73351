import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadPage } from './app/router';
import { captureInstallPrompt } from './features/download/install-prompt';
import { LoadingScreen } from './features/shell/loading-screen';
import { queryClient } from './shared/api/query-client';
import { importChunk } from './shared/chunk';
import { i18nReady, initialLanguage } from './shared/i18n';
import { takeFirstData } from './shared/state/first-data';
import { rememberMerchant, systemStatusQuery } from './shared/state/site';
import { readSession, SESSION_KEYS } from './shared/state/storage';
// Self-hosted Bangla and Hindi faces (only the scripts a page shows are downloaded: unicode-range).
import '@fontsource-variable/noto-sans-bengali';
import '@fontsource-variable/noto-sans-devanagari';
import './styles.css';

/** How long the first page may wait for its first data (the slot lobby's first games) after start. */
const FIRST_DATA_WAIT_MS = 1500;

performance.mark('khela:main');
void i18nReady.then(() => performance.mark('khela:i18n'));
// The answers the server wrote into the page (the permission call's, /rng's first games and vendors) when
// they are the ones this start would ask for: the page need not wait for those calls.
const savedMerchant = readSession(SESSION_KEYS.merchant);
const written = takeFirstData(initialLanguage, savedMerchant);
if (written) {
  queryClient.setQueryData(systemStatusQuery(initialLanguage, savedMerchant).queryKey, written.status);
  rememberMerchant(written.status);
}
// Every page needs the permission call before it can show anything: ask now, while the route's
// chunks and the locale files load, instead of after they have.
const statusAsked = queryClient
  .prefetchQuery(systemStatusQuery(initialLanguage, savedMerchant))
  .then(() => performance.mark('khela:status'));
// The slot lobby's first page and vendors, in parallel with the permission call (a small chunk).
const firstData =
  window.location.pathname === '/rng'
    ? importChunk(() => import('./features/lobby/rng-prefetch')).then(
        ({ prefetchRngFirstPage, prefetchRngVendors }) =>
          Promise.all([
            prefetchRngFirstPage(undefined, written?.rng),
            statusAsked.then(() => prefetchRngVendors(written?.vendors)),
          ]),
      )
    : undefined;
// The page's chunk and locale files, at once; the first page shows when they are in, and its
// first data (above) too, for at most FIRST_DATA_WAIT_MS: a slow answer shows placeholders instead.
preloadPage(
  window.location.pathname,
  firstData && Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]),
);
// The browser offers app installation once, early: keep the offer for the download page's button.
captureInstallPrompt();
// The service worker (ADR 044): the cached shell and the offline page; registered after the
// page has loaded so it never competes with the first paint.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<LoadingScreen />}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
