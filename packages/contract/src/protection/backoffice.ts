import { z } from 'zod';
import { merchantCode, paged, rowId } from '../core/lists';
import { defineRoute } from '../core/route';
import { SELF_EXCLUSION_TERMS, TIMEOUT_DAYS_MAX, TIMEOUT_DAYS_MIN } from './constants';
import { protectionEndpoints } from './endpoints';
import { protectionErasureBoRoutes } from './erasure';
import { protectionProfileBoRoutes } from './profile';
import { protectionRiskBoRoutes } from './risk';
import { protectionOkValue } from './schemas';

const tag = 'bo-protection';

export const boProtectionDashboardQuery = z.object({ merchant: merchantCode.optional() });
export const boProtectionDashboardValue = z.object({
  activeLimits: z.array(z.object({ kind: z.string(), period: z.string(), members: z.number().int() })),
  pendingIncreases: z.number().int(),
  timeouts: z.number().int(),
  selfExclusions: z.number().int(),
  realityChecks7d: z.number().int(),
  realityStops7d: z.number().int(),
});

export const boProtectionExclusionsQuery = z.object({
  merchant: merchantCode.optional(),
  /** Account name (prefix) or member id. */
  q: z.string().trim().max(40).optional(),
  type: z.enum(['timeout', 'self_exclusion']).optional(),
  /** Only those still in force. */
  active: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export const boProtectionExclusionRow = z.object({
  memberId: z.number().int(),
  username: z.string(),
  merchant: z.string(),
  type: z.enum(['timeout', 'self_exclusion']),
  since: z.number(),
  until: z.number().nullable(),
  allMerchants: z.boolean(),
  active: z.boolean(),
});
export const boProtectionExclusionsValue = paged(boProtectionExclusionRow);

export const boProtectionExcludeBody = z.discriminatedUnion('type', [
  z.object({
    memberId: rowId,
    type: z.literal('timeout'),
    days: z.number().int().min(TIMEOUT_DAYS_MIN).max(TIMEOUT_DAYS_MAX),
    reason: z.string().trim().min(3).max(500),
  }),
  z.object({
    memberId: rowId,
    type: z.literal('selfExclusion'),
    term: z.enum(SELF_EXCLUSION_TERMS),
    reason: z.string().trim().min(3).max(500),
  }),
]);

export const protectionBoRoutes = {
  ...protectionProfileBoRoutes,
  ...protectionErasureBoRoutes,
  ...protectionRiskBoRoutes,
  boProtectionDashboard: defineRoute({
    ...protectionEndpoints.boProtectionDashboard,
    summary: 'Responsible-gaming dashboard: active limits, exclusions, reality checks',
    tag,
    query: boProtectionDashboardQuery,
    value: boProtectionDashboardValue,
  }),
  boProtectionExclusions: defineRoute({
    ...protectionEndpoints.boProtectionExclusions,
    summary: 'Exclusion register: time-outs and self-exclusions, searchable',
    tag,
    query: boProtectionExclusionsQuery,
    value: boProtectionExclusionsValue,
  }),
  boProtectionExclude: defineRoute({
    ...protectionEndpoints.boProtectionExclude,
    summary: 'Record a time-out or self-exclusion a member asked for (audited)',
    tag,
    body: boProtectionExcludeBody,
    value: protectionOkValue,
  }),
};
