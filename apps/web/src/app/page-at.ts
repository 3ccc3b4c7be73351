import { matchPath } from 'react-router';
import { type Frame, PAGE_ROUTES, type PageRoute } from './route-table';

/** A path's page and frame, as the router shows it: unknown paths are the not-found page. */
export type PageAt = { route: PageRoute | undefined; page: string; frame: Frame };

/** Unknown paths keep the home frame (header, footer, side menu) but no banner above the message. */
const NOT_FOUND_FRAME: Frame = { ...PAGE_ROUTES[0]!.frame, banner: null };

/**
 * The route table's entry for a path, matched as the router matches it (case-insensitive, a
 * trailing slash allowed). The slot lobby draws its banner area itself, with the jackpot counter
 * on it (rng-lobby.tsx), so its frame has none.
 */
export const pageAt = (pathname: string): PageAt => {
  if (last?.pathname === pathname) return last.at;
  const route = PAGE_ROUTES.find((r) => r.paths.some((path) => matchPath(path, pathname)));
  const at: PageAt = !route
    ? { route, page: 'notFound', frame: NOT_FOUND_FRAME }
    : {
        route,
        page: route.page,
        frame: route.page === 'rng' ? { ...route.frame, banner: null } : route.frame,
      };
  last = { pathname, at };
  return at;
};
/** The last answer: the layout, the page and the first-page gate all ask for the same path. */
let last: { pathname: string; at: PageAt } | undefined;
