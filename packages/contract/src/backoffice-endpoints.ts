import type { Endpoint } from './endpoints';

const csv = <P extends string>(path: P) =>
  ({
    method: 'GET',
    path,
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }) as const satisfies Endpoint;

/**
 * Back-office endpoints kept beside the back-office contract instead of in the shared
 * `endpoints` table (zod-free, so the back-office app may import them): the CSV exports of the
 * member sub-lists and of a staff account's sessions.
 */
export const backofficeListEndpoints = {
  boMemberSessionsCsv: csv('/bo/api/members/sessions.csv'),
  boMemberLoginsCsv: csv('/bo/api/members/logins.csv'),
  boMemberTrailCsv: csv('/bo/api/members/trail.csv'),
  boStaffSessionsCsv: csv('/bo/api/staff/sessions.csv'),
} as const;
