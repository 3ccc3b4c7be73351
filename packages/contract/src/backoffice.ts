import { z } from 'zod';
import { backofficeListEndpoints } from './backoffice-endpoints';
import { ROW_ID_MAX, TIME_MAX } from './bounds';
import { LANGUAGES } from './constants';
import { endpoints } from './endpoints';
import { messageBody, messageTitle } from './inbox';
import { FEEDBACK_QUESTION_TYPES, FEEDBACK_STATUSES } from './inbox-constants';
import { defineRoute } from './route';
import {
  brandConfig,
  maintenance,
  regionTranslations,
  registerRule,
  registerRules,
  resource,
  whitelabelNode,
} from './site';

export { backofficeListEndpoints } from './backoffice-endpoints';

/** Staff roles of the back office; what each may do is the server's `roles.ts`. */
export const STAFF_ROLES = ['owner', 'finance', 'support', 'content', 'risk'] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRole>;

const username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_.-]{3,32}$/);
const totpCode = z.string().regex(/^[0-9]{6}$/);
const merchantCode = z.string().min(1).max(32);

/** A row id in a JSON body. */
export { ROW_ID_MAX, TIME_MAX };

const rowId = z.number().int().positive().max(ROW_ID_MAX);
/** A row id in a query string (or a body field that may come as text). */
const rowIdParam = z.coerce.number().int().positive().max(ROW_ID_MAX);
const memberId = rowIdParam;
/** An instant in a query string: ms since 1970. */
const timeParam = z.coerce.number().int().min(0).max(TIME_MAX);
/** A time window of a list: `from` inclusive, `to` exclusive (ms). */
const timeRange = { from: timeParam.optional(), to: timeParam.optional() };
/** An IP address filter (exact match). */
const ipFilter = z.string().trim().min(1).max(45).optional();

export const staffIdentity = z.object({
  id: z.number().int(),
  username: z.string(),
  role: staffRole,
  permissions: z.array(z.string()),
});
export type StaffIdentity = z.infer<typeof staffIdentity>;

export const staffSession = z.object({
  step: z.literal('session'),
  token: z.string(),
  expiresAt: z.number(),
  staff: staffIdentity,
});

/** First login of an account without a TOTP secret: the web draws the QR of `otpauthUrl`. */
export const staffEnrolment = z.object({
  step: z.literal('enrol'),
  enrolToken: z.string(),
  secret: z.string(),
  otpauthUrl: z.string(),
});

/** A paged list: `page` from 1. */
const paging = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  order: z.enum(['asc', 'desc']).default('desc'),
};
const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** An outside link an operator sets: http or https only (`z.url()` alone accepts `javascript:`). */
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
/** Longest minLength/maxLength a register rule may set (the longest field, email, is far below). */
export const REGISTER_RULE_MAX_LENGTH = 200;

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

export const MEMBER_TYPES = [0, 1, 2, 4, 41, 42] as const;
const memberSort = z.enum(['createdAt', 'username', 'lastLoginAt']).default('createdAt');

export const boMemberSearch = z.object({
  merchant: merchantCode.optional(),
  account: z.string().trim().max(40).optional(),
  mobile: z.string().trim().max(20).optional(),
  email: z.string().trim().max(120).optional(),
  ip: z.string().trim().max(45).optional(),
  status: z.enum(['active', 'locked']).optional(),
  sort: memberSort,
  ...paging,
});

export const boMemberRow = z.object({
  id: z.number().int(),
  merchant: z.string(),
  username: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  type: z.number().int(),
  status: z.enum(['active', 'locked']),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
});

/**
 * The member detail: profile and notes. Sessions, login history and the staff trail are paged
 * lists of their own (`boMemberSessions`, `boMemberLogins`, `boMemberTrail`).
 */
export const boMemberDetail = boMemberRow.extend({
  nickname: z.string(),
  upline: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  mustChangePassword: z.boolean(),
  registerIp: z.string().nullable(),
  notes: z.array(z.object({ id: z.number().int(), at: z.number(), staff: z.string(), body: z.string() })),
});

/** Sessions open (not ended, not expired, used within the idle time) or ended in any of those ways. */
export const SESSION_STATES = ['live', 'ended'] as const;

