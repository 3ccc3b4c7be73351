import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { mountVendorSim } from '../../../../../tools/vendor-sim/sim';
import type { DB } from '../../db/schema';
import type { AdapterRegistry } from '../games';
import { createSeamlessAdapter, VENDOR_SIM_MOUNT } from './adapter';
import type { ProviderService } from './service';

/**
 * Registers a seamless-wallet launch adapter for every vendor code that has a provider
 * configuration (any merchant). A vendor configured later needs a restart to launch.
 */
export const registerVendorAdapters = async (
  db: Kysely<DB>,
  registry: AdapterRegistry,
  provider: ProviderService,
  options: { demo: boolean },
) => {
  const rows = await db
    .selectFrom('provider_vendor')
    .select('vendor_code')
    .distinct()
    .orderBy('vendor_code')
    .execute();
  for (const { vendor_code } of rows) {
    if (!registry.get(vendor_code)) registry.register(createSeamlessAdapter(vendor_code, provider, options));
  }
  // Each sweeper pass: vendor rounds idle for 24 h that have no round record of their own (the
  // games sweeper reaches the others through the adapter's `reconcile`), and expired sessions.
  registry.onSweep('provider', async () => {
    const closed = await provider.reconcileIdleRounds();
    await provider.purgeSessions();
    return closed;
  });
  return rows.map((r) => r.vendor_code);
};

/** This server's own address, for the mounted simulator's callbacks (it calls back over HTTP). */
const selfUrl = (app: FastifyInstance) => {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 8080;
  return `http://127.0.0.1:${port}`;
};

/**
 * Demo mode: the vendor simulator's game page under `/vendor-sim/` (the launch URL of vendors
 * without a `launch_url`). It signs with the configured secrets and calls this server's
 * `/provider/...` API over HTTP, exactly as a separate vendor would.
 */
export const mountDemoVendorSim = (app: FastifyInstance, provider: ProviderService) =>
  mountVendorSim(app, {
    mount: VENDOR_SIM_MOUNT,
    secretOf: async (merchant, vendor) => (await provider.vendorConfig(merchant, vendor))?.secret,
    callback: { baseUrl: () => selfUrl(app) },
  });
