import { z } from 'zod';

/** The agent centre's payloads (issue 20, ADR 038). Amounts are minor units as decimal strings. */

export const CONTRACT_KINDS = ['daily', 'hourly', 'realtime', 'dividend'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
export const CARRY_MODES = ['none', 'permanent', 'previous', 'half_month'] as const;
export const CONTRACT_STATES = ['requested', 'accepted', 'declined', 'expired', 'terminated'] as const;
export const OVERVIEW_RANGES = ['today', 'yesterday', 'week', 'halfMonth', 'month'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

const minor = z.string().regex(/^-?[0-9]+$/);
const account = z.string().trim().min(1).max(32);

export const agencyTier = z.object({
  minActive: z.number().int().min(0).max(100_000),
  /** Basis points: of team turnover (salaries) or of team net loss (dividend). 1 % = 100. */
  rateBp: z.number().int().min(0).max(10_000),
});
export type ContractTier = z.infer<typeof agencyTier>;

export const agencyContractTerms = z.object({
  kind: z.enum(CONTRACT_KINDS),
  tiers: z.array(agencyTier).min(1).max(10),
  /** Dividend: paid 1, 2 or 3 times a month. */
  cycles: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  carry: z.enum(CARRY_MODES).default('none'),
  /** Who pays the downline: the platform, or the offering upline from its own wallet. */
  payer: z.enum(['platform', 'upline']).default('platform'),
});
export type ContractTerms = z.input<typeof agencyContractTerms>;

export const agencyContractView = z.object({
  id: z.number().int(),
  account: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  version: z.number().int(),
  tiers: z.array(agencyTier),
  cycles: z.number().int(),
  carry: z.enum(CARRY_MODES),
  payer: z.enum(['platform', 'upline']),
  status: z.enum(CONTRACT_STATES),
  offeredBy: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  endReason: z.string().nullable(),
  /** The upline asked to end it (ms): in force until the holder confirms or declines. */
  revocationAskedAt: z.number().int().nullable(),
});
export type ContractView = z.infer<typeof agencyContractView>;

export const agencyCentreValue = z.object({
  account: z.string(),
  currency: z.string(),
  /** Which salary and dividend pages the agent sees: the kinds it holds or is offered. */
  features: z.object({
    daily: z.boolean(),
    hourly: z.boolean(),
    realtime: z.boolean(),
    dividend: z.boolean(),
  }),
  contracts: z.array(agencyContractView),
});

export const agencyOverviewQuery = z.object({ range: z.enum(OVERVIEW_RANGES).default('today') });
export const agencyOverviewValue = z.object({
  range: z.enum(OVERVIEW_RANGES),
  from: z.number().int(),
  to: z.number().int(),
  teamSize: z.number().int(),
  activeMembers: z.number().int(),
  newMembers: z.number().int(),
  depositors: z.number().int(),
  depositsMinor: minor,
  withdrawalsMinor: minor,
  turnoverMinor: minor,
  ggrMinor: minor,
});
export type AgencyOverviewValue = z.infer<typeof agencyOverviewValue>;

export const agencyTeamPlayQuery = agencyOverviewQuery.extend({
  account: z.string().trim().max(32).optional(),
});
export const agencyTeamPlayValue = z.object({
  from: z.number().int(),
  to: z.number().int(),
  rows: z.array(
    z.object({
      account: z.string(),
      depth: z.number().int(),
      turnoverMinor: minor,
      payoutMinor: minor,
      /** The member's profit (payout − turnover): positive when the member won. */
      profitMinor: minor,
      bets: z.number().int(),
    }),
  ),
});

export const agencyDownlineQuery = z.object({
  search: z.string().trim().max(32).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const agencyDownlineValue = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(
    z.object({
      account: z.string(),
      nickname: z.string(),
      isAgent: z.boolean(),
      depth: z.number().int(),
      upline: z.string().nullable(),
      status: z.enum(['active', 'locked']),
      regDate: z.number().int(),
      contracts: z.array(agencyContractView),
    }),
  ),
});

export const agencyRegisterBody = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9]{4,15}$/, 'username.format'),
  password: z.string().min(8).max(64),
  asAgent: z.boolean().default(false),
  contract: agencyContractTerms.optional(),
});
export const agencyRegisterValue = z.object({ account: z.string(), contract: agencyContractView.nullable() });

export const agencyStatusBody = z.object({ account, status: z.enum(['active', 'locked']) });
export const agencyTransferBody = z.object({
  account,
  amountMinor: z.string().regex(/^[1-9][0-9]{0,15}$/, 'amount.minor.units'),
});
export const agencyTransferValue = z.object({
  transactionId: z.string(),
  replayed: z.boolean(),
  balanceMinor: minor,
});
export const agencyOfferBody = agencyContractTerms.extend({ account });
export const agencyDecideBody = z.object({ contractId: z.number().int().positive(), accept: z.boolean() });
export const agencyTerminateBody = z.object({ contractId: z.number().int().positive() });
export const agencyRevocationBody = z.object({
  contractId: z.number().int().positive(),
  confirm: z.boolean(),
});

export const agencySettlementView = z.object({
  id: z.number().int(),
  account: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  contractId: z.number().int(),
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  seq: z.number().int(),
  teamTurnoverMinor: minor,
  teamGgrMinor: minor,
  activeMembers: z.number().int(),
  rateBp: z.number().int(),
  carryInMinor: minor,
  carryOutMinor: minor,
  grossMinor: minor,
  childrenMinor: minor,
  owedMinor: minor,
  amountMinor: minor,
  payer: z.enum(['platform', 'upline']),
  state: z.enum(['paid', 'pending_balance', 'nothing']),
  createdAt: z.number().int(),
});
export type SettlementView = z.infer<typeof agencySettlementView>;

