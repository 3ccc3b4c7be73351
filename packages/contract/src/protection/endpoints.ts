import { endpoint } from '../core/endpoint';

/** Player protection (docs/decisions/030): the member's responsible-gaming tools and the back office's register. */
export const protectionEndpoints = {
  /** Limits in force and pending, usage, time-out or exclusion, reality-check interval. */
  protectionState: endpoint({ method: 'GET', path: '/wps/protection', modId: 'COMM3', auth: true }),
  /** Sets a limit (a decrease at once; an increase or removal after the cooling-off and a confirmation). */
  protectionLimitSet: endpoint({
    method: 'POST',
    path: '/wps/protection/limits',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Confirms a pending increase or removal once its cooling-off is over. */
  protectionLimitConfirm: endpoint({
    method: 'POST',
    path: '/wps/protection/limits/confirm',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Takes a time-out or self-excludes: effective at once, every session ends. */
  protectionPause: endpoint({
    method: 'POST',
    path: '/wps/protection/pause',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Sets (or clears) the reality-check interval. */
  protectionRealitySet: endpoint({
    method: 'PUT',
    path: '/wps/protection/reality',
    modId: 'COMM3',
    auth: true,
  }),
  /** The reality check: time played and net result of the play session, session-limit warnings. */
  protectionReality: endpoint({ method: 'GET', path: '/wps/protection/reality', modId: 'COMM3', auth: true }),
  /** The member's answer at a reality check: "continue", or "stop" (the play session ends). */
  protectionRealityAnswer: endpoint({
    method: 'POST',
    path: '/wps/protection/reality/answer',
    modId: 'COMM3',
    auth: true,
  }),
  boProtectionDashboard: endpoint({
    method: 'GET',
    path: '/bo/api/protection/dashboard',
    modId: null,
    auth: false,
    staff: true,
  }),
  boProtectionExclusions: endpoint({
    method: 'GET',
    path: '/bo/api/protection/exclusions',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** Staff record a time-out or self-exclusion a member asked for by phone or mail (audited). */
  boProtectionExclude: endpoint({
    method: 'POST',
    path: '/bo/api/protection/exclusions',
    modId: null,
    auth: false,
    staff: true,
  }),
} as const;
