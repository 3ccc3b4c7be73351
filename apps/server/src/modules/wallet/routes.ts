import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, walletRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import type { WalletService } from './service';

const signedIn = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

/** The `Idempotency-Key` header of a money call: required, sent once, 1-100 visible ASCII characters. */
const idempotencyKeyOf = (request: FastifyRequest) => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw new AppError('validation.failed', {
      value: { fields: { 'Idempotency-Key': 'idempotency.key.required' } },
    });
  return header;
};

/** Balance, merchant wallet mode and transfers between the main and vendor wallets. */
export const registerWalletRoutes = (app: FastifyInstance, gate: Gate, wallet: WalletService) => {
  const { walletBalance, merchantWallet, walletTransfer, memberTransactions } = walletRoutes;
  registerRoute(app, gate, walletBalance, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return wallet.balance(signedIn(request), request.query.typeId);
  });
  registerRoute(app, gate, merchantWallet, async (request) => {
    signedIn(request);
    return wallet.merchantWallet(request.merchant.code);
  });
  registerRoute(app, gate, walletTransfer, async (request) => {
    const member = signedIn(request);
    return wallet.transfer(member, request.body, idempotencyKeyOf(request));
  });
  registerRoute(app, gate, memberTransactions, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return wallet.records(signedIn(request), request.query);
  });
};
