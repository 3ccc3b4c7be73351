import { z } from 'zod';
import { merchantCode, ok, paged, rowId } from '../core/lists';
import { defineRoute } from '../core/route';
import { staffEndpoints } from './endpoints';
import {
  boAuditRow,
  boAuditSearch,
  boStaffRow,
  boStaffSearch,
  boStaffSessionRow,
  boStaffSessionSearch,
  staffEnrolment,
  staffIdentity,
  staffRole,
  staffSession,
  staffTotpCode as totpCode,
  staffUsername as username,
} from './schemas';

const TAG = 'backoffice';

const minorText = z.string().regex(/^-?[0-9]+$/);
/** A window's money: deposits approved, withdrawals paid, bets and wins of real-money rounds, bonuses granted. */
const moneyFigures = z.object({
  deposits: minorText,
  withdrawals: minorText,
  netDeposits: minorText,
  bets: minorText,
  wins: minorText,
  ggr: minorText,
  bonusCost: minorText,
  /** Distinct members with a real-money round. */
  activePlayers: z.number().int(),
});

/** Staff sign-in, the own password, staff accounts and sessions, the dashboard and the audit log. */
export const staffRoutes = {
  boLogin: defineRoute({
    ...staffEndpoints.boLogin,
    tag: TAG,
    summary: 'Staff login: password plus TOTP; an account without a secret gets an enrolment step',
    body: z.object({ username, password: z.string().min(1).max(128), totp: totpCode.optional() }),
    value: z.discriminatedUnion('step', [staffSession, staffEnrolment]),
  }),
  boTotpEnrol: defineRoute({
    ...staffEndpoints.boTotpEnrol,
    tag: TAG,
    summary: 'Confirms the TOTP secret of the enrolment step with a code; opens the session',
    body: z.object({ enrolToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/), code: totpCode }),
    value: staffSession,
  }),
  boLogout: defineRoute({
    ...staffEndpoints.boLogout,
    tag: TAG,
    summary: 'Ends the staff session',
    value: ok,
  }),
  boMe: defineRoute({
    ...staffEndpoints.boMe,
    tag: TAG,
    summary: 'The signed-in staff member and the merchants the back office edits',
    value: staffIdentity.extend({
      merchants: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          currencySymbol: z.string(),
          languages: z.array(z.string()),
          /** The language operator texts are written in first, and the fallback of the others. */
          defaultLanguage: z.string(),
        }),
      ),
    }),
  }),
  boPasswordChange: defineRoute({
    ...staffEndpoints.boPasswordChange,
    tag: TAG,
    summary: 'Changes the own password (the current one is required); other sessions of the account end',
    body: z.object({
      currentPassword: z.string().min(1).max(128),
      newPassword: z.string().min(10).max(128),
    }),
    value: ok,
  }),
  boStaff: defineRoute({
    ...staffEndpoints.boStaff,
    tag: TAG,
    summary: 'Staff accounts, filtered, sorted and paged (owner only)',
    query: boStaffSearch,
    value: paged(boStaffRow),
  }),
  boStaffCsv: defineRoute({
    ...staffEndpoints.boStaffCsv,
    tag: TAG,
    summary: 'Staff accounts as CSV (owner only)',
    query: boStaffSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boStaffCreate: defineRoute({
    ...staffEndpoints.boStaffCreate,
    tag: TAG,
    summary: 'Creates a staff account; it enrols its TOTP secret on the first login (owner only)',
    body: z.object({ username, password: z.string().min(10).max(128), role: staffRole }),
    value: z.object({ id: z.number().int() }),
  }),
  boStaffStatus: defineRoute({
    ...staffEndpoints.boStaffStatus,
    tag: TAG,
    summary: 'Disables (ending its sessions) or re-enables a staff account (owner only)',
    body: z.object({ staffId: rowId, status: z.enum(['active', 'disabled']) }),
    value: ok,
  }),
  boStaffRole: defineRoute({
    ...staffEndpoints.boStaffRole,
    tag: TAG,
    summary: "Changes another staff account's role; it applies from that account's next call (owner only)",
    body: z.object({ staffId: rowId, role: staffRole }),
    value: ok,
  }),
  boStaffTotpReset: defineRoute({
    ...staffEndpoints.boStaffTotpReset,
    tag: TAG,
    summary: "Forgets another account's TOTP secret and ends its sessions; it enrols again (owner only)",
    body: z.object({ staffId: rowId }),
    value: ok,
  }),
  boStaffUnlock: defineRoute({
    ...staffEndpoints.boStaffUnlock,
    tag: TAG,
    summary: "Lifts the lock of another account's login (owner only; audited)",
    body: z.object({ staffId: rowId }),
    value: ok,
  }),
  boStaffSessions: defineRoute({
    ...staffEndpoints.boStaffSessions,
    tag: TAG,
    summary: "A staff account's sessions, filtered, sorted and paged (owner only)",
    query: boStaffSessionSearch,
    value: paged(boStaffSessionRow),
  }),
  boStaffSessionsCsv: defineRoute({
    ...staffEndpoints.boStaffSessionsCsv,
    tag: TAG,
    summary: "A staff account's sessions as CSV (every page; owner only)",
    query: boStaffSessionSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boStaffSessionsRevoke: defineRoute({
    ...staffEndpoints.boStaffSessionsRevoke,
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
  boDashboard: defineRoute({
    ...staffEndpoints.boDashboard,
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
  boDashboardMoney: defineRoute({
    ...staffEndpoints.boDashboardMoney,
    tag: TAG,
    summary: 'Deposits, withdrawals, bets, wins, GGR, bonus cost and active players per day and per merchant',
    query: z.object({
      merchant: merchantCode.optional(),
      days: z.coerce.number().int().min(1).max(90).default(7),
    }),
    value: z.object({
      /** Minor units as decimal strings, per UTC day (oldest first), of one merchant or all. */
      days: z.array(moneyFigures.extend({ day: z.string() })),
      /** The whole window per merchant. */
      merchants: z.array(moneyFigures.extend({ merchant: merchantCode })),
      /** The whole window, every merchant asked for. */
      total: moneyFigures,
    }),
  }),
  boAudit: defineRoute({
    ...staffEndpoints.boAudit,
    tag: TAG,
    summary: 'Staff audit log, filtered and paged',
    query: boAuditSearch,
    value: paged(boAuditRow),
  }),
  boAuditCsv: defineRoute({
    ...staffEndpoints.boAuditCsv,
    tag: TAG,
    summary: 'Staff audit log as CSV (every page)',
    query: boAuditSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
};
