/**
 * Player protection in the web app (ADR 030): the security centre's "Responsible gaming" card
 * (handed to the member centre by app/modals.ts), the reality check and the licence profile's limit
 * prompt (mounted by app/root-layout.tsx).
 */
export { LimitPrompt } from './limit-prompt';
export { RealityCheck } from './reality-check';
export { ResponsibleGamingCard } from './responsible-gaming';
