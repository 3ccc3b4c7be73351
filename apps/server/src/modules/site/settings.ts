import {
  brandConfig,
  domainRouteItem,
  maintenance,
  regionTranslations,
  registerRules,
  resource,
  socialSettings,
  whitelabelNode,
} from '@khela/contract';
import { z } from 'zod';

/** What each merchant keeps in `site_setting`, one key a row; checked on read and on write. */
export const settingSchemas = {
  brand: brandConfig,
  whitelabel: z.array(whitelabelNode),
  register: registerRules,
  resources: z.array(resource),
  customerService: z.array(
    z.object({
      csType: z.string(),
      url: z.string(),
      title: z.string(),
      csPosition: z.string(),
      key: z.string().length(8),
    }),
  ),
  domainRoute: z.object({ '0': z.array(domainRouteItem), '3': z.array(domainRouteItem) }),
  maintenance: maintenance,
  region: z.object({
    blockedCountries: z.array(z.string().length(2)),
    info: z.string(),
    translations: regionTranslations.optional(),
  }),
  cdn: z.object({ imageCDNs: z.array(z.string()), launchGameCDNs: z.array(z.string()) }),
  analytics: z.object({ gtagId: z.string().nullable() }),
  mainDomain: z.string(),
  /** Google/Facebook sign-in of this merchant (identity, ADR 015); absent rows read as unset. Holds secrets: never answer it whole. */
  social: socialSettings,
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type Settings = { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> };