export const MEMBER_SESSION_SORTS = ['createdAt', 'lastSeenAt', 'expiresAt', 'ip'] as const;
/** A member's sessions: by state, IP and start time (`from`/`to`); newest first unless told. */
export const boMemberSessionSearch = z.object({
  memberId,
  state: z.enum(SESSION_STATES).optional(),
  ip: ipFilter,
  ...timeRange,
  sort: z.enum(MEMBER_SESSION_SORTS).default('createdAt'),
  ...paging,
});

export const MEMBER_LOGIN_SORTS = ['at', 'event', 'ip'] as const;
/** A member's login history: by event (`login.failure`...), IP and time. */
export const boMemberLoginSearch = z.object({
  memberId,
  event: z
    .string()
    .trim()
    .regex(/^[a-z][a-z.]{0,39}$/)
    .optional(),
  ip: ipFilter,
  ...timeRange,
  sort: z.enum(MEMBER_LOGIN_SORTS).default('at'),
  ...paging,
});

export const MEMBER_TRAIL_SORTS = ['at', 'action', 'staff'] as const;
/** Staff actions on a member: by action (`member.lock`...), staff username and time. */
export const boMemberTrailSearch = z.object({
  memberId,
  action: z.string().trim().max(60).optional(),
  staff: z.string().trim().toLowerCase().max(32).optional(),
  ...timeRange,
  sort: z.enum(MEMBER_TRAIL_SORTS).default('at'),
  ...paging,
});

export const boMemberSessionRow = z.object({
  createdAt: z.number(),
  lastSeenAt: z.number(),
  expiresAt: z.number(),
  revokedAt: z.number().nullable(),
  ip: z.string().nullable(),
  /** Still usable: not ended, not expired, used within the idle time. */
  live: z.boolean(),
});
export const boMemberLoginRow = z.object({ at: z.number(), event: z.string(), ip: z.string().nullable() });
export const boMemberTrailRow = z.object({
  id: z.number().int(),
  at: z.number(),
  staff: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});

export const AUDIT_SORTS = ['at', 'action', 'staff'] as const;
export const boAuditSearch = z.object({
  staffId: rowIdParam.optional(),
  action: z.string().max(60).optional(),
  ...timeRange,
  sort: z.enum(AUDIT_SORTS).default('at'),
  ...paging,
});

export const boAuditRow = z.object({
  id: z.number().int(),
  at: z.number(),
  staffId: z.number().int().nullable(),
  staff: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});

const localizedText = z
  .object({ bn: z.string().max(20_000), en: z.string().max(20_000), hi: z.string().max(20_000) })
  .partial();
const localized = localizedText.refine(
  (v) => Object.values(v).some((text) => text && text.trim().length > 0),
  'at least one language',
);

export const ANNOUNCEMENT_KINDS = ['B', 'PL', 'PU', 'PR'] as const;

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

export const ANNOUNCEMENT_SORTS = ['sort', 'createdAt', 'startAt', 'endAt', 'kind'] as const;
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
export const HELP_SORTS = ['sort', 'tag', 'id'] as const;
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

export const STAFF_SORTS = ['username', 'role', 'status', 'createdAt'] as const;
export const boStaffSearch = z.object({
  username: z.string().trim().max(32).optional(),
  role: staffRole.optional(),
  status: z.enum(['active', 'disabled']).optional(),
  sort: z.enum(STAFF_SORTS).default('username'),
  ...paging,
  order: z.enum(['asc', 'desc']).default('asc'),
});
export const boStaffRow = z.object({
  id: z.number().int(),
  username: z.string(),
  role: staffRole,
  status: z.enum(['active', 'disabled']),
  enrolled: z.boolean(),
  createdAt: z.number(),
  /** Sessions neither ended nor expired, used within the idle time. */
  liveSessions: z.number().int(),
});
export const STAFF_SESSION_SORTS = ['createdAt', 'lastSeenAt', 'expiresAt', 'ip'] as const;
/** A staff account's sessions: by state, IP and start time (`from`/`to`); newest first unless told. */
export const boStaffSessionSearch = z.object({
  staffId: rowIdParam,
  state: z.enum(SESSION_STATES).optional(),
  ip: ipFilter,
  ...timeRange,
  sort: z.enum(STAFF_SESSION_SORTS).default('createdAt'),
  ...paging,
});
export const boStaffSessionRow = z.object({
  /** The first 16 hex digits of the session's token hash: names it, reveals nothing. */
  id: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  expiresAt: z.number(),
  revokedAt: z.number().nullable(),
  ip: z.string().nullable(),
  live: z.boolean(),
});

