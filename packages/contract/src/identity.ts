import { z } from 'zod';
import { endpoints } from './endpoints';
import { defineRoute } from './route';

/**
 * One field's refusal inside `value.fields` of a `validation.failed` answer: a translation key
 * (`reg_pattern_<patternId>`, `error_password`, `inconsistent_twice`, ...) and, for rule-based
 * keys, the rule's bounds to substitute for `(min)` and `(max)`.
 */
export const fieldError = z.object({
  key: z.string(),
  min: z.number().int().optional(),
  max: z.number().int().optional(),
});
export type FieldError = z.infer<typeof fieldError>;
export const fieldErrors = z.record(z.string(), fieldError);
export type FieldErrors = z.infer<typeof fieldErrors>;

/** Field-error keys of the identity calls, besides `reg_pattern_<0..19>` (API-FACTS §3.2). */
export const IDENTITY_FIELD_KEYS = [
  'error_password',
  'inconsistent_twice',
  'invalid_mobile_number',
  'username_exists',
  'mobile_exists',
  'terms_required',
  'age_required',
  'old_password_incorrect',
  'password_same_as_old',
  'invalid_verification_code',
  'invalid_captcha',
] as const;
export type IdentityFieldKey = (typeof IDENTITY_FIELD_KEYS)[number];

/** Free text of a form field; `null` is taken as absent. */
const text = (max = 255) => z.string().max(max).nullish();

/**
 * The solved human-verification challenge (ALTCHA payload: base64 JSON `{ challenge, solution }`
 * of `GET /wps/captcha/challenge`). Required only where the brand turns HUMANVERIF3 on.
 */
const altcha = z.string().max(8192).nullish();

const dialingCode = z
  .string()
  .regex(/^\+[1-9][0-9]{0,3}$/)
  .nullish();

/** PUT /wps/member/register and /register/mobile (API-FACTS §2.1a). Rules are checked by the server's register rules. */
export const registerBody = z.object({
  username: text(64),
  password: text(128),
  confirmPassword: text(128),
  payeeName: text(),
  email: text(),
  qqNum: text(),
  mobileNum: text(32),
  countryDialingCode: dialingCode,
  recommenderId: text(),
  captcha: text(32),
  verificationCode: text(),
  affiliateCode: text(),
  paymentPassword: text(128),
  line: text(),
  whatsapp: text(),
  facebook: text(),
  wechat: text(),
  idNumber: text(),
  referralCode: text(),
  domain: text(),
  login: z.boolean().nullish(),
  registerUrl: text(2048),
  registerMethod: text(16),
  /** The terms box (ticked by default in the form). */
  termsAccepted: z.boolean().nullish(),
  /** The person confirmed being 18 or over. */
  ageConfirmed: z.boolean().nullish(),
  altcha,
});
export type RegisterBody = z.input<typeof registerBody>;

/** What login and registration answer: the session token plus who signed in. */
export const loginInfo = z.object({
  /** Raw session token: send it back as the `Authorization` header (no `Bearer`). */
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /**
   * The member must choose a new password now (the operator set this one, or it expired and the
   * brand forces a change): until then every other member call answers `password.change.required`.
   */
  mustChangePassword: z.boolean(),
  id: z.number().int(),
  userName: z.string(),
  nickname: z.string(),
  /** Member type: 0 member, 1/2/41/42 agent, 4 trial. */
  customerType: z.number().int(),
  /**
   * Only when the login asked `remember: true`: exchange it at `POST /wps/session/remember` for a
   * new session within 24 hours (single use: each exchange answers the next one).
   */
  rememberToken: z.string().optional(),
});
export type LoginInfo = z.infer<typeof loginInfo>;

const secret = z
  .string()
  .max(128)
  .transform((v) => v.trim());

/**
 * POST /wps/session/login. Password kind (`type` `username` or `''`, which the client sends right
 * after a phone reset): username and password are trimmed. SMS kind (`type: 'sms'`,
 * MOBILEVERCODELOGIN3): `username` is the mobile number, `password` the SMS code (not trimmed).
 */
