import { z } from 'zod';
import { defineRoute } from '../core/route';
import { identityEndpoints } from './endpoints';
import {
  affiliateQuery,
  agentHome,
  agentHomeQuery,
  changePasswordBody,
  encryptionKey,
  forgotPasswordEmailBody,
  freePlayBody,
  humanChallenge,
  loginBody,
  loginInfo,
  loginVerificationBody,
  loginVerificationSendBody,
  loginVerificationSent,
  memberInfo,
  memberTotpConfirmBody,
  memberTotpDisableBody,
  memberTotpStarted,
  memberTotpStatus,
  registerBody,
  rememberLoginBody,
  resetPasswordBySmsBody,
  smsCodeNoLoginBody,
  smsCodeRegisterBody,
  smsCodeSent,
  socialFinish,
  socialFinishBody,
  socialProvider,
} from './schemas';

export const identityRoutes = {
  encryptionKey: defineRoute({
    ...identityEndpoints.encryptionKey,
    tag: 'system',
    summary:
      'Public key (JWK) for encrypted bodies: send `{ "jwe": "<compact JWE>" }` to the calls marked encrypted',
    value: encryptionKey,
  }),
  login: defineRoute({
    ...identityEndpoints.login,
    tag: 'session',
    summary:
      'Password login; answers the session token. From the 5th failure `value.captcha` is true; the 10th locks password login for 15 minutes',
    body: loginBody,
    value: loginInfo,
  }),
  logout: defineRoute({
    ...identityEndpoints.logout,
    tag: 'session',
    summary: 'Ends (revokes) the calling session',
    value: z.null(),
  }),
  register: defineRoute({
    ...identityEndpoints.register,
    tag: 'member',
    summary: 'Registers by username, checked against the merchant register rules; answers login info',
    body: registerBody,
    value: loginInfo,
  }),
  registerMobile: defineRoute({
    ...identityEndpoints.registerMobile,
    tag: 'member',
    summary: 'Registers by mobile number (the username is the number); answers login info',
    body: registerBody,
    value: loginInfo,
  }),
  memberInfo: defineRoute({
    ...identityEndpoints.memberInfo,
    tag: 'member',
    summary: 'Who is signed in; without a token an empty object (decide "logged in" from `id`)',
    value: z.union([memberInfo, z.object({}).strict()]),
  }),
  changePassword: defineRoute({
    ...identityEndpoints.changePassword,
    tag: 'member',
    summary: 'Changes the password and signs out every other session and every remember-me token',
    body: changePasswordBody,
    value: z.null(),
  }),
  rememberLogin: defineRoute({
    ...identityEndpoints.rememberLogin,
    tag: 'session',
    summary:
      'Exchanges a remember-me token for a new session and the next token (rotated; a reused token revokes them all)',
    body: rememberLoginBody,
    value: loginInfo,
  }),
  smsCodeNoLogin: defineRoute({
    ...identityEndpoints.smsCodeNoLogin,
    tag: 'verification',
    summary:
      'Sends a 6-digit SMS code for login or phone reset when a member has the number; the answer is the same either way. At most 1 a minute and 5 an hour per number',
    body: smsCodeNoLoginBody,
    value: smsCodeSent,
  }),
  smsCodeRegister: defineRoute({
    ...identityEndpoints.smsCodeRegister,
    tag: 'verification',
    summary:
      'Sends a 6-digit SMS code for registration (not to a number already registered; the answer is the same). At most 1 a minute and 5 an hour per number',
    body: smsCodeRegisterBody,
    value: smsCodeSent,
  }),
  forgotPasswordEmail: defineRoute({
    ...identityEndpoints.forgotPasswordEmail,
    tag: 'member',
    summary:
      'Forgot password by email (form-encoded): when username and email match, mails a temporary password that must be changed at the next login. Answers the same either way',
    body: forgotPasswordEmailBody,
    value: z.null(),
  }),
  resetPasswordBySms: defineRoute({
    ...identityEndpoints.resetPasswordBySms,
    tag: 'member',
    summary:
      'Sets a new password with a reset SMS code and signs out every session; then log in with the number and the new password',
    body: resetPasswordBySmsBody,
    value: z.literal(true),
  }),
  captcha: defineRoute({
    ...identityEndpoints.captcha,
    tag: 'verification',
    summary:
      'A 4-digit captcha image: base64 PNG without a data: prefix, bound to an httpOnly cookie; single use, 5 minutes',
    value: z.string(),
  }),
  humanChallenge: defineRoute({
    ...identityEndpoints.humanChallenge,
    tag: 'verification',
    summary:
      'A signed proof-of-work challenge (ALTCHA) for the calls that need human verification (HUMANVERIF3)',
    value: humanChallenge,
  }),
  affiliateCheck: defineRoute({
    ...identityEndpoints.affiliateCheck,
    tag: 'member',
    summary: 'Checks an affiliate (invitation) code: success when it belongs to an agent of this merchant',
    query: affiliateQuery,
    value: z.literal(true),
  }),
  loginVerification: defineRoute({
    ...identityEndpoints.loginVerification,
    tag: 'session',
    summary:
      'New-IP verification (LOGINIPVERF3): the answer of one offered method (SMS or email code, payout account holder name, authenticator code) for a login held with 403 `login.verification.required`; 5 wrong answers in all end it; answers login info',
    body: loginVerificationBody,
    value: loginInfo,
  }),
  loginVerificationSend: defineRoute({
    ...identityEndpoints.loginVerificationSend,
    tag: 'session',
    summary:
      'New-IP verification: sends the 6-digit code of the SMS or email method the member picked (at most one a minute per account)',
    body: loginVerificationSendBody,
    value: loginVerificationSent,
  }),
  freePlay: defineRoute({
    ...identityEndpoints.freePlay,
    tag: 'session',
    summary:
      'Free play (FREEPLAY3): a new trial account (type 4) with play money, signed in. Trial accounts are refused real-money calls',
    body: freePlayBody,
    value: loginInfo,
  }),
  socialProviders: defineRoute({
    ...identityEndpoints.socialProviders,
    tag: 'session',
    summary: 'The Google/Facebook (OIDC) sign-ins this server offers',
    value: z.array(z.object({ provider: socialProvider, demo: z.boolean() })),
  }),
  socialStart: defineRoute({
    ...identityEndpoints.socialStart,
    tag: 'session',
    summary:
      'Starts an OIDC sign-in (Authorization Code + PKCE, state, nonce): sets an httpOnly flow cookie and answers the URL to send the browser to',
    body: z.object({ provider: socialProvider }),
    value: z.object({ url: z.string() }),
  }),
  socialFinish: defineRoute({
    ...identityEndpoints.socialFinish,
    tag: 'session',
    summary:
      'Finishes an OIDC sign-in (flow cookie): signs in a linked member, or asks to choose; `create` makes a member, `link` links an existing one (password required)',
    body: socialFinishBody,
    value: socialFinish,
  }),
  memberTotp: defineRoute({
    ...identityEndpoints.memberTotp,
    tag: 'member',
    summary: 'Whether the member enrolled an authenticator app (TOTP)',
    value: memberTotpStatus,
  }),
  memberTotpStart: defineRoute({
    ...identityEndpoints.memberTotpStart,
    tag: 'member',
    summary:
      'Starts enrolling an authenticator app: a new secret and its otpauth:// URL (show as a QR code), confirmed with a code within 10 minutes',
    value: memberTotpStarted,
  }),
  memberTotpConfirm: defineRoute({
    ...identityEndpoints.memberTotpConfirm,
    tag: 'member',
    summary: 'Confirms the enrolment with a current code of the new secret; the authenticator is on',
    body: memberTotpConfirmBody,
    value: memberTotpStatus,
  }),
  memberTotpDisable: defineRoute({
    ...identityEndpoints.memberTotpDisable,
    tag: 'member',
    summary:
      'Turns the authenticator off: needs the login password (wrong ones count towards the login lock) and a current code',
    body: memberTotpDisableBody,
    value: memberTotpStatus,
  }),
  agentHome: defineRoute({
    ...identityEndpoints.agentHome,
    tag: 'member',
    summary:
      'The agent site: the signed-in agent (account, type, affiliate code) and the downline members, 15 a page; 403 `login.not.agent` for other accounts',
    query: agentHomeQuery,
    value: agentHome,
  }),
};
