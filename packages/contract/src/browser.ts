/**
 * What the browser may import at run time: no zod. Types of requests and answers come from
 * the schemas with `import type` only.
 */
export * from './cashier-constants';
export * from './catalogue-constants';
export * from './constants';
export * from './endpoints';
export { errorMessageKey } from './errors';
export { AGENT_TYPES, flattenWhitelabel, isAgentType, isTrialType, MOD_IDS, TRIAL_TYPES } from './flags';
export * from './games-constants';
export * from './inbox-constants';
export type { Routes } from './index';
export * from './lottery-constants';
export * from './wallet-constants';
