export {
  createMembersBackoffice,
  type MembersBackoffice,
  registerMembersBackofficeRoutes,
} from './bo/routes';
export { CAPTCHA_COOKIE } from './captcha';
export { SMS_CODE_MAX_TRIES, SMS_CODE_MINUTES, SMS_SENDS_PER_HOUR } from './codes';
export { DEMO_IDP_CLIENTS, DEMO_IDP_PATH } from './demo-idp';
/** The upline tree for the agent centre (issue 20). */
export {
  createDownlineAccount,
  type DownlineMember,
  downlineTree,
  memberIdByUsername,
  merchantTree,
  promoteToAgent,
  setMemberStatus,
} from './downline';
export { identityDataOf } from './member-data';
/** Seeds write their demo members with it. */
export { memberIdsWithUsernameLike, memberMerchantOf, memberUsernames } from './member-names';
/** Invited friends and the shared-address abuse check (docs/decisions/048). */
export { membersReferredBy, membersSharingIpWith, type ReferredMember } from './referral-links';
export {
  CHECKS_PER_MINUTE,
  callMeta,
  createAuthGuard,
  FREE_PLAYS_PER_HOUR,
  LOGINS_PER_MINUTE,
  PASSWORD_RESETS_PER_HOUR,
  REGISTRATIONS_PER_HOUR,
  registerIdentityRoutes,
  routeRefusal,
  SMS_REQUESTS_PER_HOUR,
  TOTP_CALLS_PER_MINUTE,
} from './routes';
export {
  type CallMeta,
  createIdentityService,
  type IdentityService,
  LOGIN_CAPTCHA_AFTER,
  LOGIN_CHALLENGE_INTERVAL_MS,
  LOGIN_CHALLENGE_MAX_MINUTES,
  LOGIN_CHALLENGE_MAX_TRIES,
  LOGIN_CHALLENGE_MINUTES,
  LOGIN_LOCK_AFTER,
  LOGIN_LOCK_MS,
  PASSWORD_MAX_AGE_MS,
} from './service';
export {
  type AuthMember,
  type AuthSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
  sessionTimes,
} from './sessions';
export { createSocialSignIn, type SocialSignIn, socialProvidersFromConfig } from './social';
export { insertMember } from './store';
export { createSubjectThrottle } from './throttle';
export { parseMobile } from './validation';
