import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Gate } from '../../http/route';
import type { Db } from '../../shared/db';
import type { IdentityService } from '../identity';
import { vipLevelsOf } from '../loyalty';
import type { StaffRouter, StaffService } from '../staff';
import { createSupportBackoffice } from './backoffice';
import { registerSupportBackofficeRoutes, registerSupportRoutes } from './routes';
import { createSupport } from './service';
import { registerSupportSockets } from './socket';

export type SupportComposeDeps = {
  db: Db;
  now: () => Date;
  identity: IdentityService;
  authenticateStaff: StaffService['accounts']['authenticate'];
  merchantCodes: () => Promise<string[]>;
  redis?: Redis | undefined;
  log: FastifyInstance['log'];
};

/** The support chat put together (ADR 044); app.ts registers its parts in its scopes. */
export const composeSupport = (deps: SupportComposeDeps) => {
  const support = createSupport({
    db: deps.db,
    now: deps.now,
    vipLevelOf: async (memberId) => (await vipLevelsOf(deps.db, [memberId])).get(memberId) ?? 0,
    redis: deps.redis,
    log: deps.log,
  });
  const backoffice = createSupportBackoffice({
    db: deps.db,
    now: deps.now,
    support,
    merchantCodes: deps.merchantCodes,
  });
  return {
    support,
    backoffice,
    /** In the WebSocket scope. */
    registerSockets: (scope: FastifyInstance) =>
      registerSupportSockets(scope, {
        identity: deps.identity,
        authenticateStaff: deps.authenticateStaff,
        support,
      }),
    /** In the upload scope (multipart), with its staff router. */
    register: (scope: FastifyInstance, gate: Gate, staffRouter: StaffRouter) => {
      registerSupportRoutes(scope, gate, support);
      registerSupportBackofficeRoutes(staffRouter, backoffice);
    },
    close: () => support.close(),
  };
};
