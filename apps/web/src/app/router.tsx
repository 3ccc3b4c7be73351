import { type ComponentType, type ReactNode, use, useEffect, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { LoadingScreen } from '../features/shell/loading-screen';
import { RouteErrorBoundary } from '../features/shell/route-error';
import { i18next, i18nReady, prefetchNamespaces } from '../shared/i18n';
import { withTimeout } from './lazy';
import { type PageAt, pageAt } from './page-at';
import { RootLayout } from './root-layout';
import { GROUP_NAMESPACES, PAGE_ROUTES, type PageGroup, type PageRoute } from './route-table';

/*
 * The router is React Router's declarative one (`<BrowserRouter>`, `<Routes>`): the data router
 * (`createBrowserRouter`) weighs about 15 KB gzip more in the first download and the site uses
 * none of its loaders, actions or fetchers. What the data router did for us is done here: each
 * page group is a lazy chunk loaded with its locale files, the first page shows whole (the
 * loading screen until its chunk is in, never a spinner in the frame first), a failed or stalled
 * chunk shows the translated error view (RouteErrorBoundary), and navigations are transitions
 * (BrowserRouter's own), so the old page stays until the next one can show.
 */

type PageModule = { pages: Record<string, ComponentType> };

/** One import per page group, so the bundler emits one chunk per group (spec §2 lazy groups). */
const loaders: Record<PageGroup, () => Promise<PageModule>> = {
  index: () => import('./pages/index'),
  download: () => import('./pages/download'),
  Vip: () => import('./pages/Vip'),
  byIframe: () => import('./pages/byIframe'),
  egame: () => import('./pages/egame'),
  elott: () => import('./pages/elott'),
  fbSports: () => import('./pages/fbSports'),
  game: () => import('./pages/game'),
  help: () => import('./pages/help'),
  joinus: () => import('./pages/joinus'),
  lottery: () => import('./pages/lottery'),
  pointMall: () => import('./pages/pointMall'),
  promo: () => import('./pages/promo'),
  promoDetail: () => import('./pages/promoDetail'),
  seamless: () => import('./pages/seamless'),
  verify: () => import('./pages/verify'),
  vnlottery: () => import('./pages/vnlottery'),
};

const namespacesOf = (group: PageGroup) => {
  const wanted = GROUP_NAMESPACES[group];
  if (!wanted) return Promise.resolve();
  // The files at once, alongside the first ones (common, shell) rather than after them.
  prefetchNamespaces(wanted);
  // A failed locale file is not the page's failure: the component asks again (and suspends).
  return i18nReady.then(() => i18next.loadNamespaces(wanted)).catch(() => undefined);
};

/**
 * A load React's `use` reads without suspending once it has settled: the status fields are the
 * ones React itself puts on the promises it is given.
 */
type Loading<T> = Promise<T> & { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const track = <T,>(promise: Promise<T>, onFailure: () => void): Loading<T> => {
  const loading = promise as Loading<T>;
  loading.status = 'pending';
  loading.then(
    (value) => {
      loading.status = 'fulfilled';
      loading.value = value;
    },
    (reason: unknown) => {
      loading.status = 'rejected';
      loading.reason = reason;
      onFailure();
    },
  );
  return loading;
};

const loadRoutePage = async (route: PageRoute): Promise<ComponentType> => {
  const [module] = await Promise.all([withTimeout(loaders[route.group])(), namespacesOf(route.group)]);
  const Component = module.pages[route.page];
  if (!Component) throw new Error(`page ${route.page} missing from group ${route.group}`);
  return Component;
};

const loadNotFound = () =>
  withTimeout(() => import('../features/shell/not-found-page'))().then((module) => module.NotFoundPage);

/** Page components by group and page: each loaded once; a failed load is tried again on the next visit. */
const loaded = new Map<string, Loading<ComponentType>>();

const loadPage = (at: PageAt) => {
  const key = at.route ? `${at.route.group}/${at.page}` : at.page;
  let loading = loaded.get(key);
  if (!loading) {
    const route = at.route;
    loading = track(route ? loadRoutePage(route) : loadNotFound(), () => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
};

/** What the first page waits for besides its chunk (preloadPage). */
let firstPageData: Promise<unknown> = Promise.resolve();
let firstPageDataIn = true;

/**
 * Starts loading a path's page (main.tsx: before the first render, with the initial files).
 * `data`: what that page shows first, asked for meanwhile; the first page waits for it too, as a
 * route loader would, so it is laid out once, with its content, not as placeholders first
 * (main.tsx bounds the wait).
 */
export const preloadPage = (pathname: string, data?: Promise<unknown>) => {
  loadPage(pageAt(pathname));
  if (!data) return;
  firstPageDataIn = false;
  firstPageData = data.then(
    () => {
      firstPageDataIn = true;
    },
    () => {
      firstPageDataIn = true;
    },
  );
};

/** The page at the address: suspends (a transition keeps the old page meanwhile) until its chunk is in. */
const Page = () => {
  const { pathname } = useLocation();
  const Component = use(loadPage(pageAt(pathname)) as Promise<ComponentType>);
  return <Component />;
};

/**
 * The loading screen until the first page's chunk (and the data preloadPage was given) has
 * arrived, like the one RootLayout shows until the status call answers: the first page then
 * shows whole, without a spinner in the frame first (whose reveal React would hold back a
 * while). Later pages load within the frame.
 */
const FirstPage = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const loading = loadPage(pageAt(pathname));
  const [shown, setShown] = useState(loading.status !== 'pending' && firstPageDataIn);
  useEffect(() => {
    if (shown) return;
    let live = true;
    void Promise.allSettled([loading, firstPageData]).then(() => {
      if (live) setShown(true);
    });
    return () => {
      live = false;
    };
  }, [shown, loading]);
  return shown ? children : <LoadingScreen />;
};

const page = <Page />;

/** Every route of the route table inside the root layout, and the not-found page for the rest. */
export const AppRoutes = () => {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        <Route
          element={
            <FirstPage>
              <RootLayout />
            </FirstPage>
          }
        >
          {PAGE_ROUTES.flatMap((route) =>
            route.paths.map((path) => <Route key={path} path={path} element={page} />),
          )}
          <Route path="*" element={page} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
};
