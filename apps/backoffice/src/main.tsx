import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { setSessionEndHandler } from './shared/api';
import { i18nReady } from './shared/i18n';
import { clearToken } from './shared/session';
import { PageLoading } from './shared/ui/page-loading';
// Self-hosted Bangla and Hindi faces (only the scripts a page shows are downloaded: unicode-range).
import '@fontsource-variable/noto-sans-bengali';
import '@fontsource-variable/noto-sans-devanagari';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // A refusal (403, 404, 401) will not change on a retry; a dropped connection may.
      retry: (count, error) => count < 1 && (error as { status?: number }).status === 0,
    },
  },
});

// An expired, revoked or disabled session: back to the sign-in page, saying why, then returning here.
setSessionEndHandler(() => {
  clearToken();
  queryClient.clear();
  const here = window.location.pathname.replace(/^\/bo/, '') + window.location.search;
  void router.navigate(`/login?expired=1&next=${encodeURIComponent(here || '/')}`, { replace: true });
});

void i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoading />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
