import { promotionsRoutes as r } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import type { Promotions } from './service';

const member = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return { id: request.member.id, merchantCode: request.member.merchantCode };
};

/** The member's promotion calls (thin: the service decides). */
export const registerPromotionsRoutes = (
  app: FastifyInstance,
  gate: Gate,
  promotions: Promotions,
  publishBalance: (memberId: number) => void,
) => {
  registerRoute(app, gate, r.promoOffers, async (q) => promotions.offers(member(q), q.language));
  registerRoute(app, gate, r.promoClaim, async (q) => {
    const m = member(q);
    const claimed = await promotions.claim(m, q.body.code);
    publishBalance(m.id);
    return { bonusId: claimed.bonusId, amountMinor: claimed.amountMinor.toString() };
  });
  registerRoute(app, gate, r.promoApply, async (q) =>
    promotions.apply(member(q), q.body.code, q.body.remark),
  );
  registerRoute(app, gate, r.promoBonuses, async (q) => promotions.bonuses(member(q), q.language));
  registerRoute(app, gate, r.promoForfeit, async (q) => {
    const m = member(q);
    const out = await promotions.forfeit(m);
    publishBalance(m.id);
    return out;
  });
  registerRoute(app, gate, r.promoReferral, async (q) => promotions.referral(member(q)));
  registerRoute(app, gate, r.promoReferralClaim, async (q) => {
    const m = member(q);
    const claimed = await promotions.claimReferral(m, q.body.friendId);
    publishBalance(m.id);
    return { bonusId: claimed.bonusId, amountMinor: claimed.amountMinor.toString() };
  });
  registerRoute(app, gate, r.promoRewards, async (q) => promotions.rewards(member(q), q.language));
};