/** Platform messages: to one member (`memberId`) or to every member of the merchant (`audience: all`). */
export const boMessageInput = z.discriminatedUnion('audience', [
  z.object({
    audience: z.literal('member'),
    merchant: merchantCode,
    memberId,
    title: messageTitle,
    body: messageBody,
  }),
  z.object({ audience: z.literal('all'), merchant: merchantCode, title: messageTitle, body: messageBody }),
]);
export const boMessageRow = z.object({
  id: z.number().int(),
  merchant: z.string(),
  memberId: z.number().int().nullable(),
  member: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  staff: z.string().nullable(),
  feedbackId: z.number().int().nullable(),
  /** Members who read it (one, or many for a broadcast). */
  reads: z.number().int(),
  createdAt: z.number(),
});
export const MESSAGE_SORTS = ['createdAt', 'title'] as const;
export const boMessageSearch = z.object({
  merchant: merchantCode.optional(),
  audience: z.enum(['member', 'all']).optional(),
  account: z.string().trim().max(40).optional(),
  sort: z.enum(MESSAGE_SORTS).default('createdAt'),
  ...paging,
});

export const FEEDBACK_SORTS = ['createdAt', 'status', 'questionType'] as const;
export const boFeedbackSearch = z.object({
  merchant: merchantCode.optional(),
  status: z.enum(FEEDBACK_STATUSES).optional(),
  questionType: z.enum(FEEDBACK_QUESTION_TYPES).optional(),
  account: z.string().trim().max(40).optional(),
  ...timeRange,
  sort: z.enum(FEEDBACK_SORTS).default('createdAt'),
  ...paging,
});
export const boFeedbackRow = z.object({
  id: z.number().int(),
  merchant: z.string(),
  memberId: z.number().int(),
  member: z.string(),
  questionType: z.enum(FEEDBACK_QUESTION_TYPES),
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  images: z.number().int(),
  createdAt: z.number(),
  repliedAt: z.number().nullable(),
  repliedBy: z.string().nullable(),
});
export const boFeedbackDetail = boFeedbackRow.extend({
  reply: z.object({ id: z.number().int(), title: z.string(), body: z.string(), at: z.number() }).nullable(),
});

const ok = z.object({ ok: z.literal(true) });
const TAG = 'backoffice';

