import { z } from 'zod';
import { ipFilter, paging, rowIdParam, timeRange } from '../core/lists';
import { SESSION_STATES } from '../identity/constants';
import { AUDIT_SORTS, STAFF_ROLES, STAFF_SESSION_SORTS, STAFF_SORTS } from './constants';

export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRole>;

/** A staff username: 3–32 of a-z 0-9 _ . -, lower-cased. */
export const staffUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_.-]{3,32}$/);
/** A 6-digit TOTP code. */
export const staffTotpCode = z.string().regex(/^[0-9]{6}$/);

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
