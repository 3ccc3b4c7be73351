import { endpoint } from '../core/endpoint';

/** Accounts, sign-in, registration, passwords, SMS codes, human verification, new-IP verification, the member's authenticator, the agent site; and the back office's member screens and Google/Facebook settings. */
export const identityEndpoints = {
  encryptionKey: endpoint({ method: 'GET', path: '/wps/system/encryptionKey', modId: 'COMM3', auth: false }),
  login: endpoint({
    method: 'POST',
    path: '/wps/session/login',
    modId: 'COMM3',
    auth: false,
    encrypted: true,
    protection: 'signIn',
  }),
  /** DELETE in the desktop build, POST in another (API-FACTS §2.1): both are accepted. */
  logout: endpoint({
    method: ['POST', 'DELETE'],
    path: '/wps/session/logout',
    modId: 'COMM3',
    auth: true,
    beforePasswordChange: true,
  }),
  register: endpoint({
    method: 'PUT',
    path: '/wps/member/register',
    modId: 'USERNAMEREG3',
    auth: false,
    encrypted: true,
  }),
  registerMobile: endpoint({
    method: 'PUT',
    path: '/wps/member/register/mobile',
    modId: 'MOBILENUMREG3',
    auth: false,
    encrypted: true,
  }),
  memberInfo: endpoint({
    method: 'GET',
    path: '/wps/member/info',
    modId: 'COMM3',
    auth: 'optional',
    beforePasswordChange: true,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/wps/member/password',
    modId: 'PASS3',
    auth: true,
    realAccountOnly: true,
    beforePasswordChange: true,
    encrypted: true,
  }),
  /** Exchanges a remember-me token for a new session (and a rotated token). */
  rememberLogin: endpoint({
    method: 'POST',
    path: '/wps/session/remember',
    modId: 'COMM3',
    auth: false,
    encrypted: true,
    protection: 'signIn',
  }),
  smsCodeNoLogin: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    modId: 'VERIFICATION3',
    auth: false,
    /** Sends a code only: the login that uses it is refused where the session opens (ADR 030). */
    protection: 'exempt',
  }),
  /** Open when REGMOBVERF3 (username registration) or MOBILENUMREG3 (mobile registration) is on. */
  smsCodeRegister: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/register',
    modId: 'REG3',
    auth: false,
  }),
  /** Form-encoded (`application/x-www-form-urlencoded`) body, as on the platform. */
  forgotPasswordEmail: endpoint({
    method: 'POST',
    path: '/wps/member/password/email',
    modId: 'COMM3',
    auth: false,
  }),
  resetPasswordBySms: endpoint({
    method: 'POST',
    path: '/wps/member/password/verification',
    modId: 'CHNGPASSVERIF3',
    auth: false,
    encrypted: true,
  }),
  /** Always open: the login throttle asks for it from the 5th failure whatever the brand flags. */
  captcha: endpoint({ method: 'GET', path: '/wps/captcha', modId: 'COMM3', auth: false }),
  humanChallenge: endpoint({ method: 'GET', path: '/wps/captcha/challenge', modId: 'COMM3', auth: false }),
  affiliateCheck: endpoint({ method: 'GET', path: '/wps/agent/affiliate', modId: 'AFFMAN3', auth: false }),
  /** Second step of a login held for a new IP (403 `login.verification.required`). */
  loginVerification: endpoint({
    method: 'POST',
    path: '/wps/session/login/verification',
    modId: 'LOGINIPVERF3',
    auth: false,
    encrypted: true,
    protection: 'signIn',
  }),
  /** New-IP verification: sends the SMS or email code of the method the member picked. */
  loginVerificationSend: endpoint({
    method: 'POST',
    path: '/wps/session/login/verification/send',
    modId: 'LOGINIPVERF3',
    auth: false,
    protection: 'exempt',
  }),
  /** A trial account (type 4) with play money, signed in. */
  freePlay: endpoint({
    method: 'POST',
    path: '/wps/session/login/freeplay',
    modId: 'FREEPLAY3',
    auth: false,
    protection: 'exempt',
  }),
  /** The OIDC providers (Google, Facebook) this server is configured for. */
  socialProviders: endpoint({
    method: 'GET',
    path: '/wps/session/social/providers',
    modId: 'COMM3',
    auth: false,
  }),
  /** Starts an OIDC sign-in: sets the flow cookie and answers the provider's authorization URL. */
  socialStart: endpoint({ method: 'POST', path: '/wps/session/social/start', modId: 'COMM3', auth: false }),
  /** After the provider sent the browser back: signs in, or creates / links the member. */
  socialFinish: endpoint({
    method: 'POST',
    path: '/wps/session/social/finish',
    modId: 'COMM3',
    auth: false,
    encrypted: true,
    protection: 'signIn',
  }),
  /** The member's authenticator app (TOTP): enrolled or not. */
  memberTotp: endpoint({
    method: 'GET',
    path: '/wps/member/totp',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Starts an enrolment: a new secret (QR code and text), confirmed with a code within 10 minutes. */
  memberTotpStart: endpoint({
    method: 'POST',
    path: '/wps/member/totp/start',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  memberTotpConfirm: endpoint({
    method: 'POST',
    path: '/wps/member/totp/confirm',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Turns the authenticator off: the login password and a current code. */
  memberTotpDisable: endpoint({
    method: 'POST',
    path: '/wps/member/totp/disable',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
    encrypted: true,
  }),
  /** The agent site (`/agentHome`): the signed-in agent and the downline, 15 a page. */
  agentHome: endpoint({ method: 'GET', path: '/wps/agent/home', modId: 'COMM3', auth: true }),
  /** Google/Facebook sign-in settings of a merchant (the client secret is never answered). */
  boSocialSettings: endpoint({
    method: 'GET',
    path: '/bo/api/settings/social',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSocialSettingsUpdate: endpoint({
    method: 'PUT',
    path: '/bo/api/settings/social',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMembers: endpoint({ method: 'GET', path: '/bo/api/members', modId: null, auth: false, staff: true }),
  boMembersCsv: endpoint({
    method: 'GET',
    path: '/bo/api/members.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boMember: endpoint({
    method: 'GET',
    path: '/bo/api/members/detail',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberLock: endpoint({
    method: 'POST',
    path: '/bo/api/members/lock',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberUnlock: endpoint({
    method: 'POST',
    path: '/bo/api/members/unlock',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberRevoke: endpoint({
    method: 'POST',
    path: '/bo/api/members/sessions/revoke',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberPasswordReset: endpoint({
    method: 'POST',
    path: '/bo/api/members/password/reset',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberType: endpoint({
    method: 'POST',
    path: '/bo/api/members/type',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberNote: endpoint({
    method: 'POST',
    path: '/bo/api/members/notes',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberSessions: endpoint({
    method: 'GET',
    path: '/bo/api/members/sessions',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberSessionsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/members/sessions.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boMemberLogins: endpoint({
    method: 'GET',
    path: '/bo/api/members/logins',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberLoginsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/members/logins.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boMemberTrail: endpoint({
    method: 'GET',
    path: '/bo/api/members/trail',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberTrailCsv: endpoint({
    method: 'GET',
    path: '/bo/api/members/trail.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
} as const;
