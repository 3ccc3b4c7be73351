/**
 * THE FEATURE REGISTRY OF THE BACK OFFICE — adding a screen is adding a folder.
 *
 * Recipe (e.g. H6's finance screens):
 * 1. Create `src/features/finance/index.ts` exporting a `BoFeature` (see `./types.ts`):
 *      import { Wallet } from 'lucide-react';
 *      import type { BoFeature } from '../types';
 *      export const financeFeature: BoFeature = {
 *        id: 'finance',                                   // = i18n namespace and URL segment
 *        nav: { labelKey: 'nav', icon: Wallet, permission: 'cashier.queue', order: 40 },
 *        routes: [
 *          { path: 'finance', lazy: () => import('./queue-page').then((m) => ({ Component: m.QueuePage })) },
 *          { path: 'finance/:id', lazy: () => import('./detail-page').then((m) => ({ Component: m.DetailPage })) },
 *        ],
 *      };
 *    Keep `index.ts` tiny (no page imports): pages are lazy chunks.
 * 2. Add the texts: `src/locales/{en,bn,hi}/finance.json` with at least `{ "nav": "…" }`;
 *    in pages `const { t } = useTranslation('finance')`. The locale parity test
 *    (`test/locales.test.ts`) checks the three languages have the same keys.
 * 3. Add ONE import and ONE array entry below (keep the list sorted by nav order).
 * 4. Call the API with `callBo('<routeName>', { query, body })` (routes of `backofficeRoutes`,
 *    `packages/contract/src/routes.ts`) or, for a module's other back-office routes,
 *    `requestBo<Value>(endpoints.<name>, { query, body })` from `src/shared/api.ts`.
 *    Lists use `useListState` + `DataTable` + `CsvButton` from `src/shared/ui/table.tsx`;
 *    actions use `useAction` (translated success/error toasts, pending state) and
 *    `confirmAction` for anything destructive; the merchant being edited is `useMerchant()`;
 *    permission checks in the UI use `useCan()` (the server is the authority).
 * 5. Use the theme tokens (`bg-surface`, `text-muted`, `border-line`, `bg-accent` …) so light and
 *    dark both work, and check the screen at 390 px and 1440 px.
 */
import { accountFeature } from './account';
import { agencyFeature } from './agency';
import { auditFeature } from './audit';
import { contentFeature } from './content';
import { dashboardFeature } from './dashboard';
import { financeFeature } from './finance';
import { gamesFeature } from './games';
import { limitsFeature } from './limits';
import { lotteryFeature } from './lottery';
import { membersFeature } from './members';
import { promotionsFeature } from './promotions';
import { protectionFeature } from './protection';
import { settingsFeature } from './settings';
import { sportsbookFeature } from './sportsbook';
import { staffFeature } from './staff';
import { supportFeature } from './support';
import type { BoFeature } from './types';

export type { BoFeature } from './types';

export const FEATURES: BoFeature[] = [
  dashboardFeature,
  membersFeature,
  supportFeature,
  financeFeature,
  limitsFeature,
  gamesFeature,
  lotteryFeature,
  sportsbookFeature,
  protectionFeature,
  agencyFeature,
  promotionsFeature,
  settingsFeature,
  contentFeature,
  auditFeature,
  staffFeature,
  accountFeature,
];

/** The features in nav order. */
export const navFeatures = () => [...FEATURES].sort((a, b) => (a.nav.order ?? 100) - (b.nav.order ?? 100));
