import { createRequire } from 'node:module';

type GeoRecord = { country: string } | null;
const require = createRequire(import.meta.url);
const geoip = require('geoip-country') as { lookup: (ip: string) => GeoRecord };

// Recent answers: every page load asks for the caller's country (permission call, region gate).
const recent = new Map<string, string | null>();
const RECENT_MAX = 10_000;

/** ISO country of an IP from the GeoLite2 data shipped in the geoip-country package; null if unknown. */
export const countryOfIp = (ip: string): string | null => {
  const known = recent.get(ip);
  if (known !== undefined) return known;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const country = geoip.lookup(plain)?.country ?? null;
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(ip, country);
  return country;
};
