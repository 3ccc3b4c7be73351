import { createRequire } from 'node:module';

type GeoRecord = { country: string } | null;
const require = createRequire(import.meta.url);
const geoip = require('geoip-country') as { lookup: (ip: string) => GeoRecord };

/** ISO country of an IP from the GeoLite2 data shipped in the geoip-country package; null if unknown. */
export const countryOfIp = (ip: string): string | null => {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return geoip.lookup(plain)?.country ?? null;
};
