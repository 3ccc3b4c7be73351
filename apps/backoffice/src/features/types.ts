import type { LucideIcon } from 'lucide-react';
import type { RouteObject } from 'react-router';

/**
 * One screen group of the back office. `routes` are relative to `/bo/` (e.g. `members`,
 * `members/:id`) and should be lazy (`lazy: () => import('./page').then(...)`), so a feature's
 * code and texts load only when it is opened.
 */
export type BoFeature = {
  /** Also the i18n namespace of the feature: `src/locales/<lang>/<id>.json`. */
  id: string;
  nav: {
    /** Key in the feature's own namespace (`<id>:<labelKey>`), e.g. `nav`. */
    labelKey: string;
    icon: LucideIcon;
    /** Hidden from roles without it; `null`: every role. The server checks again on each call. */
    permission: string | null;
    /** Where the nav item points, relative to /bo/; defaults to the id. */
    path?: string;
    /** Position in the nav (lower first); defaults to 100. */
    order?: number;
  };
  routes: RouteObject[];
};
