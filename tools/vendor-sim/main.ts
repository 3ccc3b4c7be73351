/**
 * `npm run vendor-sim`: the vendor simulator as its own process (docs/decisions/010-provider-api.md).
 *
 *   VENDOR_SIM_PORT=8090 KHELA_URL=http://127.0.0.1:8080 npm run vendor-sim
 *
 * Serves the game page at `http://localhost:8090/play?...` and calls the casino's
 * `/provider/<vendor>/...` API at KHELA_URL. Secrets: `VENDOR_SIM_SECRETS` as
 * `merchant:VENDOR=secret,...`; without it, the demo brand's derived demo secrets. Chaos:
 * VENDOR_SIM_DUPLICATES, VENDOR_SIM_RETRIES, VENDOR_SIM_DELAY_MS, VENDOR_SIM_TIMEOUT_MS,
 * VENDOR_SIM_OUT_OF_ORDER=1. To send a demo vendor's players here instead of the simulator the
 * server mounts, set that vendor's `provider_vendor.launch_url` to this address.
 */
import Fastify from 'fastify';
import { demoVendorSecret } from '../../apps/server/src/modules/provider';
import { type Chaos, mountVendorSim, type VendorSimOptions } from './sim';

export type StartVendorSimOptions = Omit<VendorSimOptions, 'secretOf'> & {
  port?: number;
  host?: string;
  secretOf?: VendorSimOptions['secretOf'];
};

/** Starts the simulator on its own port (0: a random one); tests use this in process. */
export const startVendorSim = async (options: StartVendorSimOptions) => {
  const app = Fastify({ logger: false });
  await mountVendorSim(app, {
    mount: '',
    callback: options.callback,
    secretOf: options.secretOf ?? ((merchant, vendor) => demoVendorSecret(merchant, vendor)),
    ...(options.chaos ? { chaos: options.chaos } : {}),
  });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, port, close: () => app.close() };
};

const secretsFromEnv = (text: string | undefined) => {
  const map = new Map<string, string>();
  for (const item of (text ?? '').split(',').filter(Boolean)) {
    const [key, secret] = item.split('=');
    if (key && secret) map.set(key.trim(), secret.trim());
  }
  return map;
};

const num = (v: string | undefined) => (v ? Number(v) : undefined);

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const secrets = secretsFromEnv(process.env.VENDOR_SIM_SECRETS);
  const chaos: Chaos = {
    ...(num(process.env.VENDOR_SIM_DUPLICATES) !== undefined
      ? { duplicates: num(process.env.VENDOR_SIM_DUPLICATES) }
      : {}),
    ...(num(process.env.VENDOR_SIM_RETRIES) !== undefined
      ? { retries: num(process.env.VENDOR_SIM_RETRIES) }
      : {}),
    ...(num(process.env.VENDOR_SIM_DELAY_MS) !== undefined
      ? { delayMs: num(process.env.VENDOR_SIM_DELAY_MS) }
      : {}),
    ...(num(process.env.VENDOR_SIM_TIMEOUT_MS) !== undefined
      ? { timeoutMs: num(process.env.VENDOR_SIM_TIMEOUT_MS) }
      : {}),
    ...(process.env.VENDOR_SIM_OUT_OF_ORDER === '1' ? { outOfOrder: true } : {}),
  };
  const sim = await startVendorSim({
    port: Number(process.env.VENDOR_SIM_PORT ?? 8090),
    host: process.env.VENDOR_SIM_HOST ?? '0.0.0.0',
    callback: { baseUrl: process.env.KHELA_URL ?? 'http://127.0.0.1:8080' },
    secretOf: (merchant, vendor) =>
      secrets.size > 0 ? secrets.get(`${merchant}:${vendor}`) : demoVendorSecret(merchant, vendor),
    chaos,
  });
  process.stdout.write(
    `vendor simulator on ${sim.url}/play (calling ${process.env.KHELA_URL ?? 'http://127.0.0.1:8080'})\n`,
  );
}
