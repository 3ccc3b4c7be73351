import { z } from 'zod';
import { merchantCode, ok, paged, paging, rowId, rowIdParam } from '../core/lists';
import { defineRoute } from '../core/route';
import {
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_SORTS,
  HELP_SORTS,
  LANGUAGES,
  REGISTER_RULE_MAX_LENGTH,
} from './constants';
import { siteEndpoints } from './endpoints';
import {
  brandConfig,
  maintenance,
  regionTranslations,
  registerRule,
  registerRules,
  resource,
  whitelabelNode,
} from './schemas';

/** The back office's site screens: settings and flags, announcements, help articles, media. */

export const webUrl = z.url({ protocol: /^https?$/ }).max(500);
/** A web link, or a path on this site (`/download?os=android`, `/media/<id>`). */
const webUrlOrPath = z.union([webUrl, z.string().regex(/^\/(?!\/)[^\s]{0,499}$/)]);

export const customerServiceEntry = z.object({
  csType: z.string().trim().min(1).max(40),
  url: webUrl,
  title: z.string().trim().min(1).max(80),
  csPosition: z.string().max(40),
  key: z.string().length(8),
});

/** An app link or social account of the resources setting. */
export const resourceEntry = z.object({
  resourceType: z.string().trim().min(1).max(40),
  url: webUrlOrPath,
  qrCodeUrl: webUrlOrPath.nullable(),
  labelNameEn: z.string().trim().min(1).max(80),
});

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A pattern the browser and the server can both compile (no flags: the `u`-less source). */
const compiles = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

export const registerRuleInput = registerRule
  .extend({
    acceptedPattern: z.string().max(200).refine(compiles, 'pattern.invalid'),
    minLength: z.number().int().min(0).max(REGISTER_RULE_MAX_LENGTH),
    maxLength: z.number().int().min(1).max(REGISTER_RULE_MAX_LENGTH),
  })
  .refine((r) => r.minLength <= r.maxLength, { path: ['maxLength'], message: 'min.above.max' });

/** Register rules as the operator saves them: known field names only (the server checks each exists). */
export const registerRulesInput = z.record(z.string().regex(/^[a-zA-Z]{2,30}$/), registerRuleInput);

/**
 * The brand as the operator saves it. `defaultCurrencySymbol`, `supportLanguages` and
 * `defaultLanguage` are the merchant's own (its currency symbol, the languages the site offers, the
 * language a visitor gets): saving the brand writes them to the merchant.
 */
export const brandInput = brandConfig
  .extend({
    name: z.string().trim().min(1).max(60),
    chatHeaderColor: z.string().regex(HEX_COLOUR, 'colour.format'),
    primaryColor: z.string().regex(HEX_COLOUR, 'colour.format'),
    defaultCurrencySymbol: z.string().trim().min(1).max(4),
    supportLanguages: z
      .array(z.enum(LANGUAGES))
      .min(1)
      .refine((l) => new Set(l).size === l.length, 'languages.duplicate'),
    licences: z.array(z.string().trim().min(1).max(200)).max(10),
  })
  .refine((b) => b.supportLanguages.includes(b.defaultLanguage), {
    path: ['defaultLanguage'],
    message: 'language.unsupported',
  });

/** Settings an operator edits, by key, each with the schema the site module stores. */
export const editableSetting = z.discriminatedUnion('key', [
  z.object({ key: z.literal('brand'), value: brandInput }),
  z.object({ key: z.literal('register'), value: registerRulesInput }),
  z.object({
    key: z.literal('maintenance'),
    value: maintenance.extend({ title: z.string().max(120), info: z.string().max(2000) }),
  }),
  z.object({
    key: z.literal('region'),
    value: z.object({
      blockedCountries: z.array(
        z
          .string()
          .length(2)
          .regex(/^[A-Z]{2}$/),
      ),
      info: z.string().max(500),
      translations: regionTranslations.optional(),
    }),
  }),
  z.object({ key: z.literal('customerService'), value: z.array(customerServiceEntry).max(20) }),
  z.object({ key: z.literal('resources'), value: z.array(resourceEntry).max(20) }),
  z.object({ key: z.literal('whitelabel'), value: z.array(whitelabelNode) }),
]);
export type EditableSetting = z.infer<typeof editableSetting>;

