import type {} from '@fastify/multipart';
import { KYC_MAX_BYTES, protectionRoutes as r } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import { assertUploadAllowed } from './attempts';
import type { MyData } from './my-data';
import type { Protection } from './service';

const signedIn = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return { id: request.member.id, merchantCode: request.member.merchantCode };
};

const noStore = { 'cache-control': 'no-store' };

/** The member's responsible-gaming calls (`/wps/protection/*`). */
export const registerProtectionRoutes = (
  app: FastifyInstance,
  gate: Gate,
  protection: Protection,
  myData: MyData,
) => {
  registerRoute(app, gate, r.protectionMyData, async (q, reply) => {
    reply.headers(noStore);
    if (!q.member) throw new AppError('login.not.session');
    return myData.of({ id: q.member.id, username: q.member.username });
  });
  registerRoute(app, gate, r.protectionState, async (q, reply) => {
    reply.headers(noStore);
    return protection.stateOf(signedIn(q));
  });
  registerRoute(app, gate, r.protectionLimitPromptDecline, async (q) => {
    const member = signedIn(q);
    await protection.limitPrompt.decline(member);
    return protection.stateOf(member);
  });
  registerRoute(app, gate, r.protectionLimitSet, async (q) =>
    protection.limits.setLimit(signedIn(q), q.body),
  );
  registerRoute(app, gate, r.protectionLimitConfirm, async (q) =>
    protection.limits.confirmLimit(signedIn(q), q.body),
  );
  registerRoute(app, gate, r.protectionPause, async (q) => {
    await protection.pauses.pause(signedIn(q), q.body);
    return { ok: true as const };
  });
  registerRoute(app, gate, r.protectionRealitySet, async (q) => {
    const member = signedIn(q);
    await protection.pauses.setReality(member, q.body.minutes);
    return protection.stateOf(member);
  });
  registerRoute(app, gate, r.protectionReality, async (q, reply) => {
    reply.headers(noStore);
    return protection.pauses.reality(signedIn(q).id);
  });
  registerRoute(app, gate, r.protectionRealityAnswer, async (q) => {
    await protection.pauses.answerReality(signedIn(q), q.body.choice);
    return { ok: true as const };
  });
  registerRoute(app, gate, r.protectionKyc, async (q, reply) => {
    reply.headers(noStore);
    return protection.kyc.view(signedIn(q));
  });
  registerRoute(app, gate, r.protectionClose, async (q) => {
    await protection.account.close(signedIn(q), q.body.reason);
    return { ok: true as const };
  });
  registerRoute(app, gate, r.protectionAccount, async (q, reply) => {
    reply.headers(noStore);
    return protection.erasure.account(signedIn(q));
  });
  registerRoute(app, gate, r.protectionReopen, async (q) => protection.erasure.requestReopen(signedIn(q)));
  registerRoute(app, gate, r.protectionReopenConfirm, async (q) =>
    protection.erasure.confirmReopen(signedIn(q)),
  );
  registerRoute(app, gate, r.protectionErasure, async (q) => protection.erasure.request(signedIn(q)));
  registerRoute(app, gate, r.protectionLiftRequest, async (q) => {
    await protection.account.requestLift(signedIn(q));
    return { ok: true as const };
  });
  registerRoute(app, gate, r.protectionLiftConfirm, async (q) => {
    await protection.account.confirmLift(signedIn(q));
    return { ok: true as const };
  });
};

/**
 * The KYC upload (multipart): registered in the composition root's upload scope (after
 * @fastify/multipart). The file's type is checked by its content, its size against KYC_MAX_BYTES.
 */
export const registerProtectionUploadRoutes = (app: FastifyInstance, gate: Gate, protection: Protection) => {
  if (!app.hasContentTypeParser('multipart/form-data'))
    throw new Error('@fastify/multipart must be registered before the KYC upload');
  registerRoute(app, gate, r.protectionKycUpload, async (q) => {
    const member = signedIn(q);
    // Counted before the file is read: per member and per address (docs/decisions/052).
    await assertUploadAllowed(protection.db, member.id, q.ip, protection.now());
    if (!q.isMultipart()) throw new AppError('request_body_required');
    const file = await q.file({ limits: { fileSize: KYC_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    if (!file) throw new AppError('request_body_required');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch {
      throw new AppError('protection.kyc.file', { value: { reason: 'size' } });
    }
    return protection.kyc.upload(member, q.query.kind, bytes);
  });
};
