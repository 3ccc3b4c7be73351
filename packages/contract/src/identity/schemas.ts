import { z } from 'zod';
import { LOGIN_VERIFICATION_METHODS, SOCIAL_PROVIDERS } from './constants';
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
  /**
   * `agent`: the agent site (`/agentHome`) — a proven account that is not an agent (types 1, 2,
   * 41, 42) is refused with 403 `login.not.agent` and no session. Default: the member site.
   */
  site: z.enum(['member', 'agent']).nullish(),
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

export const loginVerificationMethod = z.enum(LOGIN_VERIFICATION_METHODS);

/**
 * `value` of 403 `login.verification.required`: the login from a new IP waits for one of these
 * methods (only those this member has). Nothing is sent yet: SMS and email codes go out when the
 * member picks that method (`/wps/session/login/verification/send`).
 */
export const loginChallenge = z.object({
  challengeId: z.string(),
  methods: z.array(
    z.object({
      method: loginVerificationMethod,
      /** Where an SMS or email code goes, masked (`+880******5678`, `d***@example.com`); null for bank and totp. */
      target: z.string().nullable(),
    }),
  ),
  /** The held login waits this long. */
  expiredMinutes: z.number().int(),
  /** Wrong answers allowed in all (every method counts). */
  maxTries: z.number().int(),
});
export type LoginChallenge = z.infer<typeof loginChallenge>;

/** POST /wps/session/login/verification/send: the code of an SMS or email method (at most one a minute). */
export const loginVerificationSendBody = z.object({
  challengeId: z.string().min(1).max(128),
  method: z.enum(['sms', 'email']),
});
export const loginVerificationSent = z.object({
  method: z.enum(['sms', 'email']),
  target: z.string(),
  /** The code is valid this long. */
  expiredMinutes: z.number().int(),
  /** Another code may be asked for after this many seconds. */
  resendAfter: z.number().int(),
});
export type LoginVerificationSent = z.infer<typeof loginVerificationSent>;

/**
 * POST /wps/session/login/verification: `answer` is the 6-digit code (sms, email, totp) or the
 * holder name of the bound payout account (bank; letter case, spacing and accents do not matter).
 */
export const loginVerificationBody = z.object({
  challengeId: z.string().min(1).max(128),
  method: loginVerificationMethod,
  answer: z.string().max(128),
});

/** POST /wps/session/login/freeplay (the platform's `os` and `platform` are accepted and ignored). */
export const freePlayBody = z.object({ os: text(32), platform: text(8), altcha }).nullish();

export const socialProvider = z.enum(SOCIAL_PROVIDERS);

/** POST /wps/session/social/finish: without `mode` just signs in a linked account. */
export const socialFinishBody = z.object({
  /** `create`: a new member for this Google/Facebook account; `link`: an existing one (its password proves it). */
  mode: z.enum(['create', 'link']).nullish(),
  username: z.string().trim().max(64).nullish(),
  password: z.string().max(128).nullish(),
  /** `link` proves a password: the human verification where the brand turns HUMANVERIF3 on. */
  altcha,
});
export type SocialFinishBody = z.input<typeof socialFinishBody>;

// ---- Authenticator app (TOTP) of a member

export const memberTotpStatus = z.object({
  enabled: z.boolean(),
  /** When it was enrolled, epoch ms; null when off. */
  enabledAt: z.number().int().nullable(),
});
export type MemberTotpStatus = z.infer<typeof memberTotpStatus>;

/** A started enrolment: add the secret to an authenticator app (QR code of `otpauthUrl`), then confirm a code. */
export const memberTotpStarted = z.object({
  /** Base32 (RFC 4648), for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The enrolment must be confirmed within this many minutes. */
  expiredMinutes: z.number().int(),
});
export type MemberTotpStarted = z.infer<typeof memberTotpStarted>;

export const memberTotpConfirmBody = z.object({ code: z.string().trim().max(16) });
export const memberTotpDisableBody = z.object({
  password: z.string().max(128),
  code: z.string().trim().max(16),
});

// ---- Agent site (/agentHome)

export const agentHomeQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const agentHome = z.object({
  account: z.string(),
  nickname: z.string(),
  /** 1, 2, 41 or 42. */
  type: z.number().int(),
  /** The agent's own affiliate (invitation) code; null when none is set. */
  affiliateCode: z.string().nullable(),
  /** Who this agent's upline is, if any. */
  upline: z.string().nullable(),
  regDate: z.number().int(),
  downline: z.object({
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    items: z.array(
      z.object({
        account: z.string(),
        nickname: z.string(),
        type: z.number().int(),
        /** Registration (join) time, epoch ms. */
        regDate: z.number().int(),
        /** Last sign-in, epoch ms; null when the account never signed in. */
        lastLoginAt: z.number().int().nullable(),
        status: z.enum(['active', 'locked']),
      }),
    ),
  }),
});
export type AgentHome = z.infer<typeof agentHome>;

// ---- Google / Facebook sign-in per merchant (stored with the merchant's site settings)

/** One provider of a merchant: its OIDC issuer and the client the brand registered there. */
export const socialClientSetting = z.object({
  enabled: z.boolean(),
  issuer: z.string().url().max(255),
  clientId: z.string().trim().min(1).max(255),
  clientSecret: z.string().min(1).max(512),
});
export type SocialClientSetting = z.infer<typeof socialClientSetting>;

/**
 * A merchant's providers. `null`: not set for this merchant — the server's environment
 * (`OIDC_*`), else the demo IdP in demo mode, else none. `enabled: false` hides the provider.
 */
export const socialSettings = z
  .object({
    google: socialClientSetting.nullable().default(null),
    facebook: socialClientSetting.nullable().default(null),
  })
  .default({ google: null, facebook: null });
export type SocialSettings = z.infer<typeof socialSettings>;

/** What the back office sees: never the secret, only whether one is stored. */
export const socialClientView = socialClientSetting
  .omit({ clientSecret: true })
  .extend({ clientSecretSet: z.boolean() });
export const boSocialSettingsValue = z.object({
  merchant: z.string(),
  google: socialClientView.nullable(),
  /** null: not set here; the server's environment (`OIDC_*`) applies, else the demo IdP in demo mode. */
  facebook: socialClientView.nullable(),
});
export type BoSocialSettings = z.infer<typeof boSocialSettingsValue>;

/** Sets (or with `value: null` clears) one provider of a merchant; a missing `clientSecret` keeps the stored one. */
export const boSocialSettingsBody = z.object({
  merchant: z.string().trim().min(2).max(32),
  provider: socialProvider,
  value: socialClientSetting.extend({ clientSecret: z.string().min(1).max(512).optional() }).nullable(),
});
export type BoSocialSettingsBody = z.input<typeof boSocialSettingsBody>;

export const socialFinish = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signedIn'), login: loginInfo }),
  z.object({
    status: z.literal('choose'),
    provider: socialProvider,
    email: z.string().nullable(),
    name: z.string().nullable(),
  }),
]);
export type SocialFinish = z.infer<typeof socialFinish>;