export const boSettingsValue = z.object({
  merchant: z.string(),
  brand: brandConfig,
  whitelabel: z.array(whitelabelNode),
  register: registerRules,
  maintenance: maintenance,
  region: z.object({
    blockedCountries: z.array(z.string()),
    info: z.string(),
    translations: regionTranslations.optional(),
  }),
  customerService: z.array(customerServiceEntry.extend({ url: z.string() })),
  resources: z.array(resource),
});

const localizedText = z
  .object({ bn: z.string().max(20_000), en: z.string().max(20_000), hi: z.string().max(20_000) })
  .partial();
const localized = localizedText.refine(
  (v) => Object.values(v).some((text) => text && text.trim().length > 0),
  'at least one language',
);

/** A banner (B), player notice (PL), popup (PU) or promotion (PR); without `id` it is created. */
export const boAnnouncementInput = z
  .object({
    id: rowId.optional(),
    merchant: merchantCode,
    kind: z.enum(ANNOUNCEMENT_KINDS),
    groupName: z
      .string()
      .regex(/^[a-z0-9_]{2,40}$/)
      .nullable()
      .default(null),
    title: localized,
    /** HTML of notices and popups; banners may leave it empty. */
    content: localizedText,
    linkageType: z.enum(['NONE', 'URL', 'ROUTE']).default('NONE'),
    link: z.string().max(500).nullable().default(null),
    mediaId: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable()
      .default(null),
    /** Popups: B before login, A after login, F first login. */
    execution: z.enum(['B', 'A', 'F']).nullable().default(null),
    category: z.string().max(40).nullable().default(null),
    startAt: z.number().int().nullable().default(null),
    endAt: z.number().int().nullable().default(null),
    sort: z.number().int().min(0).max(100_000).default(0),
    enabled: z.boolean().default(true),
  })
  .refine((a) => a.kind !== 'PU' || a.execution !== null, {
    path: ['execution'],
    message: 'required for popups',
  })
  .refine((a) => a.kind !== 'B' || a.groupName !== null, {
    path: ['groupName'],
    message: 'required for banners',
  })
  .refine((a) => a.linkageType === 'NONE' || (a.link !== null && a.link.length > 0), {
    path: ['link'],
    message: 'required',
  })
  .refine((a) => a.linkageType !== 'URL' || a.link === null || /^https:\/\//.test(a.link), {
    path: ['link'],
    message: 'https only',
  })
  .refine((a) => a.linkageType !== 'ROUTE' || a.link === null || /^\/[^/]/.test(a.link), {
    path: ['link'],
    message: 'a site path',
  })
  .refine((a) => a.startAt === null || a.endAt === null || a.startAt < a.endAt, {
    path: ['endAt'],
    message: 'after the start',
  });

