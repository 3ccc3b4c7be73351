import { z } from 'zod';
import { LANGUAGES, type Language, PROMOTION_CATEGORIES } from './constants';

export const language = z.enum(LANGUAGES);

export const merchant = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string().length(2),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  languages: z.array(language).min(1),
  defaultLanguage: language,
  dialCode: z.string(),
});
export type Merchant = z.infer<typeof merchant>;

export const brandConfig = z.object({
  name: z.string(),
  platform: z.literal('WEB'),
  merchant: z.string(),
  lotteryType: z.enum(['LOTT', 'ZY', 'ELOTT', 'SEA']),
  device: z.literal('WEB'),
  chatHeaderColor: z.string(),
  primaryColor: z.string(),
  esportGames: z.array(z.string()),
  cockfightGames: z.array(z.string()),
  defaultCurrencySymbol: z.string(),
  defaultLanguage: language,
  supportLanguages: z.array(language),
  loginedToHomePage: z.boolean(),
  /** Digits of the Hindi site: Latin (the default) or Devanagari (०१२…); Bangla always writes its own. */
  hindiDigits: z.enum(['latin', 'devanagari']).optional(),
  licences: z.array(z.string()),
  marketing: z.object({ slotGameCount: z.number().int(), zaloBonus: z.string() }),
});
export type BrandConfig = z.infer<typeof brandConfig>;

export const whitelabelNode: z.ZodType<{ modId: string; enabled: '1' | '0'; childrenNodes: unknown[] }> =
  z.lazy(() =>
    z.object({ modId: z.string(), enabled: z.enum(['1', '0']), childrenNodes: z.array(whitelabelNode) }),
  );

export const registerRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.number().int().min(0).max(19),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type RegisterRule = z.infer<typeof registerRule>;
export const registerRules = z.record(z.string(), registerRule);
export type RegisterRules = z.infer<typeof registerRules>;

export const resource = z.object({
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.string().nullable(),
  labelNameEn: z.string(),
});
export type Resource = z.infer<typeof resource>;

export const customerService = z.object({
  csType: z.string(),
  /** Obfuscated (not secret) URL: DES ciphertext followed by its 8-character key. */
  path: z.string(),
  title: z.string(),
  csPosition: z.string(),
});
export type CustomerService = z.infer<typeof customerService>;

export const domainRouteItem = z.object({ domainName: z.string(), speed: z.number() });

const texts = <K extends string>(...fields: K[]) => {
  const one = z.object(
    Object.fromEntries(fields.map((f) => [f, z.string().max(2000).optional()])) as {
      [F in K]: z.ZodOptional<z.ZodString>;
    },
  );
  return z.object({ bn: one, en: one, hi: one }).partial();
};
/** Maintenance title and info per language (bn, en, hi); a missing or empty one falls back to `title` / `info`. */
export const maintenanceTranslations = texts('title', 'info');
/** Region-block info per language; a missing or empty one falls back to `info`. */
export const regionTranslations = texts('info');

/**
 * The maintenance setting. In the permission answer `title` and `info` are already in the caller's
 * language and `translations` is left out.
 */
export const maintenance = z.object({
  enabled: z.boolean(),
  title: z.string(),
  endTime: z.number().nullable(),
  info: z.string(),
  /** When an operator turned maintenance on (epoch ms, set by the server); null or absent when unknown. */
  startTime: z.number().nullable().optional(),
  translations: maintenanceTranslations.optional(),
});
export type Maintenance = z.infer<typeof maintenance>;

export const regionRestriction = z.object({
  restricted: z.boolean(),
  country: z.string().nullable(),
  info: z.string(),
});

export const systemStatusValue = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  settingsVersion: z.number().int(),
  info: z.object({
    brand: brandConfig,
    merchant: merchant,
    merchants: z.array(merchant),
    whitelabel: z.array(whitelabelNode),
    register: registerRules,
    resources: z.array(resource),
    customerService: z.array(customerService),
    domainRoute: z.array(domainRouteItem),
    mainDomain: z.string(),
    analytics: z.object({ gtagId: z.string().nullable() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
  }),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  maintenance: maintenance,
  regionRestriction: regionRestriction,
});
export type SystemStatus = z.infer<typeof systemStatusValue>;

export const helpArticle: z.ZodType<HelpArticle> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    bgColor: z.string().nullable(),
    lang: language,
    display: z.boolean(),
    tag: z.string(),
    children: z.array(helpArticle),
  }),
);
export type HelpArticle = {
  id: number;
  title: string;
  content: string;
  bgColor: string | null;
  lang: Language;
  display: boolean;
  tag: string;
  children: HelpArticle[];
};

export const banner = z.object({
  bannerId: z.number().int(),
  title: z.string(),
  url: z.string(),
  groupName: z.string(),
  /** NONE: not clickable; URL: opens an outside link in a new tab; ROUTE: navigates inside the site. */
  linkageType: z.enum(['NONE', 'URL', 'ROUTE']),
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof banner>;

export const notice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.number(),
});
export type Notice = z.infer<typeof notice>;

export const popup = notice.extend({ execution: z.enum(['B', 'A', 'F']), imageUrl: z.string().nullable() });
export type Popup = z.infer<typeof popup>;

export const promotion = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category: z.enum(PROMOTION_CATEGORIES),
  announcementImages: z.array(z.object({ sequence: z.number().int(), url: z.string() })),
  startDate: z.number().nullable(),
  endDate: z.number().nullable(),
  promotionType: z.string(),
});
export type Promotion = z.infer<typeof promotion>;

export const announcementsValue = z.object({
  banners: z.array(banner),
  player: z.array(notice),
  popup: z.array(popup),
  promotion: z.array(promotion),
});
export type Announcements = z.infer<typeof announcementsValue>;
