import { z } from 'zod';
import { merchantCode, rowId } from '../core/lists';
import { defineRoute } from '../core/route';
import { CLOSURE_REASONS } from './constants';
import { protectionEndpoints } from './endpoints';

/** Erasure and reopening of a closed account (docs/decisions/052). */

const confirmBody = z.object({ confirm: z.literal(true) });

export const erasureView = z.object({
  status: z.enum(['retained', 'done']),
  requestedAt: z.number(),
  /** Staff who asked on the member's behalf (null: the member). */
  requestedBy: z.number().int().nullable(),
  /** Until when the identity records the licence keeps are retained (null: none retained). */
  retainedUntil: z.number().nullable(),
  finishedAt: z.number().nullable(),
});

export const protectionAccountValue = z.object({
  closed: z.boolean(),
  closedAt: z.number().nullable(),
  closureReason: z.enum(CLOSURE_REASONS).nullable(),
  reopen: z.object({
    /** The member may ask (closed for another reason than harm, not erased). */
    possible: z.boolean(),
    requestedAt: z.number().nullable(),
    /** From when the reopening can be confirmed (null: not possible). */
    from: z.number().nullable(),
  }),
  erasure: erasureView.nullable(),
});
export type ProtectionAccountValue = z.infer<typeof protectionAccountValue>;

export const boProtectionErasuresQuery = z.object({
  merchant: merchantCode.optional(),
  memberId: z.coerce.number().int().positive().optional(),
  status: z.enum(['retained', 'done']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export const boErasureRow = erasureView.extend({
  memberId: z.number().int(),
  merchant: z.string(),
  username: z.string(),
});
export const boProtectionErasuresValue = z.object({
  items: z.array(boErasureRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const boProtectionEraseBody = z.object({
  memberId: rowId,
  /** Why staff erase on the member's behalf (kept in the audit). */
  reason: z.string().trim().min(3).max(500),
});

const tag = 'protection';
const boTag = 'bo-protection';

export const protectionErasureRoutes = {
  protectionAccount: defineRoute({
    ...protectionEndpoints.protectionAccount,
    summary: 'Closure, reopening and erasure state of the account',
    tag,
    value: protectionAccountValue,
  }),
  protectionReopen: defineRoute({
    ...protectionEndpoints.protectionReopen,
    summary: 'Ask to reopen an account closed for another reason than gambling harm',
    tag,
    body: confirmBody,
    value: protectionAccountValue,
  }),
  protectionReopenConfirm: defineRoute({
    ...protectionEndpoints.protectionReopenConfirm,
    summary: "Confirm reopening after the licence profile's cooling-off since the closure",
    tag,
    body: confirmBody,
    value: protectionAccountValue,
  }),
  protectionErasure: defineRoute({
    ...protectionEndpoints.protectionErasure,
    summary: 'Erase the closed account: personal data replaced by pseudonyms (what is not retained, at once)',
    tag,
    body: confirmBody,
    value: erasureView,
  }),
};

export const protectionErasureBoRoutes = {
  boProtectionErasures: defineRoute({
    ...protectionEndpoints.boProtectionErasures,
    summary: 'Erasures: retained until, done',
    tag: boTag,
    query: boProtectionErasuresQuery,
    value: boProtectionErasuresValue,
  }),
  boProtectionErase: defineRoute({
    ...protectionEndpoints.boProtectionErase,
    summary: "Erase a closed account on the member's behalf (audited)",
    tag: boTag,
    body: boProtectionEraseBody,
    value: erasureView,
  }),
};
