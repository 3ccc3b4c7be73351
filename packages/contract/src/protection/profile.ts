import { z } from 'zod';
import { GAME_TYPES } from '../catalogue/constants';
import { merchantCode, rowId } from '../core/lists';
import { defineRoute } from '../core/route';
import {
  AML_RETENTION_MAX,
  AML_RETENTION_MIN,
  CLOSURE_REASONS,
  KYC_DOCUMENT_KINDS,
  KYC_STATUSES,
  LIMIT_PROMPTS,
  MIN_AGES,
  MONEY_MODES,
  PROFILE_COOLING_OFF_MAX,
  PROFILE_COOLING_OFF_MIN,
  RISK_CYCLE_HOURS_MAX,
  RISK_CYCLE_HOURS_MIN,
  RISK_CYCLE_PERCENT_MAX,
  RISK_CYCLE_PERCENT_MIN,
} from './constants';
import { protectionEndpoints } from './endpoints';
import { protectionOkValue } from './schemas';

/** Minor units as a decimal string (bigint on the server). */
const minorText = z.string().regex(/^[0-9]+$/);

/** A merchant's licence / jurisdiction profile (docs/decisions/045). */
export const licenceProfile = z.object({
  minAge: z
    .number()
    .int()
    .refine((age) => (MIN_AGES as readonly number[]).includes(age), 'protection.profile.age'),
  moneyMode: z.enum(MONEY_MODES),
  /** The verticals (catalogue game types) members of this merchant may launch and bet on. */
  allowedProducts: z.array(z.enum(GAME_TYPES)).max(GAME_TYPES.length),
  coolingOffHours: z.number().int().min(PROFILE_COOLING_OFF_MIN).max(PROFILE_COOLING_OFF_MAX),
  limitPrompt: z.enum(LIMIT_PROMPTS),
  /** Verified KYC before any deposit. */
  kycBeforeDeposit: z.boolean(),
  /** Withdrawals above this amount (minor units) need verified KYC; "0": every withdrawal; null: none. */
  kycWithdrawalAbove: minorText.nullable(),
  /** Years identity records (KYC files, date of birth, ID number, payee name) are kept after closure (docs/decisions/052). */
  amlRetentionYears: z.number().int().min(AML_RETENTION_MIN).max(AML_RETENTION_MAX).default(5),
  /** A withdrawal within this many hours after a deposit… (the rapid-cycle risk signal, docs/decisions/057) */
  riskCycleHours: z.number().int().min(RISK_CYCLE_HOURS_MIN).max(RISK_CYCLE_HOURS_MAX).default(24),
  /** …taking at least this per cent of it back out is flagged. */
  riskCyclePercent: z.number().int().min(RISK_CYCLE_PERCENT_MIN).max(RISK_CYCLE_PERCENT_MAX).default(80),
  /** A confirmed risk flag holds the member's withdrawals until staff clear it. */
  riskHoldWithdrawals: z.boolean().default(true),
});
export type LicenceProfile = z.infer<typeof licenceProfile>;

export const licenceProfileValue = licenceProfile.extend({
  merchant: z.string(),
  /** 0: the defaults (no version saved yet). */
  version: z.number().int(),
  savedAt: z.number().nullable(),
  savedBy: z.number().int().nullable(),
});

export const boProtectionProfileQuery = z.object({ merchant: merchantCode });
export const boProtectionProfileSaveBody = licenceProfile.extend({
  merchant: merchantCode,
  /** The version the editor started from (a stale editor is refused). */
  baseVersion: z.number().int().min(0),
});

