/**
 * What the browser may import at run time: no zod (the lobby's JS budget, ADR 016). Every
 * module's `constants.ts`, the assembled endpoint table and a few helpers. Types of requests and
 * answers come from the schemas with `import type` only.
 */
export * from './cashier/constants';
export * from './catalogue/constants';
export { errorMessageKey } from './core/errors';
export { AGENT_TYPES, flattenWhitelabel, isAgentType, isTrialType, MOD_IDS, TRIAL_TYPES } from './core/flags';
export * from './endpoints';
export * from './games/constants';
export * from './identity/constants';
export * from './inbox/constants';
export * from './lottery/constants';
export * from './loyalty/constants';
export * from './promotions/constants';
export * from './protection/constants';
export * from './pvp/constants';
export type { Routes } from './routes';
export * from './site/constants';
export * from './staff/constants';
export * from './support/constants';
export * from './tables/constants';
export * from './wallet/constants';