export const backofficeRoutes = {
  boLogin: defineRoute({
    ...endpoints.boLogin,
    tag: TAG,
    summary: 'Staff login: password plus TOTP; an account without a secret gets an enrolment step',
    body: z.object({ username, password: z.string().min(1).max(128), totp: totpCode.optional() }),
    value: z.discriminatedUnion('step', [staffSession, staffEnrolment]),
  }),
  boTotpEnrol: defineRoute({
    ...endpoints.boTotpEnrol,
    tag: TAG,
    summary: 'Confirms the TOTP secret of the enrolment step with a code; opens the session',
    body: z.object({ enrolToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/), code: totpCode }),
    value: staffSession,
  }),
  boLogout: defineRoute({ ...endpoints.boLogout, tag: TAG, summary: 'Ends the staff session', value: ok }),
  boMe: defineRoute({
    ...endpoints.boMe,
    tag: TAG,
    summary: 'The signed-in staff member and the merchants the back office edits',
    value: staffIdentity.extend({
      merchants: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          currencySymbol: z.string(),
          languages: z.array(z.string()),
        }),
      ),
    }),
  }),
  boSettings: defineRoute({
    ...endpoints.boSettings,
    tag: TAG,
    summary: "A merchant's editable site settings",
    query: z.object({ merchant: merchantCode }),
    value: boSettingsValue,
  }),
  boSettingsUpdate: defineRoute({
    ...endpoints.boSettingsUpdate,
    tag: TAG,
    summary: 'Replaces one site setting of a merchant (players see it on their next status fetch)',
    body: z.object({ merchant: merchantCode, setting: editableSetting }),
    value: ok,
  }),
  boFlag: defineRoute({
    ...endpoints.boFlag,
    tag: TAG,
    summary: 'Turns one whitelabel module on or off',
    body: z.object({
      merchant: merchantCode,
      modId: z.string().regex(/^[A-Z0-9_]{2,40}$/),
      enabled: z.boolean(),
    }),
    value: ok,
  }),
  boMembers: defineRoute({
    ...endpoints.boMembers,
    tag: TAG,
    summary: 'Member search by account, mobile, email or IP',
    query: boMemberSearch,
    value: paged(boMemberRow),
  }),
  boMembersCsv: defineRoute({
    ...endpoints.boMembersCsv,
    tag: TAG,
    summary: 'Member search as CSV (every page)',
    query: boMemberSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMember: defineRoute({
    ...endpoints.boMember,
    tag: TAG,
    summary: 'Member detail: profile, sessions, login history, notes',
    query: z.object({ id: memberId }),
    value: boMemberDetail,
  }),
  boMemberLock: defineRoute({
    ...endpoints.boMemberLock,
    tag: TAG,
    summary: 'Locks a member: no more logins, every session ends',
    body: z.object({ memberId, reason: z.string().trim().min(1).max(500) }),
    value: ok,
  }),
  boMemberUnlock: defineRoute({
    ...endpoints.boMemberUnlock,
    tag: TAG,
    summary: 'Unlocks a member',
    body: z.object({ memberId, reason: z.string().trim().min(1).max(500) }),
    value: ok,
  }),
  boMemberRevoke: defineRoute({
    ...endpoints.boMemberRevoke,
    tag: TAG,
    summary: 'Ends every session of a member',
    body: z.object({ memberId }),
    value: z.object({ revoked: z.number().int() }),
  }),
  boMemberPasswordReset: defineRoute({
    ...endpoints.boMemberPasswordReset,
    tag: TAG,
    summary: 'Sets a one-time password the member must change at the next login',
    body: z.object({ memberId }),
    value: z.object({ temporaryPassword: z.string() }),
  }),
  boMemberType: defineRoute({
    ...endpoints.boMemberType,
    tag: TAG,
    summary: 'Sets the member type: 0 member, 1/2/41/42 agent codes, 4 trial',
    body: z.object({
      memberId,
      type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4), z.literal(41), z.literal(42)]),
    }),
    value: ok,
  }),
  boMemberNote: defineRoute({
    ...endpoints.boMemberNote,
    tag: TAG,
    summary: 'Adds a staff note to a member',
    body: z.object({ memberId, body: z.string().trim().min(1).max(2000) }),
    value: z.object({ id: z.number().int() }),
  }),
  boMediaUpload: defineRoute({
    ...endpoints.boMediaUpload,
    tag: TAG,
    summary: 'Uploads an image (PNG, JPEG or WebP, at most 5 MB) for banners and popups',
    value: z.object({ id: z.string(), url: z.string(), mime: z.string(), size: z.number().int() }),
  }),
  boAnnouncements: defineRoute({
    ...endpoints.boAnnouncements,
    tag: TAG,
    summary: 'Banners, notices, popups and promotions of a merchant',
    query: boAnnouncementSearch,
    value: paged(boAnnouncementRow),
  }),
  boAnnouncementsCsv: defineRoute({
    ...endpoints.boAnnouncementsCsv,
    tag: TAG,
    summary: 'Banners, notices, popups and promotions as CSV (every page)',
    query: boAnnouncementSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boAnnouncementSave: defineRoute({
    ...endpoints.boAnnouncementSave,
    tag: TAG,
    summary: 'Creates or replaces a banner, notice, popup or promotion (HTML content sanitised)',
    body: boAnnouncementInput,
    value: z.object({ id: z.number().int() }),
  }),
  boHelpSave: defineRoute({
    ...endpoints.boHelpSave,
    tag: TAG,
    summary: 'Creates or replaces a help-centre article (HTML sanitised on save)',
    body: boHelpInput,
    value: z.object({ id: z.number().int() }),
  }),
  boPasswordChange: defineRoute({
    ...endpoints.boPasswordChange,
    tag: TAG,
    summary: 'Changes the own password (the current one is required); other sessions of the account end',
    body: z.object({
      currentPassword: z.string().min(1).max(128),
      newPassword: z.string().min(10).max(128),
    }),
    value: ok,
  }),
  boHelpList: defineRoute({
    ...endpoints.boHelpList,
    tag: TAG,
    summary: "A merchant's help-centre articles, filtered, sorted and paged (for the editor)",
    query: boHelpSearch,
    value: paged(boHelpRow),
  }),
  boHelpCsv: defineRoute({
    ...endpoints.boHelpCsv,
    tag: TAG,
    summary: 'Help-centre articles as CSV (every page)',
    query: boHelpSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boStaffRole: defineRoute({
    ...endpoints.boStaffRole,
    tag: TAG,
    summary: "Changes another staff account's role; it applies from that account's next call (owner only)",
    body: z.object({ staffId: rowId, role: staffRole }),
    value: ok,
  }),
  boStaffTotpReset: defineRoute({
    ...endpoints.boStaffTotpReset,
    tag: TAG,
    summary: "Forgets another account's TOTP secret and ends its sessions; it enrols again (owner only)",
    body: z.object({ staffId: rowId }),
    value: ok,
  }),
  boStaff: defineRoute({
    ...endpoints.boStaff,
    tag: TAG,
    summary: 'Staff accounts, filtered, sorted and paged (owner only)',
    query: boStaffSearch,
    value: paged(boStaffRow),
  }),
  boStaffCsv: defineRoute({
    ...endpoints.boStaffCsv,
    tag: TAG,
    summary: 'Staff accounts as CSV (owner only)',
    query: boStaffSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boStaffSessions: defineRoute({
    ...endpoints.boStaffSessions,
    tag: TAG,
    summary: "A staff account's sessions, filtered, sorted and paged (owner only)",
    query: boStaffSessionSearch,
    value: paged(boStaffSessionRow),
  }),
  boStaffSessionsCsv: defineRoute({
    ...backofficeListEndpoints.boStaffSessionsCsv,
    tag: TAG,
    summary: "A staff account's sessions as CSV (every page; owner only)",
    query: boStaffSessionSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boStaffSessionsRevoke: defineRoute({
    ...endpoints.boStaffSessionsRevoke,
    tag: TAG,
    summary:
      'Ends one session (`sessionId`) or every live session of another staff account, leaving it enabled (owner only)',
    body: z.object({
      staffId: rowId,
      sessionId: z
        .string()
        .regex(/^[0-9a-f]{16}$/)
        .optional(),
    }),
    value: z.object({ revoked: z.number().int() }),
  }),
  boStaffCreate: defineRoute({
    ...endpoints.boStaffCreate,
    tag: TAG,
    summary: 'Creates a staff account; it enrols its TOTP secret on the first login (owner only)',
    body: z.object({ username, password: z.string().min(10).max(128), role: staffRole }),
    value: z.object({ id: z.number().int() }),
  }),
  boStaffStatus: defineRoute({
    ...endpoints.boStaffStatus,
    tag: TAG,
    summary: 'Disables (ending its sessions) or re-enables a staff account (owner only)',
    body: z.object({ staffId: rowId, status: z.enum(['active', 'disabled']) }),
    value: ok,
  }),
  boDashboard: defineRoute({
    ...endpoints.boDashboard,
    tag: TAG,
    summary: 'Registrations, logins and active members per day',
    query: z.object({
      merchant: merchantCode.optional(),
      days: z.coerce.number().int().min(1).max(90).default(7),
    }),
    value: z.object({
      today: z.object({
        registrations: z.number().int(),
        logins: z.number().int(),
        active: z.number().int(),
      }),
      /** The last 7 days (today included) as one window: `active` counts distinct members. */
      week: z.object({
        registrations: z.number().int(),
        logins: z.number().int(),
        active: z.number().int(),
      }),
      days: z.array(
        z.object({
          day: z.string(),
          registrations: z.number().int(),
          logins: z.number().int(),
          active: z.number().int(),
        }),
      ),
    }),
  }),
  boAudit: defineRoute({
    ...endpoints.boAudit,
    tag: TAG,
    summary: 'Staff audit log, filtered and paged',
    query: boAuditSearch,
    value: paged(boAuditRow),
  }),
  boAuditCsv: defineRoute({
    ...endpoints.boAuditCsv,
    tag: TAG,
    summary: 'Staff audit log as CSV (every page)',
    query: boAuditSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMemberSessions: defineRoute({
    ...endpoints.boMemberSessions,
    tag: TAG,
    summary: "A member's sessions, filtered, sorted and paged",
    query: boMemberSessionSearch,
    value: paged(boMemberSessionRow),
  }),
  boMemberSessionsCsv: defineRoute({
    ...backofficeListEndpoints.boMemberSessionsCsv,
    tag: TAG,
    summary: "A member's sessions as CSV (every page)",
    query: boMemberSessionSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMemberLogins: defineRoute({
    ...endpoints.boMemberLogins,
    tag: TAG,
    summary: "A member's login history with IPs, filtered, sorted and paged",
    query: boMemberLoginSearch,
    value: paged(boMemberLoginRow),
  }),
  boMemberLoginsCsv: defineRoute({
    ...backofficeListEndpoints.boMemberLoginsCsv,
    tag: TAG,
    summary: "A member's login history as CSV (every page)",
    query: boMemberLoginSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMemberTrail: defineRoute({
    ...endpoints.boMemberTrail,
    tag: TAG,
    summary: 'Staff actions on a member (from the audit log), filtered, sorted and paged',
    query: boMemberTrailSearch,
    value: paged(boMemberTrailRow),
  }),
  boMemberTrailCsv: defineRoute({
    ...backofficeListEndpoints.boMemberTrailCsv,
    tag: TAG,
    summary: 'Staff actions on a member as CSV (every page)',
    query: boMemberTrailSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMessages: defineRoute({
    ...endpoints.boMessages,
    tag: TAG,
    summary: 'Platform messages sent by staff, filtered, sorted and paged',
    query: boMessageSearch,
    value: paged(boMessageRow),
  }),
  boMessagesCsv: defineRoute({
    ...endpoints.boMessagesCsv,
    tag: TAG,
    summary: 'Platform messages as CSV (every page)',
    query: boMessageSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMessageSend: defineRoute({
    ...endpoints.boMessageSend,
    tag: TAG,
    summary: 'Sends a platform message to one member or to every member of a merchant (body sanitised)',
    body: boMessageInput,
    value: z.object({ id: z.number().int() }),
  }),
  boFeedback: defineRoute({
    ...endpoints.boFeedback,
    tag: TAG,
    summary: 'Player feedback, filtered, sorted and paged',
    query: boFeedbackSearch,
    value: paged(boFeedbackRow),
  }),
  boFeedbackCsv: defineRoute({
    ...endpoints.boFeedbackCsv,
    tag: TAG,
    summary: 'Player feedback as CSV (every page)',
    query: boFeedbackSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boFeedbackDetail: defineRoute({
    ...endpoints.boFeedbackDetail,
    tag: TAG,
    summary: 'One feedback with its reply',
    query: z.object({ id: rowIdParam }),
    value: boFeedbackDetail,
  }),
  boFeedbackImage: defineRoute({
    ...endpoints.boFeedbackImage,
    tag: TAG,
    summary: 'One image of a feedback (the bytes)',
    query: z.object({ id: rowIdParam, seq: z.coerce.number().int().min(1).max(3) }),
    value: z.unknown(),
  }),
  boFeedbackReply: defineRoute({
    ...endpoints.boFeedbackReply,
    tag: TAG,
    summary: "Replies to a feedback: the reply arrives as a platform message in the member's inbox",
    body: z.object({ id: rowId, title: messageTitle.optional(), body: messageBody }),
    value: z.object({ messageId: z.number().int() }),
  }),
};
