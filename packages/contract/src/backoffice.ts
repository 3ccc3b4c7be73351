import { z } from 'zod';
import { endpoints } from './endpoints';
import { defineRoute } from './route';
import { brandConfig, maintenance, registerRules, resource, whitelabelNode } from './site';

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
const memberId = z.coerce.number().int().positive();

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

export const customerServiceEntry = z.object({
  csType: z.string().min(1).max(40),
  url: z.string().url().max(500),
  title: z.string().min(1).max(80),
  csPosition: z.string().max(40),
  key: z.string().length(8),
});

/** Settings an operator edits, by key, each with the schema the site module stores. */
export const editableSetting = z.discriminatedUnion('key', [
  z.object({ key: z.literal('brand'), value: brandConfig }),
  z.object({ key: z.literal('register'), value: registerRules }),
  z.object({ key: z.literal('maintenance'), value: maintenance }),
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
    }),
  }),
  z.object({ key: z.literal('customerService'), value: z.array(customerServiceEntry).max(20) }),
  z.object({ key: z.literal('resources'), value: z.array(resource).max(20) }),
  z.object({ key: z.literal('whitelabel'), value: z.array(whitelabelNode) }),
]);
export type EditableSetting = z.infer<typeof editableSetting>;

export const boSettingsValue = z.object({
  merchant: z.string(),
  brand: brandConfig,
  whitelabel: z.array(whitelabelNode),
  register: registerRules,
  maintenance: maintenance,
  region: z.object({ blockedCountries: z.array(z.string()), info: z.string() }),
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

export const boMemberDetail = boMemberRow.extend({
  nickname: z.string(),
  upline: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  mustChangePassword: z.boolean(),
  registerIp: z.string().nullable(),
  sessions: z.array(
    z.object({
      createdAt: z.number(),
      lastSeenAt: z.number(),
      expiresAt: z.number(),
      revokedAt: z.number().nullable(),
      ip: z.string().nullable(),
    }),
  ),
  loginHistory: z.array(z.object({ at: z.number(), event: z.string(), ip: z.string().nullable() })),
  notes: z.array(z.object({ id: z.number().int(), at: z.number(), staff: z.string(), body: z.string() })),
});

export const boAuditSearch = z.object({
  staffId: z.coerce.number().int().positive().optional(),
  action: z.string().max(60).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
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
    id: z.number().int().positive().optional(),
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
  ...paging,
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** A help-centre article; content is HTML, sanitised on save. Without `id` it is created. */
export const boHelpInput = z.object({
  id: z.number().int().positive().optional(),
  merchant: merchantCode,
  parentId: z.number().int().positive().nullable().default(null),
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
    summary: 'The signed-in staff member',
    value: staffIdentity,
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
  boStaff: defineRoute({
    ...endpoints.boStaff,
    tag: TAG,
    summary: 'Staff accounts (owner only)',
    value: z.array(
      z.object({
        id: z.number().int(),
        username: z.string(),
        role: staffRole,
        status: z.enum(['active', 'disabled']),
        enrolled: z.boolean(),
        createdAt: z.number(),
      }),
    ),
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
    body: z.object({ staffId: z.number().int().positive(), status: z.enum(['active', 'disabled']) }),
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
};