export const agencyIncomeQuery = z.object({
  kind: z.enum(CONTRACT_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const agencyIncomeValue = z.object({
  totalPaidMinor: minor,
  pendingMinor: minor,
  byKind: z.array(z.object({ kind: z.enum(CONTRACT_KINDS), paidMinor: minor })),
  items: z.array(agencySettlementView),
});

/** A contract template: the terms the merchant's programme offers for one kind (paid by the platform). */
export const agencyTemplate = z.object({
  kind: z.enum(CONTRACT_KINDS),
  tiers: z.array(agencyTier).min(1).max(10),
  cycles: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  carry: z.enum(CARRY_MODES).default('none'),
});
export type AgencyTemplate = z.infer<typeof agencyTemplate>;

export const agencyProgrammeValue = z.object({
  /** The template set in force (0: the platform's default set, never saved for this merchant). */
  version: z.number().int(),
  templates: z.array(agencyTemplate.extend({ payer: z.enum(['platform', 'upline']) })),
});
export const agencyApplyBody = z.object({
  name: z.string().trim().min(2).max(60),
  contact: z.string().trim().min(5).max(80),
  channel: z.enum(['mobile', 'email', 'whatsapp', 'telegram']),
  message: z.string().trim().max(500).default(''),
});
export const agencyApplyValue = z.object({ id: z.number().int() });

// Back office
export const boMerchantQuery = z.object({ merchant: z.string().min(1).max(32) });
export const boAgentsQuery = boMerchantQuery.extend({ search: z.string().trim().max(32).optional() });
export const boAgentsValue = z.object({
  items: z.array(
    z.object({
      account: z.string(),
      upline: z.string().nullable(),
      teamSize: z.number().int(),
      contracts: z.array(agencyContractView),
    }),
  ),
});
export const boContractBody = agencyContractTerms.extend({ merchant: z.string().min(1).max(32), account });
export const boRunQuery = boMerchantQuery.extend({
  kind: z.enum(CONTRACT_KINDS),
  /** Any instant inside the period (ms); default: the last finished period. */
  at: z.coerce.number().int().positive().optional(),
  /** Dividend: the runs of the contracts paid this many times a month (default 1). */
  cycles: z.coerce.number().int().min(1).max(3).optional(),
});
export const boRunBody = z.object({
  merchant: z.string().min(1).max(32),
  kind: z.enum(CONTRACT_KINDS),
  at: z.number().int().positive().optional(),
  cycles: z.number().int().min(1).max(3).optional(),
  /** A correction of a period already run: pays the delta (owed now − paid) under the next seq. */
  correction: z.boolean().default(false),
});
export const agencyRunLine = z.object({
  account: z.string(),
  contractId: z.number().int(),
  rateBp: z.number().int(),
  activeMembers: z.number().int(),
  teamTurnoverMinor: minor,
  teamGgrMinor: minor,
  grossMinor: minor,
  childrenMinor: minor,
  owedMinor: minor,
});
export const boPreviewValue = z.object({
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  lines: z.array(agencyRunLine),
});
export const boRunValue = z.object({
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  written: z.number().int(),
  paidMinor: minor,
  pending: z.number().int(),
});
export const boSettlementsQuery = boMerchantQuery.extend({
  kind: z.enum(CONTRACT_KINDS).optional(),
  account: z.string().trim().max(32).optional(),
});
export const boSettlementsValue = z.object({ items: z.array(agencySettlementView) });
export const APPLICATION_STATES = ['new', 'approved', 'rejected'] as const;
export const boApplicationsQuery = boMerchantQuery.extend({ status: z.enum(APPLICATION_STATES).optional() });
export const agencyApplicationView = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string(),
  channel: z.string(),
  message: z.string(),
  status: z.enum(APPLICATION_STATES),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
  /** The member account staff linked on approval (it became an agent with the templates in force). */
  account: z.string().nullable(),
});
export const boApplicationsValue = z.object({ items: z.array(agencyApplicationView) });
export const boApplicationDecideBody = z.object({
  merchant: z.string().min(1).max(32),
  id: z.number().int().positive(),
  approve: z.boolean(),
  reason: z.string().trim().min(2).max(300),
  /** Approve only: an existing member account of the merchant to make the agent. */
  account: account.optional(),
});

/** The back office's template editor: the set in force, the limits, and the saved versions. */
export const boTemplatesValue = z.object({
  version: z.number().int(),
  createdAt: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  templates: z.array(agencyTemplate),
  /** The highest rate a template of each kind may carry (basis points). */
  maxRateBp: z.object({
    daily: z.number().int(),
    hourly: z.number().int(),
    realtime: z.number().int(),
    dividend: z.number().int(),
  }),
  versions: z.array(
    z.object({
      version: z.number().int(),
      createdAt: z.number().int(),
      createdBy: z.string(),
      kinds: z.number().int(),
    }),
  ),
});
export const boTemplatesBody = z.object({
  merchant: z.string().min(1).max(32),
  /** One template per kind offered; a kind left out is not offered. */
  templates: z.array(agencyTemplate).min(1).max(CONTRACT_KINDS.length),
});
