import type { FastifyInstance } from 'fastify';
import type { Gate } from '../../http/route';
import type { Db } from '../../shared/db';
import type { PlayListener } from '../activity';
import { approvedDepositsOf } from '../cashier';
import type { Scheduler } from '../scheduler';
import type { StaffRouter } from '../staff';
import {
  createPromotionsBackoffice,
  type MemberNames,
  registerPromotionsBackofficeRoutes,
} from './backoffice';
import { registerPromotionsRoutes } from './routes';
import { createPromotions, type PromotionsDeps } from './service';

/** How often the scheduler ends expired bonuses (their money back to the merchant's bonus account). */
export const PROMOTIONS_EXPIRY_MS = 60_000;

/**
 * The promotions module put together for app.ts (ADR 036): the service on the cashier's approved
 * deposits and withdrawable amount, its wagering listener on the play hooks (after protection),
 * the back office, the expiry job, and the route registrations.
 */
export const composePromotions = (
  deps: {
    db: PromotionsDeps['db'];
    wallet: PromotionsDeps['wallet'];
    site: { findMerchant: (code: string) => { currency: string } | undefined };
    scheduler: Pick<Scheduler, 'every'>;
    playListeners: PlayListener[];
    identity: { memberDirectory: MemberNames };
    balanceEvents: { publish: (memberId: number) => void };
    log: { info: (obj: unknown, msg?: string) => void };
    marketingStopped?: PromotionsDeps['marketingStopped'];
  },
  cashier: () => { withdrawableOf: PromotionsDeps['withdrawable'] },
  now?: () => Date,
) => {
  const promotions = createPromotions({
    db: deps.db,
    wallet: deps.wallet,
    currencyOf: (merchantCode) => deps.site.findMerchant(merchantCode)?.currency ?? 'BDT',
    deposits: (db: Db, memberId: number) => approvedDepositsOf(db, memberId),
    withdrawable: (member) => cashier().withdrawableOf(member),
    now,
    marketingStopped: deps.marketingStopped,
  });
  deps.playListeners.push(promotions.wagering);
  const publishBalance = (memberId: number) => deps.balanceEvents.publish(memberId);
  const backoffice = createPromotionsBackoffice({
    db: deps.db,
    promotions,
    members: deps.identity.memberDirectory,
    now: now ?? (() => new Date()),
    publishBalance,
  });
  deps.scheduler.every('promotions.expiry', PROMOTIONS_EXPIRY_MS, async () => {
    const ended = await promotions.expireDue();
    if (ended > 0) deps.log.info({ ended }, 'promotions: expired bonuses ended');
  });
  return {
    promotions,
    backoffice,
    register: (app: FastifyInstance, gate: Gate) =>
      registerPromotionsRoutes(app, gate, promotions, publishBalance),
    registerBackoffice: (router: StaffRouter) => registerPromotionsBackofficeRoutes(router, backoffice),
  };
};
