import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { normalizeIP } from '@fastify/rate-limit';
import { backofficeRoutes, envelope, identityBoRoutes, type RouteDef } from '@khela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import type { Actor } from './audit';
import { MEDIA_MAX_BYTES } from './content-ops';
import type { BackofficeService } from './service';
import { actorOf, type StaffService } from './staff';

/** Per IP: staff login and enrolment calls a minute. */
export const STAFF_LOGINS_PER_MINUTE = 20;

type Req<D extends RouteDef> = FastifyRequest & {
  query: NonNullable<D['query']> extends z.ZodType ? z.output<NonNullable<D['query']>> : unknown;
  body: NonNullable<D['body']> extends z.ZodType ? z.output<NonNullable<D['body']>> : unknown;
};

/**
 * The staff guard: `Authorization: <staff token>` must name a live staff session (member tokens
 * live in another table and never match). Sets `request.staff`.
 */
export const createStaffGuard =
  (staff: StaffService) =>
  async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.trim() : '';
    const found = token ? await staff.authenticate(token) : null;
    if (!found) throw new AppError('login.not.session');
    request.staff = found;
  };

const actor = (request: FastifyRequest): Actor => {
  if (!request.staff) throw new AppError('login.not.session');
  return actorOf(request.staff, { ip: request.ip, requestId: String(request.id) });
};

/**
 * Registers one back-office route: zod validation from the contract, the staff guard on
 * `staff: true` routes (before the body is read), the envelope; `envelope: false` routes answer CSV
 * (a string, or a stream of every row), or answer themselves and return the reply (image bytes).
 */
const registerStaffRoute = <D extends RouteDef>(
  app: FastifyInstance,
  guard: onRequestAsyncHookHandler,
  def: D,
  handler: (request: Req<D>, reply: FastifyReply) => Promise<z.input<D['value']> | Readable | FastifyReply>,
  limit?: onRequestAsyncHookHandler,
) => {
  const csv = def.envelope === false;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: Array.isArray(def.method) ? [...def.method] : [def.method as string],
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(csv ? {} : { response: { 200: envelope(def.value) } }),
      ...(def.staff ? { security: [{ staffToken: [] }] } : {}),
    },
    onRequest: [...(limit ? [limit] : []), ...(def.staff ? [guard] : [])],
    handler: async (request, reply) => {
      const value = await handler(request as Req<D>, reply);
      // A raw route that answered itself (image bytes) is done. (A returned reply is a thenable:
      // awaiting it waits for the answer to be sent, so test `sent`, not the value.)
      if (reply.sent) return reply;
      if (csv) {
        const name = def.path.split('/').pop() ?? 'export.csv';
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(value);
      }
      return { success: true, value };
    },
  });
};

