import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Gate } from '../../http/route';
import type { PasswordHasher } from '../../shared/passwords';
import type { DepositGuard } from '../protection';
import type { SiteService } from '../site';
import type { StaffRouter } from '../staff';
import type { WalletService } from '../wallet';
import { createCashierBackoffice } from './bo';
import { registerCashierBackofficeRoutes } from './bo-routes';
import { createGatewaySimulator, type PaymentGateway } from './gateway';
import { registerGatewaySimulatorPage } from './gateway-sim';
import { registerCashierRoutes } from './routes';
import { type CashierDeps, createCashierService } from './service';
import { createCashierWebhooks } from './webhooks';

export { createGatewaySimulator, createHmacGateway, type PaymentGateway, SIMULATOR_CODE } from './gateway';
export { httpDeliver, sendWebhook } from './gateway-sim';
export { cashierRiskSignals, type RapidCycleRules } from './risk-signals';
export { type CashierService, createCashierService, NON_WITHDRAWABLE_KINDS } from './service';

/**
 * The secret of the payment-gateway simulator outside production (demo and tests): simulated
 * money only. Production configures real gateways and never gets the simulator.
 */
export const DEMO_GATEWAY_SECRET = 'khela-demo-gateway-simulator';

/** How often the withdrawal auto-confirm job runs. */
export const AUTO_CONFIRM_EVERY_MS = 60_000;

type Deps = {
  db: Kysely<DB>;
  site: SiteService;
  wallet: WalletService;
  hasher: PasswordHasher;
  mode: 'demo' | 'production';
  log?: { warn: (obj: unknown, msg?: string) => void };
  now?: (() => Date) | undefined;
  gateways?: PaymentGateway[];
  protection?: DepositGuard | undefined;
  beforeWithdrawal?: CashierDeps['beforeWithdrawal'];
};

/** The cashier: member service, finance back office, gateway webhooks. */
export const createCashier = (deps: Deps) => {
  // Demo mode (and tests) without gateways of their own get the simulator and its pay page.
  const simulator =
    deps.gateways === undefined && deps.mode !== 'production'
      ? createGatewaySimulator(DEMO_GATEWAY_SECRET)
      : undefined;
  const gateways = deps.gateways ?? (simulator ? [simulator.gateway] : []);
  const service = createCashierService({ ...deps, gateways });
  const bo = createCashierBackoffice({
    db: deps.db,
    site: deps.site,
    wallet: deps.wallet,
    cashier: service,
    now: deps.now,
  });
  const webhooks = createCashierWebhooks({
    cashier: service,
    wallet: deps.wallet,
    log: deps.log,
    now: deps.now,
  });
  /** Player routes, the webhook and the finance routes: after the back office (multipart). */
  const register = async (app: FastifyInstance, gate: Gate, staffRouter: StaffRouter) => {
    await registerCashierRoutes(app, gate, service, webhooks);
    registerCashierBackofficeRoutes(staffRouter, bo);
    if (simulator)
      await registerGatewaySimulatorPage(app, {
        simulator,
        cashier: service,
        // The simulator stands for the provider: its notification goes through our webhook route
        // exactly as one from outside would (signature, parsing, idempotency).
        deliver: async (rawBody, headers) =>
          (
            await app.inject({
              method: 'POST',
              url: `/wps/cashier/gateway/webhook?provider=${simulator.gateway.code}`,
              payload: rawBody,
              headers,
            })
          ).statusCode,
      });
  };
  return { ...service, bo, webhooks, register };
};

export type Cashier = ReturnType<typeof createCashier>;
export { type ApprovedDeposit, approvedDepositsOf } from './approved-deposits';
export { createCashierDailyMoney, type DailyCashierMoney } from './daily-money';
export { eraseCashierPersonalData } from './erasure';
export { createMemberDepositTotals } from './member-deposits';
export { type MembersMoney, membersMoney } from './member-money';
export { membersSharingPayoutWith } from './shared-payout';
