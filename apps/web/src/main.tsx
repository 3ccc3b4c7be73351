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
import { systemStatusQuery } from './shared/state/site';
import { readSession, SESSION_KEYS } from './shared/state/storage';
// Self-hosted Bangla and Hindi faces (only the scripts a page shows are downloaded: unicode-range).
import '@fontsource-variable/noto-sans-bengali';
import '@fontsource-variable/noto-sans-devanagari';
import './styles.css';

performance.mark('khela:main');
// The page's chunk and locale files, at once (the routes render the loading screen until they are in).
preloadPage(window.location.pathname);
void i18nReady.then(() => performance.mark('khela:i18n'));
// Every page needs the permission call before it can show anything: ask now, while the route's
// chunks and the locale files load, instead of after they have.
const statusAsked = queryClient
  .prefetchQuery(systemStatusQuery(initialLanguage, readSession(SESSION_KEYS.merchant)))
  .then(() => performance.mark('khela:status'));
// The slot lobby's first page and vendors, in parallel with the permission call (a small chunk).
if (window.location.pathname === '/rng') {
  importChunk(() => import('./features/lobby/rng-prefetch'))
    .then(({ prefetchRngFirstPage, prefetchRngVendors }) => {
      prefetchRngFirstPage();
      void statusAsked.then(prefetchRngVendors);
    })
    // Only a head start: the lobby asks for the same itself.
    .catch(() => undefined);
}
// The browser offers app installation once, early: keep the offer for the download page's button.
captureInstallPrompt();

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
