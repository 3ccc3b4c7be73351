import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, walletRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute, type SessionHint } from '../../http/route';
import { hashSessionToken, isWellFormedToken } from '../../shared/tokens';
import type { AuthMember, AuthSession } from '../identity';
import { TransferRefused, type WalletService } from './service';

/** How many tokens the transfer route remembers (then it starts afresh). */
const HINTS_MAX = 10_000;

/**
 * The transfer route's memory of recent tokens (by SHA-256, never the token): which member a
 * token signed in, as last checked. Only a hint: the transfer statement reads the session again
 * and acts only when it is live and that member's (docs/decisions/020-wallet-transfer-throughput.md).
 */
export const createTransferHints = (): SessionHint => {
  const members = new Map<string, { member: AuthMember; session: AuthSession }>();
  const hashOf = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.trim() : '';
    return isWellFormedToken(token) ? hashSessionToken(token) : null;
  };
  return {
    read(request) {
      const hash = hashOf(request);
      const known = hash === null ? undefined : members.get(hash);
      if (!known || known.member.merchantCode !== request.merchant.code) return false;
      request.member = known.member;
      request.authSession = known.session;
      return true;
    },
    keep(request) {
      const hash = hashOf(request);
      if (hash === null || !request.member || !request.authSession) return;
      if (members.size >= HINTS_MAX) members.clear();
      members.set(hash, { member: request.member, session: request.authSession });
    },
    forget(request) {
      const hash = hashOf(request);
      if (hash !== null) members.delete(hash);
    },
  };
};

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
  registerRoute(
    app,
    gate,
    walletTransfer,
    async (request) => {
      const { confirmSession, authSession } = request;
      if (confirmSession && authSession) {
        // Signed in from memory (ADR 020, 025): one statement checks the session and posts.
        try {
          return await wallet.transfer(signedIn(request), request.body, idempotencyKeyOf(request), {
            tokenHash: authSession.tokenHash,
          });
        } catch (error) {
          // A failure that is no refusal (a 5xx) is reported as it is, never hidden behind another.
          if (!(error instanceof AppError) && !(error instanceof TransferRefused)) throw error;
          // A refusal, from the statement or before it, waits for the identity module's full
          // session check, as on the full path: a session that fails it is refused as there...
          await confirmSession();
          // ...else the refusal stands, answered once. Only when the statement found the session
          // changed (it wrote nothing) does the transfer run again, on the full path.
          if (!(error instanceof TransferRefused)) throw error;
        }
      }
      return wallet.transfer(signedIn(request), request.body, idempotencyKeyOf(request));
    },
    { sessionHint: createTransferHints() },
  );
  registerRoute(app, gate, walletRoutes.walletAutoTransfer, async (request) => ({
    autoTransfer: await wallet.autoTransfer.isOn(signedIn(request).id),
  }));
  registerRoute(app, gate, walletRoutes.walletAutoTransferSet, async (request) =>
    wallet.autoTransfer.setOn(signedIn(request), request.body.autoTransfer),
  );
  registerRoute(app, gate, walletRoutes.walletCollectAll, async (request) =>
    wallet.autoTransfer.collectAll(signedIn(request)),
  );
  registerRoute(app, gate, memberTransactions, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return wallet.records(signedIn(request), request.query);
  });
};
