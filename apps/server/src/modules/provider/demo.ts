import { createHash } from 'node:crypto';

/**
 * The demo brand's third-party vendors, played by the built-in vendor simulator
 * (tools/vendor-sim): one of each non-RNG kind. Their secrets are derived from a public phrase,
 * so the simulator started on its own (`npm run vendor-sim`) can sign for them: demo mode only.
 * A production database never gets these rows; the operator sets each vendor's secret.
 */
export const DEMO_PROVIDER_VENDORS = ['EVO', 'SEXY', 'KM', 'SABA'] as const;

export const demoVendorSecret = (merchantCode: string, vendorCode: string) =>
  createHash('sha256').update(`khela-demo-vendor:${merchantCode}:${vendorCode}`, 'utf8').digest('hex');