export const kycDocumentView = z.object({
  id: z.number().int(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  mime: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  createdAt: z.number(),
  /** The file was erased (docs/decisions/052): the row stays, the bytes are gone. */
  erased: z.boolean(),
});
export const protectionKycValue = z.object({
  status: z.enum(KYC_STATUSES),
  reason: z.string().nullable(),
  documents: z.array(kycDocumentView),
  /** When the merchant's profile asks for verification (for the member's information). */
  required: z.object({ beforeDeposit: z.boolean(), withdrawalAbove: minorText.nullable() }),
});

export const protectionKycUploadQuery = z.object({ kind: z.enum(KYC_DOCUMENT_KINDS) });

/**
 * Closure: `harm` (gambling harm, exclusion: never reopened by the member) or `other`; no reason
 * given counts as `harm` (docs/decisions/052).
 */
export const protectionCloseBody = z.object({
  confirm: z.literal(true),
  reason: z.enum(CLOSURE_REASONS).default('harm'),
});

export const boProtectionKycQuery = z.object({
  merchant: merchantCode.optional(),
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export const boKycRow = kycDocumentView.extend({
  memberId: z.number().int(),
  username: z.string(),
  merchant: z.string(),
});
export const boProtectionKycValue = z.object({
  items: z.array(boKycRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const boProtectionKycDocumentQuery = z.object({ id: z.coerce.number().int().positive() });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');
export const boProtectionKycReviewBody = z.discriminatedUnion('decision', [
  /** Approve: the date of birth read off the document (checked against the profile's minimum age). */
  z.object({ id: rowId, decision: z.literal('approve'), birthDate: isoDate }),
  z.object({ id: rowId, decision: z.literal('reject'), reason: z.string().trim().min(3).max(500) }),
]);

const tag = 'protection';
const boTag = 'bo-protection';

/** Member routes of licence profiles, KYC, closure and lifting an exclusion. */
export const protectionProfileRoutes = {
  protectionKyc: defineRoute({
    ...protectionEndpoints.protectionKyc,
    summary: 'KYC: status, uploaded documents and when verification is required',
    tag,
    value: protectionKycValue,
  }),
  protectionKycUpload: defineRoute({
    ...protectionEndpoints.protectionKycUpload,
    summary: 'Upload a KYC document (multipart file; PNG, JPEG or PDF up to 5 MB; ?kind=)',
    tag,
    query: protectionKycUploadQuery,
    value: protectionKycValue,
  }),
  protectionClose: defineRoute({
    ...protectionEndpoints.protectionClose,
    summary: 'Close the account (every session ends; no sign-in afterwards)',
    tag,
    body: protectionCloseBody,
    value: protectionOkValue,
  }),
  protectionLiftRequest: defineRoute({
    ...protectionEndpoints.protectionLiftRequest,
    summary: 'Ask to lift a self-exclusion whose term is over (confirm after the cooling-off)',
    tag,
    value: protectionOkValue,
  }),
  protectionLiftConfirm: defineRoute({
    ...protectionEndpoints.protectionLiftConfirm,
    summary: 'Confirm lifting an ended self-exclusion after its cooling-off',
    tag,
    value: protectionOkValue,
  }),
};

/** Back-office routes of licence profiles and the KYC queue. */
export const protectionProfileBoRoutes = {
  boProtectionProfile: defineRoute({
    ...protectionEndpoints.boProtectionProfile,
    summary: 'The merchant licence profile in force',
    tag: boTag,
    query: boProtectionProfileQuery,
    value: licenceProfileValue,
  }),
  boProtectionProfileSave: defineRoute({
    ...protectionEndpoints.boProtectionProfileSave,
    summary: 'Save a new version of a merchant licence profile (audited)',
    tag: boTag,
    body: boProtectionProfileSaveBody,
    value: licenceProfileValue,
  }),
  boProtectionKyc: defineRoute({
    ...protectionEndpoints.boProtectionKyc,
    summary: 'KYC queue: uploaded documents by status',
    tag: boTag,
    query: boProtectionKycQuery,
    value: boProtectionKycValue,
  }),
  boProtectionKycDocument: defineRoute({
    ...protectionEndpoints.boProtectionKycDocument,
    summary: 'A KYC document file (as uploaded)',
    tag: boTag,
    query: boProtectionKycDocumentQuery,
    value: z.unknown(),
  }),
  boProtectionKycReview: defineRoute({
    ...protectionEndpoints.boProtectionKycReview,
    summary: 'Approve (with the date of birth) or reject (with a reason) a KYC document (audited)',
    tag: boTag,
    body: boProtectionKycReviewBody,
    value: protectionOkValue,
  }),
};
