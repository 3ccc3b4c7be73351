/**
 * The system feature's public face: what app/ (the composition root) and the tests may use.
 * Maintenance and region-blocked pages.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { MaintenancePage } from './maintenance-page';
export { RegionBlockedPage } from './region-blocked-page';
