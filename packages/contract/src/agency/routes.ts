import { z } from 'zod';
import { defineRoute } from '../core/route';
import { agencyEndpoints as e } from './endpoints';
import * as s from './schemas';

const TAG = 'agency';

export const agencyRoutes = {
  agencyCentre: defineRoute({
    ...e.agencyCentre,
    tag: TAG,
    summary: "The agent's contracts and which salary and dividend pages are on",
    value: s.agencyCentreValue,
  }),
  agencyOverview: defineRoute({
    ...e.agencyOverview,
    tag: TAG,
    summary: 'Team overview: active and new members, deposits, withdrawals, turnover, GGR',
    query: s.agencyOverviewQuery,
    value: s.agencyOverviewValue,
  }),
  agencyTeamPlay: defineRoute({
    ...e.agencyTeamPlay,
    tag: TAG,
    summary: "Team betting and members' profit and loss over a range",
    query: s.agencyTeamPlayQuery,
    value: s.agencyTeamPlayValue,
  }),
  agencyDownline: defineRoute({
    ...e.agencyDownline,
    tag: TAG,
    summary: 'The downline at every depth: search, status, contracts',
    query: s.agencyDownlineQuery,
    value: s.agencyDownlineValue,
  }),
  agencyRegister: defineRoute({
    ...e.agencyRegister,
    tag: TAG,
    summary: 'Register centre: a direct downline member or agent, with a contract offer',
    body: s.agencyRegisterBody,
    value: s.agencyRegisterValue,
  }),
  agencyDownlineStatus: defineRoute({
    ...e.agencyDownlineStatus,
    tag: TAG,
    summary: 'Lock or unlock a downline member',
    body: s.agencyStatusBody,
    value: z.object({ changed: z.boolean() }),
  }),
  agencyTransfer: defineRoute({
    ...e.agencyTransfer,
    tag: TAG,
    summary: "Transfer from the agent's main wallet to a downline's (Idempotency-Key header)",
    body: s.agencyTransferBody,
    value: s.agencyTransferValue,
  }),
  agencyOffer: defineRoute({
    ...e.agencyOffer,
    tag: TAG,
    summary: "Offer a contract to a direct downline (never above the agent's own)",
    body: s.agencyOfferBody,
    value: s.agencyContractView,
  }),
  agencyDecide: defineRoute({
    ...e.agencyDecide,
    tag: TAG,
    summary: 'Accept or decline a contract offered to the agent',
    body: s.agencyDecideBody,
    value: s.agencyContractView,
  }),
  agencyTerminate: defineRoute({
    ...e.agencyTerminate,
    tag: TAG,
    summary:
      'Withdraw an offer to a downline, or ask to revoke its accepted contract (the downline confirms)',
    body: s.agencyTerminateBody,
    value: s.agencyContractView,
  }),
  agencyRevocation: defineRoute({
    ...e.agencyRevocation,
    tag: TAG,
    summary: "Confirm or decline the upline's revocation of the agent's contract",
    body: s.agencyRevocationBody,
    value: s.agencyContractView,
  }),
  agencyIncome: defineRoute({
    ...e.agencyIncome,
    tag: TAG,
    summary: 'My income: salary and dividend statements by kind',
    query: s.agencyIncomeQuery,
    value: s.agencyIncomeValue,
  }),
  agencyProgramme: defineRoute({
    ...e.agencyProgramme,
    tag: TAG,
    summary: "The brand's agent programme (the join page's commission tables)",
    value: s.agencyProgrammeValue,
  }),
  agencyApply: defineRoute({
    ...e.agencyApply,
    tag: TAG,
    summary: 'Apply to become an agent (reviewed in the back office)',
    body: s.agencyApplyBody,
    value: s.agencyApplyValue,
  }),
};

export const boAgencyRoutes = {
  boAgencyAgents: defineRoute({
    ...e.boAgencyAgents,
    tag: 'backoffice',
    summary: 'Agents with their team size and contracts',
    query: s.boAgentsQuery,
    value: s.boAgentsValue,
  }),
  boAgencyContract: defineRoute({
    ...e.boAgencyContract,
    tag: 'backoffice',
    summary: 'A platform contract for an agent (a new version; in force at once)',
    body: s.boContractBody,
    value: s.agencyContractView,
  }),
  boAgencyPreview: defineRoute({
    ...e.boAgencyPreview,
    tag: 'backoffice',
    summary: 'Settlement run preview: what each contract would be owed',
    query: s.boRunQuery,
    value: s.boPreviewValue,
  }),
  boAgencyRun: defineRoute({
    ...e.boAgencyRun,
    tag: 'backoffice',
    summary: 'Settlement run: pays each contract of the period exactly once (or a correction delta)',
    body: s.boRunBody,
    value: s.boRunValue,
  }),
  boAgencySettlements: defineRoute({
    ...e.boAgencySettlements,
    tag: 'backoffice',
    summary: 'Settlement bills and their state',
    query: s.boSettlementsQuery,
    value: s.boSettlementsValue,
  }),
  boAgencySettlementsCsv: defineRoute({
    ...e.boAgencySettlementsCsv,
    tag: 'backoffice',
    summary: 'Settlement bills as CSV',
    query: s.boSettlementsQuery,
    value: z.string(),
  }),
  boAgencyApplications: defineRoute({
    ...e.boAgencyApplications,
    tag: 'backoffice',
    summary: 'Agent applications of the join page (filter by status)',
    query: s.boApplicationsQuery,
    value: s.boApplicationsValue,
  }),
  boAgencyApplicationDecide: defineRoute({
    ...e.boAgencyApplicationDecide,
    tag: 'backoffice',
    summary:
      'Approve or reject an agent application with a reason (once; approval may make a member an agent)',
    body: s.boApplicationDecideBody,
    value: s.agencyApplicationView,
  }),
  boAgencyTemplates: defineRoute({
    ...e.boAgencyTemplates,
    tag: 'backoffice',
    summary: "The merchant's contract templates in force, their limits and saved versions",
    query: s.boMerchantQuery,
    value: s.boTemplatesValue,
  }),
  boAgencyTemplatesSave: defineRoute({
    ...e.boAgencyTemplatesSave,
    tag: 'backoffice',
    summary: 'Save a new version of the contract templates (in force at once, audited)',
    body: s.boTemplatesBody,
    value: s.boTemplatesValue,
  }),
};
