import { endpoint } from '../core/endpoint';

const agent = { modId: 'COMM3', auth: true, realAccountOnly: true } as const;
const staff = { modId: null, auth: false, staff: true } as const;

/** The agent centre (issue 20, ADR 038): the agent's calls, the join page and the back office. */
export const agencyEndpoints = {
  agencyCentre: endpoint({ method: 'GET', path: '/wps/agency/centre', ...agent }),
  agencyOverview: endpoint({ method: 'GET', path: '/wps/agency/overview', ...agent }),
  agencyTeamPlay: endpoint({ method: 'GET', path: '/wps/agency/team-play', ...agent }),
  agencyDownline: endpoint({ method: 'GET', path: '/wps/agency/downline', ...agent }),
  agencyRegister: endpoint({ method: 'POST', path: '/wps/agency/downline', ...agent }),
  agencyDownlineStatus: endpoint({ method: 'POST', path: '/wps/agency/downline/status', ...agent }),
  /** Needs the `Idempotency-Key` header. */
  agencyTransfer: endpoint({
    method: 'POST',
    path: '/wps/agency/downline/transfer',
    ...agent,
    protection: 'transfer',
  }),
  agencyOffer: endpoint({ method: 'POST', path: '/wps/agency/contracts/offer', ...agent }),
  agencyDecide: endpoint({ method: 'POST', path: '/wps/agency/contracts/decide', ...agent }),
  agencyTerminate: endpoint({ method: 'POST', path: '/wps/agency/contracts/terminate', ...agent }),
  agencyRevocation: endpoint({ method: 'POST', path: '/wps/agency/contracts/revocation', ...agent }),
  agencyIncome: endpoint({ method: 'GET', path: '/wps/agency/income', ...agent }),
  agencyProgramme: endpoint({ method: 'GET', path: '/wps/agency/programme', modId: null, auth: 'optional' }),
  agencyApply: endpoint({ method: 'POST', path: '/wps/agency/apply', modId: null, auth: 'optional' }),
  boAgencyAgents: endpoint({ method: 'GET', path: '/bo/api/agency/agents', ...staff }),
  boAgencyContract: endpoint({ method: 'POST', path: '/bo/api/agency/contracts', ...staff }),
  boAgencyPreview: endpoint({ method: 'GET', path: '/bo/api/agency/runs/preview', ...staff }),
  boAgencyRun: endpoint({ method: 'POST', path: '/bo/api/agency/runs', ...staff }),
  boAgencySettlements: endpoint({ method: 'GET', path: '/bo/api/agency/settlements', ...staff }),
  boAgencySettlementsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/agency/settlements.csv',
    ...staff,
    envelope: false,
  }),
  boAgencyApplications: endpoint({ method: 'GET', path: '/bo/api/agency/applications', ...staff }),
  boAgencyApplicationDecide: endpoint({
    method: 'POST',
    path: '/bo/api/agency/applications/decide',
    ...staff,
  }),
  boAgencyTemplates: endpoint({ method: 'GET', path: '/bo/api/agency/templates', ...staff }),
  boAgencyTemplatesSave: endpoint({ method: 'PUT', path: '/bo/api/agency/templates', ...staff }),
} as const;