export const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** The 4 digits of the captcha image (bound to the captcha cookie); needed from the 5th failure. */
  captcha: text(32),
  type: z.enum(['username', '', 'sms']).default('username'),
  /** SMS kind: the dialling code picked beside the number (default: the merchant's). */
  countryDialingCode: dialingCode,
  /** Also answer a `rememberToken` (24 h). */
  remember: z.boolean().nullish(),
  loginDeviceId: text(64),
  altcha,
});
export type LoginBody = z.input<typeof loginBody>;

/** `value` of a refused login: `captcha: true` from the 5th failure on (API-FACTS §1.3). */
export const loginFailureValue = z.object({ captcha: z.boolean() });

export const memberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** 0 member, 1/2/41/42 agent, 4 trial. */
  type: z.number().int(),
  /** VIP club label; null until the VIP module ranks the member. */
  clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int() }).nullable(),
  /** Registration time, epoch ms. */
  regDate: z.number().int(),
  /** Masked mobile number, e.g. `+880******5678`; null when none is bound. */
  mobile: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

/** POST /wps/member/password (PASS3). */
export const changePasswordBody = z.object({
  oldPassword: secret.optional(),
  newPassword: secret,
  confirmNewPassword: secret,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** The public key request bodies may be sealed to (JWE compact, RSA-OAEP-256 + A256GCM). */
export const encryptionKey = z.object({
  kid: z.string(),
  alg: z.literal('RSA-OAEP-256'),
  enc: z.literal('A256GCM'),
  jwk: z.object({
    kty: z.literal('RSA'),
    n: z.string(),
    e: z.string(),
    kid: z.string(),
    alg: z.literal('RSA-OAEP-256'),
    use: z.literal('enc'),
  }),
});
export type EncryptionKey = z.infer<typeof encryptionKey>;

/** What an SMS-code request answers: the code lives this long; the get-code button counts down 60 s x this. */
export const smsCodeSent = z.object({ expiredMinutes: z.number().int() });

/** POST /wps/verification/sms/noLogin: a code for SMS login or, with `purpose: 'reset'`, for the phone reset. */
export const smsCodeNoLoginBody = z.object({
  mobileNum: z.string().trim().min(1).max(32),
  countryDialingCode: dialingCode,
  purpose: z.enum(['login', 'reset']).default('login'),
  altcha,
});

/** POST /wps/verification/sms/register: this call names the number `mobileNo` (API-FACTS §2.1). */
export const smsCodeRegisterBody = z.object({
  mobileNo: z.string().trim().min(1).max(32),
  countryDialingCode: dialingCode,
  altcha,
});

/** POST /wps/member/password/email, form-encoded. */
export const forgotPasswordEmailBody = z.object({
  username: z.string().trim().min(1).max(64),
  email: z.string().trim().min(3).max(255),
});

/** POST /wps/member/password/verification (CHNGPASSVERIF3): a reset-purpose SMS code sets a new password. */
export const resetPasswordBySmsBody = z.object({
  newPassword: secret,
  mobileNum: z.string().trim().min(1).max(32),
  countryDialingCode: dialingCode,
  verificationCode: z.string().max(255),
});

/** POST /wps/session/remember. */
export const rememberLoginBody = z.object({ rememberToken: z.string().min(1).max(128) });

/** GET /wps/agent/affiliate. */
export const affiliateQuery = z.object({
  code: z.string().trim().min(1).max(64),
  domain: z.string().max(255).optional(),
});

/** An ALTCHA v2 challenge (HMAC-signed by the server); solve it and send the payload as `altcha`. */
export const humanChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().int().optional(),
    parallelism: z.number().int().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type HumanChallenge = z.infer<typeof humanChallenge>;

export const identityRoutes = {
  encryptionKey: defineRoute({
    ...endpoints.encryptionKey,
    tag: 'system',
    summary:
      'Public key (JWK) for encrypted bodies: send `{ "jwe": "<compact JWE>" }` to the calls marked encrypted',
    value: encryptionKey,
  }),
  login: defineRoute({
    ...endpoints.login,
    tag: 'session',
    summary:
      'Password login; answers the session token. From the 5th failure `value.captcha` is true; the 10th locks password login for 15 minutes',
    body: loginBody,
    value: loginInfo,
  }),
  logout: defineRoute({
    ...endpoints.logout,
    tag: 'session',
    summary: 'Ends (revokes) the calling session',
    value: z.null(),
  }),
  register: defineRoute({
    ...endpoints.register,
    tag: 'member',
    summary: 'Registers by username, checked against the merchant register rules; answers login info',
    body: registerBody,
    value: loginInfo,
  }),
  registerMobile: defineRoute({
    ...endpoints.registerMobile,
    tag: 'member',
    summary: 'Registers by mobile number (the username is the number); answers login info',
    body: registerBody,
    value: loginInfo,
  }),
  memberInfo: defineRoute({
    ...endpoints.memberInfo,
    tag: 'member',
    summary: 'Who is signed in; without a token an empty object (decide "logged in" from `id`)',
    value: z.union([memberInfo, z.object({}).strict()]),
  }),
  changePassword: defineRoute({
    ...endpoints.changePassword,
    tag: 'member',
    summary: 'Changes the password and signs out every other session and every remember-me token',
    body: changePasswordBody,
    value: z.null(),
  }),
  rememberLogin: defineRoute({
    ...endpoints.rememberLogin,
    tag: 'session',
    summary:
      'Exchanges a remember-me token for a new session and the next token (rotated; a reused token revokes them all)',
    body: rememberLoginBody,
    value: loginInfo,
  }),
  smsCodeNoLogin: defineRoute({
    ...endpoints.smsCodeNoLogin,
    tag: 'verification',
    summary:
      'Sends a 6-digit SMS code for login or phone reset when a member has the number; the answer is the same either way. At most 1 a minute and 5 an hour per number',
    body: smsCodeNoLoginBody,
    value: smsCodeSent,
  }),
  smsCodeRegister: defineRoute({
    ...endpoints.smsCodeRegister,
    tag: 'verification',
    summary:
      'Sends a 6-digit SMS code for registration (not to a number already registered; the answer is the same). At most 1 a minute and 5 an hour per number',
    body: smsCodeRegisterBody,
    value: smsCodeSent,
  }),
  forgotPasswordEmail: defineRoute({
    ...endpoints.forgotPasswordEmail,
    tag: 'member',
    summary:
      'Forgot password by email (form-encoded): when username and email match, mails a temporary password that must be changed at the next login. Answers the same either way',
    body: forgotPasswordEmailBody,
    value: z.null(),
  }),
  resetPasswordBySms: defineRoute({
    ...endpoints.resetPasswordBySms,
    tag: 'member',
    summary:
      'Sets a new password with a reset SMS code and signs out every session; then log in with the number and the new password',
    body: resetPasswordBySmsBody,
    value: z.literal(true),
  }),
  captcha: defineRoute({
    ...endpoints.captcha,
    tag: 'verification',
    summary:
      'A 4-digit captcha image: base64 PNG without a data: prefix, bound to an httpOnly cookie; single use, 5 minutes',
    value: z.string(),
  }),
  humanChallenge: defineRoute({
    ...endpoints.humanChallenge,
    tag: 'verification',
    summary:
      'A signed proof-of-work challenge (ALTCHA) for the calls that need human verification (HUMANVERIF3)',
    value: humanChallenge,
  }),
  affiliateCheck: defineRoute({
    ...endpoints.affiliateCheck,
    tag: 'member',
    summary: 'Checks an affiliate (invitation) code: success when it belongs to an agent of this merchant',
    query: affiliateQuery,
    value: z.literal(true),
  }),
};
