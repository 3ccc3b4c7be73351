import { agencyEndpoints } from './agency/endpoints';
import { cashierEndpoints } from './cashier/endpoints';
import { catalogueEndpoints } from './catalogue/endpoints';
import { demoEndpoints } from './demo/endpoints';
import { gamesEndpoints } from './games/endpoints';
import { identityEndpoints } from './identity/endpoints';
import { inboxEndpoints } from './inbox/endpoints';
import { lotteryEndpoints } from './lottery/endpoints';
import { loyaltyEndpoints } from './loyalty/endpoints';
import { promotionsEndpoints } from './promotions/endpoints';
import { protectionEndpoints } from './protection/endpoints';
import { pvpEndpoints } from './pvp/endpoints';
import { siteEndpoints } from './site/endpoints';
import { sportsbookEndpoints } from './sportsbook/endpoints';
import { staffEndpoints } from './staff/endpoints';
import { supportEndpoints } from './support/endpoints';
import { tablesEndpoints } from './tables/endpoints';
import { walletEndpoints } from './wallet/endpoints';

export type { Endpoint, HttpMethod } from './core/endpoint';

/**
 * Every call's path, verb and gate, by name: the modules' `endpoints.ts` tables put together.
 * Zod-free, so the browser imports it; each module's `routes.ts` adds the schemas. A name is
 * unique across modules (the contract's tests check it).
 */
export const endpoints = {
  ...demoEndpoints,
  ...siteEndpoints,
  ...identityEndpoints,
  ...staffEndpoints,
  ...catalogueEndpoints,
  ...lotteryEndpoints,
  ...walletEndpoints,
  ...cashierEndpoints,
  ...gamesEndpoints,
  ...inboxEndpoints,
  ...protectionEndpoints,
  ...loyaltyEndpoints,
  ...agencyEndpoints,
  ...tablesEndpoints,
  ...pvpEndpoints,
  ...sportsbookEndpoints,
  ...promotionsEndpoints,
  ...supportEndpoints,
};

export type EndpointName = keyof typeof endpoints;

/**
 * The CSV exports of the member sub-lists and of a staff account's sessions under their former
 * table's name; they are in `endpoints` too.
 */
export const backofficeListEndpoints = {
  boMemberSessionsCsv: identityEndpoints.boMemberSessionsCsv,
  boMemberLoginsCsv: identityEndpoints.boMemberLoginsCsv,
  boMemberTrailCsv: identityEndpoints.boMemberTrailCsv,
  boStaffSessionsCsv: staffEndpoints.boStaffSessionsCsv,
} as const;
