/**
 * The agent feature's public face: what app/ (the composition root) and the tests may use.
 * The agent site (/agentHome).
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { AgentHomePage } from './agent-home';
