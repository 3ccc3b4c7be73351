import { protectionRoutes as r } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import type { Protection } from './service';

const signedIn = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return { id: request.member.id, merchantCode: request.member.merchantCode };
};

const noStore = { 'cache-control': 'no-store' };

/** The member's responsible-gaming calls (`/wps/protection/*`). */
export const registerProtectionRoutes = (app: FastifyInstance, gate: Gate, protection: Protection) => {
  registerRoute(app, gate, r.protectionState, async (q, reply) => {
    reply.headers(noStore);
    return protection.limits.state(signedIn(q).id);
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
    return protection.limits.state(member.id);
  });
  registerRoute(app, gate, r.protectionReality, async (q, reply) => {
    reply.headers(noStore);
    return protection.pauses.reality(signedIn(q).id);
  });
  registerRoute(app, gate, r.protectionRealityAnswer, async (q) => {
    await protection.pauses.answerReality(signedIn(q), q.body.choice);
    return { ok: true as const };
  });
};
