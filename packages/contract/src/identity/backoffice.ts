import { z } from 'zod';
import { ipFilter, merchantCode, ok, paged, paging, rowIdParam, timeRange } from '../core/lists';
import { defineRoute } from '../core/route';
import { MEMBER_LOGIN_SORTS, MEMBER_SESSION_SORTS, MEMBER_TRAIL_SORTS, SESSION_STATES } from './constants';
import { identityEndpoints } from './endpoints';
import { boSocialSettingsBody, boSocialSettingsValue } from './schemas';

/** The back office's member screens (search, detail, actions, sub-lists) and Google/Facebook settings. */

const memberId = rowIdParam;
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
/** A member's sessions: by state, IP and start time (`from`/`to`); newest first unless told. */
export const boMemberSessionSearch = z.object({
  memberId,
  state: z.enum(SESSION_STATES).optional(),
  ip: ipFilter,
  ...timeRange,
  sort: z.enum(MEMBER_SESSION_SORTS).default('createdAt'),
  ...paging,
});
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

const TAG = 'backoffice';

/** Members: search, detail, lock/unlock, sessions, password reset, type, notes and the sub-lists. */
export const memberBoRoutes = {
  boMembers: defineRoute({
    ...identityEndpoints.boMembers,
    tag: TAG,
    summary: 'Member search by account, mobile, email or IP',
    query: boMemberSearch,
    value: paged(boMemberRow),
  }),
  boMembersCsv: defineRoute({
    ...identityEndpoints.boMembersCsv,
    tag: TAG,
    summary: 'Member search as CSV (every page)',
    query: boMemberSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMember: defineRoute({
    ...identityEndpoints.boMember,
    tag: TAG,
    summary: 'Member detail: profile, sessions, login history, notes',
    query: z.object({ id: memberId }),
    value: boMemberDetail,
  }),
  boMemberLock: defineRoute({
    ...identityEndpoints.boMemberLock,
    tag: TAG,
    summary: 'Locks a member: no more logins, every session ends',
    body: z.object({ memberId, reason: z.string().trim().min(1).max(500) }),
    value: ok,
  }),
  boMemberUnlock: defineRoute({
    ...identityEndpoints.boMemberUnlock,
    tag: TAG,
    summary: 'Unlocks a member',
    body: z.object({ memberId, reason: z.string().trim().min(1).max(500) }),
    value: ok,
  }),
  boMemberRevoke: defineRoute({
    ...identityEndpoints.boMemberRevoke,
    tag: TAG,
    summary: 'Ends every session of a member',
    body: z.object({ memberId }),
    value: z.object({ revoked: z.number().int() }),
  }),
  boMemberPasswordReset: defineRoute({
    ...identityEndpoints.boMemberPasswordReset,
    tag: TAG,
    summary: 'Sets a one-time password the member must change at the next login',
    body: z.object({ memberId }),
    value: z.object({ temporaryPassword: z.string() }),
  }),
  boMemberType: defineRoute({
    ...identityEndpoints.boMemberType,
    tag: TAG,
    summary: 'Sets the member type: 0 member, 1/2/41/42 agent codes, 4 trial',
    body: z.object({
      memberId,
      type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4), z.literal(41), z.literal(42)]),
    }),
    value: ok,
  }),
  boMemberNote: defineRoute({
    ...identityEndpoints.boMemberNote,
    tag: TAG,
    summary: 'Adds a staff note to a member',
    body: z.object({ memberId, body: z.string().trim().min(1).max(2000) }),
    value: z.object({ id: z.number().int() }),
  }),
  boMemberSessions: defineRoute({
    ...identityEndpoints.boMemberSessions,
    tag: TAG,
    summary: "A member's sessions, filtered, sorted and paged",
    query: boMemberSessionSearch,
    value: paged(boMemberSessionRow),
  }),
  boMemberSessionsCsv: defineRoute({
    ...identityEndpoints.boMemberSessionsCsv,
    tag: TAG,
    summary: "A member's sessions as CSV (every page)",
    query: boMemberSessionSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMemberLogins: defineRoute({
    ...identityEndpoints.boMemberLogins,
    tag: TAG,
    summary: "A member's login history with IPs, filtered, sorted and paged",
    query: boMemberLoginSearch,
    value: paged(boMemberLoginRow),
  }),
  boMemberLoginsCsv: defineRoute({
    ...identityEndpoints.boMemberLoginsCsv,
    tag: TAG,
    summary: "A member's login history as CSV (every page)",
    query: boMemberLoginSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMemberTrail: defineRoute({
    ...identityEndpoints.boMemberTrail,
    tag: TAG,
    summary: 'Staff actions on a member (from the audit log), filtered, sorted and paged',
    query: boMemberTrailSearch,
    value: paged(boMemberTrailRow),
  }),
  boMemberTrailCsv: defineRoute({
    ...identityEndpoints.boMemberTrailCsv,
    tag: TAG,
    summary: 'Staff actions on a member as CSV (every page)',
    query: boMemberTrailSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
};

/** Back-office calls the identity module owns (staff sessions). */
export const identityBoRoutes = {
  boSocialSettings: defineRoute({
    ...identityEndpoints.boSocialSettings,
    tag: 'backoffice',
    summary: "A merchant's Google/Facebook sign-in settings (the client secret is never answered)",
    query: z.object({ merchant: z.string().trim().min(2).max(32) }),
    value: boSocialSettingsValue,
  }),
  boSocialSettingsUpdate: defineRoute({
    ...identityEndpoints.boSocialSettingsUpdate,
    tag: 'backoffice',
    summary:
      'Sets or clears one Google/Facebook provider of a merchant (issuer, client id and secret; a missing secret keeps the stored one)',
    body: boSocialSettingsBody,
    value: boSocialSettingsValue,
  }),
};