/** The `/bo/api` routes. A new screen adds its block here and its ops file beside service.ts. */
export const registerBackofficeRoutes = async (app: FastifyInstance, bo: BackofficeService) => {
  if (!app.hasDecorator('rateLimit'))
    throw new Error('@fastify/rate-limit must be registered before the back office');
  const loginLimit = app.rateLimit({
    max: STAFF_LOGINS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `bo-login:${normalizeIP(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', { value: { retryAfter: Math.ceil(context.ttl / 1000) } }),
  }) as unknown as onRequestAsyncHookHandler;
  const guard = createStaffGuard(bo.staff);
  const r = backofficeRoutes;
  const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: String(request.id) });

  // Session
  registerStaffRoute(app, guard, r.boLogin, async (q) => bo.staff.login(meta(q), q.body), loginLimit);
  registerStaffRoute(app, guard, r.boTotpEnrol, async (q) => bo.staff.enrol(meta(q), q.body), loginLimit);
  registerStaffRoute(app, guard, r.boLogout, async (q) => {
    if (!q.staff) throw new AppError('login.not.session');
    return bo.staff.logout(q.staff, meta(q));
  });
  registerStaffRoute(
    app,
    guard,
    r.boPasswordChange,
    async (q) => {
      if (!q.staff) throw new AppError('login.not.session');
      return bo.staff.changePassword(q.staff, meta(q), q.body);
    },
    loginLimit,
  );
  registerStaffRoute(app, guard, r.boMe, async (q) => {
    const a = actor(q);
    return {
      id: a.id,
      username: a.username,
      role: a.role,
      permissions: bo.permissionsOf(a.role),
      merchants: await bo.merchants(),
    };
  });

  // Site settings
  registerStaffRoute(app, guard, r.boSettings, async (q) => bo.settings.read(actor(q), q.query.merchant));
  registerStaffRoute(app, guard, r.boSettingsUpdate, async (q) =>
    bo.settings.update(actor(q), q.body.merchant, q.body.setting),
  );
  registerStaffRoute(app, guard, r.boFlag, async (q) =>
    bo.settings.setFlag(actor(q), q.body.merchant, q.body.modId, q.body.enabled),
  );
  registerStaffRoute(app, guard, identityBoRoutes.boSocialSettings, async (q) =>
    bo.settings.readSocial(actor(q), q.query.merchant),
  );
  registerStaffRoute(app, guard, identityBoRoutes.boSocialSettingsUpdate, async (q) =>
    bo.settings.updateSocial(actor(q), q.body),
  );

  // Members
  registerStaffRoute(app, guard, r.boMembers, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.memberList.page(actor(q), filter, page, pageSize);
  });
  registerStaffRoute(app, guard, r.boMembersCsv, async (q) => bo.memberList.csv(actor(q), q.query));
  registerStaffRoute(app, guard, r.boMember, async (q) => bo.members.detail(actor(q), q.query.id));
  registerStaffRoute(app, guard, r.boMemberSessions, async (q) => bo.memberLists.sessions(actor(q), q.query));
  registerStaffRoute(app, guard, r.boMemberSessionsCsv, async (q) =>
    bo.memberLists.sessionsCsv(actor(q), q.query),
  );
  registerStaffRoute(app, guard, r.boMemberLogins, async (q) => bo.memberLists.logins(actor(q), q.query));
  registerStaffRoute(app, guard, r.boMemberLoginsCsv, async (q) =>
    bo.memberLists.loginsCsv(actor(q), q.query),
  );
  registerStaffRoute(app, guard, r.boMemberTrail, async (q) => bo.memberLists.trail(actor(q), q.query));
  registerStaffRoute(app, guard, r.boMemberTrailCsv, async (q) => bo.memberLists.trailCsv(actor(q), q.query));
  registerStaffRoute(app, guard, r.boMemberLock, async (q) =>
    bo.members.lock(actor(q), q.body.memberId, q.body.reason),
  );
  registerStaffRoute(app, guard, r.boMemberUnlock, async (q) =>
    bo.members.unlock(actor(q), q.body.memberId, q.body.reason),
  );
  registerStaffRoute(app, guard, r.boMemberRevoke, async (q) =>
    bo.members.revokeSessions(actor(q), q.body.memberId),
  );
  registerStaffRoute(app, guard, r.boMemberPasswordReset, async (q) =>
    bo.members.resetPassword(actor(q), q.body.memberId),
  );
  registerStaffRoute(app, guard, r.boMemberType, async (q) =>
    bo.members.setType(actor(q), q.body.memberId, q.body.type),
  );
  registerStaffRoute(app, guard, r.boMemberNote, async (q) =>
    bo.members.addNote(actor(q), q.body.memberId, q.body.body),
  );

  // Content: images, banners, notices, popups, promotions, help
  await app.register(multipart, {
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });
  registerStaffRoute(app, guard, r.boMediaUpload, async (q) => {
    const a = actor(q);
    if (!q.isMultipart()) throw new AppError('request_body_required');
    const file = await q.file();
    if (!file) throw new AppError('request_body_required');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch {
      throw new AppError('validation.failed', { value: { fields: { file: 'size' } } });
    }
    return bo.content.uploadMedia(a, bytes);
  });
  registerStaffRoute(app, guard, r.boAnnouncements, async (q) => {
    const { page, pageSize, order, ...filter } = q.query;
    return bo.content.listAnnouncements(actor(q), filter, order, page, pageSize);
  });
  registerStaffRoute(app, guard, r.boAnnouncementsCsv, async (q) => {
    const { order, ...filter } = q.query;
    return bo.content.announcementsCsv(actor(q), filter, order);
  });
  registerStaffRoute(app, guard, r.boAnnouncementSave, async (q) =>
    bo.content.saveAnnouncement(actor(q), q.body),
  );
  registerStaffRoute(app, guard, r.boHelpSave, async (q) => bo.content.saveHelp(actor(q), q.body));
  registerStaffRoute(app, guard, r.boHelpList, async (q) => {
    const { page, pageSize, order, ...filter } = q.query;
    return bo.content.listHelp(actor(q), filter, order, page, pageSize);
  });
  registerStaffRoute(app, guard, r.boHelpCsv, async (q) => {
    const { order, ...filter } = q.query;
    return bo.content.helpCsv(actor(q), filter, order);
  });

  // Staff accounts (owner)
  registerStaffRoute(app, guard, r.boStaff, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.staffOps.list(actor(q), filter, page, pageSize);
  });
  registerStaffRoute(app, guard, r.boStaffCsv, async (q) => bo.staffOps.csv(actor(q), q.query));
  registerStaffRoute(app, guard, r.boStaffSessions, async (q) => bo.staffOps.sessions(actor(q), q.query));
  registerStaffRoute(app, guard, r.boStaffSessionsCsv, async (q) =>
    bo.staffOps.sessionsCsv(actor(q), q.query),
  );
  registerStaffRoute(app, guard, r.boStaffSessionsRevoke, async (q) =>
    bo.staffOps.revokeSessions(actor(q), q.body.staffId, q.body.sessionId),
  );
  registerStaffRoute(app, guard, r.boStaffCreate, async (q) => bo.staffOps.create(actor(q), q.body));
  registerStaffRoute(app, guard, r.boStaffStatus, async (q) =>
    bo.staffOps.setStatus(actor(q), q.body.staffId, q.body.status),
  );
  registerStaffRoute(app, guard, r.boStaffRole, async (q) =>
    bo.staffOps.setRole(actor(q), q.body.staffId, q.body.role),
  );
  registerStaffRoute(app, guard, r.boStaffTotpReset, async (q) =>
    bo.staffOps.resetTotp(actor(q), q.body.staffId),
  );

  // Dashboard
  registerStaffRoute(app, guard, r.boDashboard, async (q) =>
    bo.dashboard.figures(actor(q), q.query.merchant, q.query.days),
  );

  // Audit log
  registerStaffRoute(app, guard, r.boAudit, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.audit.list(actor(q), filter, page, pageSize);
  });
  registerStaffRoute(app, guard, r.boAuditCsv, async (q) => bo.audit.csv(actor(q), q.query));

  // Support: platform messages and the feedback queue
  registerStaffRoute(app, guard, r.boMessages, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.inbox.listMessages(actor(q), filter, page, pageSize);
  });
  registerStaffRoute(app, guard, r.boMessagesCsv, async (q) => bo.inbox.messagesCsv(actor(q), q.query));
  registerStaffRoute(app, guard, r.boMessageSend, async (q) => bo.inbox.sendMessage(actor(q), q.body));
  registerStaffRoute(app, guard, r.boFeedback, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.inbox.listFeedback(actor(q), filter, page, pageSize);
  });
  registerStaffRoute(app, guard, r.boFeedbackCsv, async (q) => bo.inbox.feedbackCsv(actor(q), q.query));
  registerStaffRoute(app, guard, r.boFeedbackDetail, async (q) =>
    bo.inbox.feedbackDetail(actor(q), q.query.id),
  );
  registerStaffRoute(app, guard, r.boFeedbackImage, async (q, reply) => {
    const image = await bo.inbox.feedbackImage(actor(q), q.query.id, q.query.seq);
    return reply
      .type(image.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });
  registerStaffRoute(app, guard, r.boFeedbackReply, async (q) => bo.inbox.replyFeedback(actor(q), q.body));
};
