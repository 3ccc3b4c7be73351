/**
 * The agency feature's public face (issue 20): the agent centre shown on `/agentHome` (handed to
 * the agent feature by app/) and the `/join` page. Lazily loaded parts are loaded by app/.
 */
export { AgentCentre } from './agent-centre';
export { JoinPage } from './join-page';
