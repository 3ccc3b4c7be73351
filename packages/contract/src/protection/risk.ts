import { z } from 'zod';
import { merchantCode, rowId } from '../core/lists';
import { defineRoute } from '../core/route';
import { protectionEndpoints } from './endpoints';

/** What a risk flag says (docs/decisions/054). */
export const RISK_FLAG_KINDS = ['sharedPayout', 'sharedDevice', 'rapidCycle'] as const;
export type RiskFlagKind = (typeof RISK_FLAG_KINDS)[number];
export const RISK_FLAG_STATUSES = ['open', 'cleared', 'confirmed'] as const;

export const boProtectionRiskQuery = z.object({
  merchant: merchantCode.optional(),
  status: z.enum(RISK_FLAG_STATUSES).default('open'),
  kind: z.enum(RISK_FLAG_KINDS).optional(),
  /** Account name (prefix) or member id. */
  member: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const boRiskFlagRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  merchant: z.string(),
  kind: z.enum(RISK_FLAG_KINDS),
  /** What was found: the other members (`members`, with names), a masked account, the amounts of a cycle. */
  detail: z.record(z.string(), z.unknown()),
  firstSeenAt: z.number(),
  lastSeenAt: z.number(),
  status: z.enum(RISK_FLAG_STATUSES),
  decidedAt: z.number().nullable(),
  note: z.string().nullable(),
});

export const boProtectionRiskValue = z.object({
  items: z.array(boRiskFlagRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const boProtectionRiskDecideBody = z.object({
  id: rowId,
  decision: z.enum(['clear', 'confirm']),
  note: z.string().trim().min(3).max(500),
});

export const boProtectionRiskScanValue = z.object({ found: z.number().int(), added: z.number().int() });

const tag = 'bo-protection';

/** Back-office routes of the risk queue. */
export const protectionRiskBoRoutes = {
  boProtectionRisk: defineRoute({
    ...protectionEndpoints.boProtectionRisk,
    summary: 'Risk queue: flags by status and kind (shared payout account or device, rapid cycles)',
    tag,
    query: boProtectionRiskQuery,
    value: boProtectionRiskValue,
  }),
  boProtectionRiskDecide: defineRoute({
    ...protectionEndpoints.boProtectionRiskDecide,
    summary: 'Clear or confirm an open risk flag with a note (audited)',
    tag,
    body: boProtectionRiskDecideBody,
    value: boRiskFlagRow,
  }),
  boProtectionRiskScan: defineRoute({
    ...protectionEndpoints.boProtectionRiskScan,
    summary: 'Run the risk scan now (it also runs every 10 minutes)',
    tag,
    value: boProtectionRiskScanValue,
  }),
};
