import { cashierRoutes } from './cashier/routes';
import { catalogueRoutes } from './catalogue/routes';
import { demoRoutes } from './demo/routes';
import { gamesRoutes } from './games/routes';
import { memberBoRoutes } from './identity/backoffice';
import { identityRoutes } from './identity/routes';
import { inboxBoRoutes } from './inbox/backoffice';
import { inboxRoutes } from './inbox/routes';
import { lotteryRoutes } from './lottery/routes';
import { protectionRoutes } from './protection/routes';
import { siteBoRoutes } from './site/backoffice';
import { siteRoutes } from './site/routes';
import { staffRoutes } from './staff/routes';
import { walletRoutes } from './wallet/routes';

/** Every player and system call of the product with its schemas, by name (server and OpenAPI). */
export const routes = {
  ...siteRoutes,
  ...identityRoutes,
  ...catalogueRoutes,
  ...walletRoutes,
  ...cashierRoutes,
  ...demoRoutes,
  ...gamesRoutes,
  ...inboxRoutes,
  ...lotteryRoutes,
  ...protectionRoutes,
};
export type Routes = typeof routes;

/**
 * The `/bo/api` routes the server's back-office routes file registers: staff sign-in and accounts,
 * site settings and content, members, support. The finance, risk, games and Google/Facebook
 * screens register their modules' own tables (`cashierBoRoutes`, `boGamesRoutes`, `identityBoRoutes`).
 */
export const backofficeRoutes = {
  ...staffRoutes,
  ...siteBoRoutes,
  ...memberBoRoutes,
  ...inboxBoRoutes,
};
