/** Loyalty's public face (issue 19; docs/decisions/037): rebates, points mall, VIP, missions. */
export { createLoyaltyBackoffice, type LoyaltyBackoffice } from './backoffice';
export { type BirthdayMembers, birthdayMonthDays } from './birthday';
export { LOYALTY_PERIOD_MS, registerLoyaltyJobs } from './jobs';
export { levelsOf as vipLevelsOf } from './members';
export type { DepositTotals, PlayTotals } from './play';
export { loyaltyRewardItems } from './reward-items';
export { registerLoyaltyBackofficeRoutes, registerLoyaltyRoutes } from './routes';
export { DEFAULT_RULE } from './rules';
export { createLoyalty, type Loyalty, type LoyaltyDeps } from './service';
/** The cashier's withdrawal reads the member's VIP limit in its own transaction (ADR 056). */
export { vipWithdrawLimitOf } from './vip';
