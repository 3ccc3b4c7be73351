/**
 * Player protection in the web app (ADR 030): the security centre's "Responsible gaming" card
 * (handed to the member centre by app/modals.ts) and the reality check (mounted by app/root-layout.tsx).
 */
export { RealityCheck } from './reality-check';
export { ResponsibleGamingCard } from './responsible-gaming';
