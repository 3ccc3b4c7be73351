import { backofficeRoutes as r } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { type StaffRouter, signedInStaff, staffActor } from './router';
import type { StaffService } from './service';

const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: String(request.id) });

/** The staff module's own `/bo/api` routes: session and self-service, staff accounts, the audit log. */
export const registerStaffRoutes = (router: StaffRouter, staff: StaffService) => {
  const { route, loginLimit } = router;
  const limit = { limit: loginLimit };

  // Session
  route(r.boLogin, async (q) => staff.accounts.login(meta(q), q.body), limit);
  route(r.boTotpEnrol, async (q) => staff.accounts.enrol(meta(q), q.body), limit);
  route(r.boLogout, async (q) => staff.accounts.logout(signedInStaff(q), meta(q)));
  route(
    r.boPasswordChange,
    async (q) => staff.accounts.changePassword(signedInStaff(q), meta(q), q.body),
    limit,
  );
  route(r.boMe, async (q) => {
    const a = staffActor(q);
    return {
      id: a.id,
      username: a.username,
      role: a.role,
      permissions: staff.permissionsOf(a.role),
      merchants: await staff.merchants(),
    };
  });

  // Staff accounts (owner)
  route(r.boStaff, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return staff.management.list(staffActor(q), filter, page, pageSize);
  });
  route(r.boStaffCsv, async (q) => staff.management.csv(staffActor(q), q.query));
  route(r.boStaffSessions, async (q) => staff.management.sessions(staffActor(q), q.query));
  route(r.boStaffSessionsCsv, async (q) => staff.management.sessionsCsv(staffActor(q), q.query));
  route(r.boStaffSessionsRevoke, async (q) =>
    staff.management.revokeSessions(staffActor(q), q.body.staffId, q.body.sessionId),
  );
  route(r.boStaffCreate, async (q) => staff.management.create(staffActor(q), q.body));
  route(r.boStaffStatus, async (q) =>
    staff.management.setStatus(staffActor(q), q.body.staffId, q.body.status),
  );
  route(r.boStaffRole, async (q) => staff.management.setRole(staffActor(q), q.body.staffId, q.body.role));
  route(r.boStaffTotpReset, async (q) => staff.management.resetTotp(staffActor(q), q.body.staffId));
  route(r.boStaffUnlock, async (q) => staff.management.unlock(staffActor(q), q.body.staffId));

  // Audit log
  route(r.boAudit, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return staff.audit.list(staffActor(q), filter, page, pageSize);
  });
  route(r.boAuditCsv, async (q) => staff.audit.csv(staffActor(q), q.query));
};