export const boAnnouncementRow = z.object({
  id: z.number().int(),
  merchant: z.string(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  groupName: z.string().nullable(),
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  linkageType: z.enum(['NONE', 'URL', 'ROUTE']),
  link: z.string().nullable(),
  mediaId: z.string().nullable(),
  execution: z.enum(['B', 'A', 'F']).nullable(),
  category: z.string().nullable(),
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});

export const boAnnouncementSearch = z.object({
  merchant: merchantCode,
  kind: z.enum(ANNOUNCEMENT_KINDS).optional(),
  groupName: z.string().max(40).optional(),
  sort: z.enum(ANNOUNCEMENT_SORTS).default('sort'),
  ...paging,
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** A help-centre article; content is HTML, sanitised on save. Without `id` it is created. */
export const boHelpInput = z.object({
  id: rowId.optional(),
  merchant: merchantCode,
  parentId: rowId.nullable().default(null),
  tag: z.string().regex(/^[a-z0-9-]{1,40}$/),
  title: localized,
  content: localized,
  bgColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable()
    .default(null),
  sort: z.number().int().min(0).max(100_000).default(0),
  display: z.boolean().default(true),
});

export const boHelpRow = z.object({
  id: z.number().int(),
  merchant: z.string(),
  parentId: z.number().int().nullable(),
  tag: z.string(),
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  bgColor: z.string().nullable(),
  sort: z.number().int(),
  display: z.boolean(),
});
/** Help articles of a merchant: `parent=root` top-level only, or a parent's children; `q` in tag or title. */
export const boHelpSearch = z.object({
  merchant: merchantCode,
  q: z.string().trim().max(60).optional(),
  parent: z.union([z.literal('root'), rowIdParam]).optional(),
  display: z.enum(['shown', 'hidden']).optional(),
  sort: z.enum(HELP_SORTS).default('sort'),
  ...paging,
  order: z.enum(['asc', 'desc']).default('asc'),
});

const TAG = 'backoffice';

export const siteBoRoutes = {
  boSettings: defineRoute({
    ...siteEndpoints.boSettings,
    tag: TAG,
    summary: "A merchant's editable site settings",
    query: z.object({ merchant: merchantCode }),
    value: boSettingsValue,
  }),
  boSettingsUpdate: defineRoute({
    ...siteEndpoints.boSettingsUpdate,
    tag: TAG,
    summary: 'Replaces one site setting of a merchant (players see it on their next status fetch)',
    body: z.object({ merchant: merchantCode, setting: editableSetting }),
    value: ok,
  }),
  boFlag: defineRoute({
    ...siteEndpoints.boFlag,
    tag: TAG,
    summary: 'Turns one whitelabel module on or off',
    body: z.object({
      merchant: merchantCode,
      modId: z.string().regex(/^[A-Z0-9_]{2,40}$/),
      enabled: z.boolean(),
    }),
    value: ok,
  }),
  boMediaUpload: defineRoute({
    ...siteEndpoints.boMediaUpload,
    tag: TAG,
    summary: 'Uploads an image (PNG, JPEG or WebP, at most 5 MB) for banners and popups',
    value: z.object({ id: z.string(), url: z.string(), mime: z.string(), size: z.number().int() }),
  }),
  boAnnouncements: defineRoute({
    ...siteEndpoints.boAnnouncements,
    tag: TAG,
    summary: 'Banners, notices, popups and promotions of a merchant',
    query: boAnnouncementSearch,
    value: paged(boAnnouncementRow),
  }),
  boAnnouncementsCsv: defineRoute({
    ...siteEndpoints.boAnnouncementsCsv,
    tag: TAG,
    summary: 'Banners, notices, popups and promotions as CSV (every page)',
    query: boAnnouncementSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boAnnouncementSave: defineRoute({
    ...siteEndpoints.boAnnouncementSave,
    tag: TAG,
    summary: 'Creates or replaces a banner, notice, popup or promotion (HTML content sanitised)',
    body: boAnnouncementInput,
    value: z.object({ id: z.number().int() }),
  }),
  boHelpList: defineRoute({
    ...siteEndpoints.boHelpList,
    tag: TAG,
    summary: "A merchant's help-centre articles, filtered, sorted and paged (for the editor)",
    query: boHelpSearch,
    value: paged(boHelpRow),
  }),
  boHelpCsv: defineRoute({
    ...siteEndpoints.boHelpCsv,
    tag: TAG,
    summary: 'Help-centre articles as CSV (every page)',
    query: boHelpSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boHelpSave: defineRoute({
    ...siteEndpoints.boHelpSave,
    tag: TAG,
    summary: 'Creates or replaces a help-centre article (HTML sanitised on save)',
    body: boHelpInput,
    value: z.object({ id: z.number().int() }),
  }),
};
