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
  /** "Not now" at the licence profile's limit prompt (docs/decisions/053): deposits are then allowed. */
  protectionLimitPromptDecline: endpoint({
    method: 'POST',
    path: '/wps/protection/limit-prompt/decline',
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
  /**
   * Data rights: everything the site keeps about the member (profile, sessions, money movements,
   * rounds, lottery bets, messages, responsible-gaming settings), to download as JSON or CSV.
   */
  protectionMyData: endpoint({ method: 'GET', path: '/wps/protection/my-data', modId: 'COMM3', auth: true }),
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
  // Licence profiles, KYC, closure and lifting an exclusion (docs/decisions/045).
  /** KYC status, the member's documents and when the profile requires verification. */
  protectionKyc: endpoint({ method: 'GET', path: '/wps/protection/kyc', modId: 'COMM3', auth: true }),
  /** Uploads one KYC document (multipart). */
  protectionKycUpload: endpoint({
    method: 'PUT',
    path: '/wps/protection/kyc',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Closes the account at the member's request (distinct from self-exclusion). */
  protectionClose: endpoint({
    method: 'POST',
    path: '/wps/protection/close',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Asks to lift a self-exclusion whose term is over. */
  protectionLiftRequest: endpoint({
    method: 'POST',
    path: '/wps/protection/lift',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Confirms the lift after its cooling-off. */
  protectionLiftConfirm: endpoint({
    method: 'POST',
    path: '/wps/protection/lift/confirm',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  boProtectionProfile: endpoint({
    method: 'GET',
    path: '/bo/api/protection/profile',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** Saves a new version of a merchant's licence profile (audited). */
  boProtectionProfileSave: endpoint({
    method: 'PUT',
    path: '/bo/api/protection/profile',
    modId: null,
    auth: false,
    staff: true,
  }),
  boProtectionKyc: endpoint({
    method: 'GET',
    path: '/bo/api/protection/kyc',
    modId: null,
    auth: false,
    staff: true,
  }),
  boProtectionKycDocument: endpoint({
    method: 'GET',
    path: '/bo/api/protection/kyc/document',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  /** Approves or rejects a KYC document (audited). */
  boProtectionKycReview: endpoint({
    method: 'POST',
    path: '/bo/api/protection/kyc/review',
    modId: null,
    auth: false,
    staff: true,
  }),
  // Erasure and reopening (docs/decisions/052).
  /** The account's closure, reopening and erasure state. */
  protectionAccount: endpoint({ method: 'GET', path: '/wps/protection/account', modId: 'COMM3', auth: true }),
  /** Asks to reopen an account closed for another reason than gambling harm (confirm after the cooling-off). */
  protectionReopen: endpoint({
    method: 'POST',
    path: '/wps/protection/reopen',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Confirms reopening once the licence profile's cooling-off since the closure is over. */
  protectionReopenConfirm: endpoint({
    method: 'POST',
    path: '/wps/protection/reopen/confirm',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Erases the closed account's personal data (what the licence does not retain, at once). */
  protectionErasure: endpoint({
    method: 'POST',
    path: '/wps/protection/erasure',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  boProtectionErasures: endpoint({
    method: 'GET',
    path: '/bo/api/protection/erasures',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** The risk queue (docs/decisions/054). */
  boProtectionRisk: endpoint({
    method: 'GET',
    path: '/bo/api/protection/risk',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** Staff clear or confirm an open risk flag. */
  boProtectionRiskDecide: endpoint({
    method: 'POST',
    path: '/bo/api/protection/risk/decide',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** Staff run the risk scan now. */
  boProtectionRiskScan: endpoint({
    method: 'POST',
    path: '/bo/api/protection/risk/scan',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** Staff erase a closed account on the member's behalf (audited). */
  boProtectionErase: endpoint({
    method: 'POST',
    path: '/bo/api/protection/erasures',
    modId: null,
    auth: false,
    staff: true,
  }),
} as const;
