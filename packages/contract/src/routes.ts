import { agencyRoutes } from './agency/routes';
import { cashierRoutes } from './cashier/routes';
import { catalogueRoutes } from './catalogue/routes';
import { demoRoutes } from './demo/routes';
import { gamesRoutes } from './games/routes';
import { memberBoRoutes } from './identity/backoffice';
import { identityRoutes } from './identity/routes';
import { inboxBoRoutes } from './inbox/backoffice';
import { inboxRoutes } from './inbox/routes';
import { lotteryRoutes } from './lottery/routes';
import { loyaltyRoutes } from './loyalty/routes';
import { promotionsRoutes } from './promotions/routes';
import { protectionRoutes } from './protection/routes';
import { pvpRoutes } from './pvp/routes';
import { siteBoRoutes } from './site/backoffice';
import { siteRoutes } from './site/routes';
import { sportsbookRoutes } from './sportsbook/routes';
import { staffRoutes } from './staff/routes';
import { supportBoRoutes } from './support/backoffice';
import { supportRoutes } from './support/routes';
import { tablesRoutes } from './tables/routes';
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
  ...loyaltyRoutes,
  ...agencyRoutes,
  ...tablesRoutes,
  ...pvpRoutes,
  ...sportsbookRoutes,
  ...promotionsRoutes,
  ...supportRoutes,
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
  ...supportBoRoutes,
};
