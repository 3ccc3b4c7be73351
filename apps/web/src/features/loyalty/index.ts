/**
 * Loyalty in the web app (issue 19, ADR 037): the `/pointMall` and `/vip` pages (app/pages), and
 * the member centre's mission activity and manual rebate pages (handed in by app/modals.ts).
 */
export { ManualRebatePage } from './manual-rebate';
export { MissionsPage } from './missions';
export { PointMallPage } from './point-mall';
export { VipPage } from './vip-page';
