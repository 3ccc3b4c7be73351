import { backofficeRoutes as r } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { PasswordHasher } from '../../../shared/passwords';
import type { SiteService } from '../../site';
import { type Actor, staffActor as actor, csvStream, type StaffRouter } from '../../staff';
import { createDashboard } from './dashboard';
import { createMemberLists } from './member-lists';
import { createMemberOps, type MemberSearch } from './members';

const MEMBER_CSV_COLUMNS = [
  'id',
  'merchant',
  'username',
  'mobile',
  'email',
  'type',
  'status',
  'createdAt',
  'lastLoginAt',
] as const;

type Deps = { db: Kysely<DB>; site: SiteService; hasher: PasswordHasher; now: () => Date };

/** The members' back office: search and detail, the operator's actions, sub-lists, the dashboard. */
export const createMembersBackoffice = (deps: Deps) => {
  const members = createMemberOps(deps);
  const memberList = {
    page: async (staff: Actor, filter: MemberSearch, page: number, pageSize: number) => {
      const { items, total } = await members.search(staff, filter, pageSize, (page - 1) * pageSize);
      return { items, total, page, pageSize };
    },
    csv: async (staff: Actor, filter: MemberSearch) =>
      csvStream(MEMBER_CSV_COLUMNS, async (limit, offset) =>
        (await members.search(staff, filter, limit, offset)).items.map((m) => ({
          ...m,
          createdAt: new Date(m.createdAt).toISOString(),
          lastLoginAt: m.lastLoginAt === null ? null : new Date(m.lastLoginAt).toISOString(),
        })),
      ),
  };
  return {
    members,
    memberList,
    memberLists: createMemberLists(deps),
    dashboard: createDashboard(deps),
  };
};
export type MembersBackoffice = ReturnType<typeof createMembersBackoffice>;

/** `/bo/api/members*` and `/bo/api/dashboard`. */
export const registerMembersBackofficeRoutes = ({ route }: StaffRouter, bo: MembersBackoffice) => {
  route(r.boMembers, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.memberList.page(actor(q), filter, page, pageSize);
  });
  route(r.boMembersCsv, async (q) => bo.memberList.csv(actor(q), q.query));
  route(r.boMember, async (q) => bo.members.detail(actor(q), q.query.id));
  route(r.boMemberSessions, async (q) => bo.memberLists.sessions(actor(q), q.query));
  route(r.boMemberSessionsCsv, async (q) => bo.memberLists.sessionsCsv(actor(q), q.query));
  route(r.boMemberLogins, async (q) => bo.memberLists.logins(actor(q), q.query));
  route(r.boMemberLoginsCsv, async (q) => bo.memberLists.loginsCsv(actor(q), q.query));
  route(r.boMemberTrail, async (q) => bo.memberLists.trail(actor(q), q.query));
  route(r.boMemberTrailCsv, async (q) => bo.memberLists.trailCsv(actor(q), q.query));
  route(r.boMemberLock, async (q) => bo.members.lock(actor(q), q.body.memberId, q.body.reason));
  route(r.boMemberUnlock, async (q) => bo.members.unlock(actor(q), q.body.memberId, q.body.reason));
  route(r.boMemberRevoke, async (q) => bo.members.revokeSessions(actor(q), q.body.memberId));
  route(r.boMemberPasswordReset, async (q) => bo.members.resetPassword(actor(q), q.body.memberId));
  route(r.boMemberType, async (q) => bo.members.setType(actor(q), q.body.memberId, q.body.type));
  route(r.boMemberNote, async (q) => bo.members.addNote(actor(q), q.body.memberId, q.body.body));
  route(r.boDashboard, async (q) => bo.dashboard.figures(actor(q), q.query.merchant, q.query.days));
};
