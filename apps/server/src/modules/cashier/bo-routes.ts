import { cashierBoRoutes, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { CashierBackoffice } from './bo';

const idempotencyKeyOf = (request: FastifyRequest) => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw new AppError('validation.failed', {
      value: { fields: { 'Idempotency-Key': 'idempotency.key.required' } },
    });
  return header;
};

/** The finance routes under `/bo/api/cashier/*` (staff sessions; permissions checked in bo.ts). */
export const registerCashierBackofficeRoutes = (router: StaffRouter, bo: CashierBackoffice) => {
  const r = cashierBoRoutes;
  const { route } = router;

  route(r.boDeposits, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.deposits(actor(q), filter, page, pageSize);
  });
  route(r.boDepositsCsv, async (q) => await bo.depositsCsv(actor(q), q.query));
  route(r.boDepositApprove, async (q) => bo.approveDeposit(actor(q), q.body.id, q.body.reason));
  route(r.boDepositReject, async (q) => bo.rejectDeposit(actor(q), q.body.id, q.body.reason));
  route(r.boWithdrawals, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.withdrawals(actor(q), filter, page, pageSize);
  });
  route(r.boWithdrawalsCsv, async (q) => await bo.withdrawalsCsv(actor(q), q.query));
  route(r.boWithdrawalAction, async (q) => bo.withdrawalAction(actor(q), q.body));
  route(r.boUpload, async (q, reply) => {
    const file = await bo.upload(actor(q), q.query.id);
    return reply
      .type(file.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
  route(r.boChannels, async (q) => bo.channels(actor(q), q.query.merchant));
  route(r.boChannelSave, async (q) => bo.saveChannel(actor(q), q.body));
  route(r.boChannelDelete, async (q) => bo.deleteChannel(actor(q), q.body.id));
  route(r.boCashierSettings, async (q) => bo.settings(actor(q), q.query.merchant));
  route(r.boCashierSettingsSave, async (q) => bo.saveSettings(actor(q), q.body));
  route(r.boAdjust, async (q) => bo.adjust(actor(q), q.body, idempotencyKeyOf(q)));
  route(r.boMemberLedger, async (q) => bo.memberLedger(actor(q), q.query));
  route(r.boMemberLimits, async (q) => bo.memberLimits(actor(q), q.query.memberId));
  route(r.boMemberLimitsSave, async (q) => bo.saveMemberLimits(actor(q), q.body));
  route(r.boLimitDefaults, async (q) => bo.limitDefaults(actor(q), q.query.merchant));
  route(r.boLimitDefaultsSave, async (q) => bo.saveLimitDefaults(actor(q), q.body));
};
