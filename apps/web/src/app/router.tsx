import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../features/shell/loading-screen';
import { RouteError } from '../features/shell/route-error';
import { i18next, i18nReady } from '../shared/i18n';
import { withTimeout } from './lazy';
import { RootLayout } from './root-layout';
import { PAGE_ROUTES, type PageGroup } from './route-table';

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

/**
 * The locale files a page group's first render reads, fetched together with its chunk: a page
 * that asked for them only while rendering would suspend once more after its chunk arrived, and
 * React holds each Suspense reveal for a while after a fallback (first paint of /rng).
 */
const GROUP_NAMESPACES: Partial<Record<PageGroup, string[]>> = {
  egame: ['lobby'],
  elott: ['lobby'],
  lottery: ['lobby'],
  game: ['lobby', 'game'],
  help: ['help'],
  download: ['download'],
};

const namespacesOf = (group: PageGroup) => {
  const wanted = GROUP_NAMESPACES[group];
  if (!wanted) return Promise.resolve();
  // A failed locale file is not the page's failure: the component asks again (and suspends).
  return i18nReady.then(() => i18next.loadNamespaces(wanted)).catch(() => undefined);
};

const pageRoutes: RouteObject[] = PAGE_ROUTES.flatMap((route) =>
  route.paths.map((path) => ({
    path,
    // The slot lobby draws its banner area itself, with the jackpot counter on it (rng-lobby.tsx).
    handle: {
      frame: route.page === 'rng' ? { ...route.frame, banner: null } : route.frame,
      page: route.page,
    },
    lazy: async () => {
      const [module] = await Promise.all([withTimeout(loaders[route.group])(), namespacesOf(route.group)]);
      const Component = module.pages[route.page];
      if (!Component) throw new Error(`page ${route.page} missing from group ${route.group}`);
      return { Component };
    },
  })),
);

/** Unknown paths keep the home frame (header, footer, side menu) but no banner above the message. */
const NOT_FOUND_FRAME = { ...PAGE_ROUTES[0]!.frame, banner: null };

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk arrives (instead of nothing).
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      ...pageRoutes,
      {
        path: '*',
        handle: { frame: NOT_FOUND_FRAME, page: 'notFound' },
        lazy: async () => {
          const module = await withTimeout(() => import('../features/shell/not-found-page'))();
          return { Component: module.NotFoundPage };
        },
      },
    ],
  },
]);
