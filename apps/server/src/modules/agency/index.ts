/** The agency module's public face (issue 20, ADR 038): the agent centre, contracts, settlements. */

export { type AgencyBackoffice, createAgencyBackoffice } from './backoffice';
export type { PlayTotals } from './centre';
export { AGENCY_PENDING_EVERY_MS, AGENCY_REALTIME_EVERY_MS, registerAgencyJobs } from './jobs';
export { registerAgencyBackofficeRoutes, registerAgencyRoutes } from './routes';
export { type Agency, type AgencyDeps, createAgency } from './service';
