import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AGENT_DOWNLINE_PAGE_SIZE,
  type AgentHome,
  type ChangePasswordBody,
  type FieldErrors,
  isAgentType,
  isTrialType,
  type Language,
  type LoginBody,
  type LoginChallenge,
  type LoginInfo,
  type LoginVerificationMethod,
  type LoginVerificationSent,
  type MemberInfo,
  type MemberTotpStarted,
  type MemberTotpStatus,
  type Merchant,
  type RegisterBody,
  type RegisterRule,
  type SocialFinish,
  type SocialFinishBody,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB, MemberType, VerificationPurpose } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MessageLog, Messenger } from '../messaging';
import type { SiteService } from '../site';
import {
  CAPTCHA_TTL_MS,
  hashCaptchaAnswer,
  hashCaptchaId,
  isWellFormedCaptchaId,
  newCaptchaId,
  newCaptchaText,
  renderCaptcha,
  sameHash,
} from './captcha';
import { createCodes, newSmsCode, SMS_CODE_MINUTES } from './codes';
import { createBodyEncryption } from './encryption';
import { createHumanVerification } from './human';
import { loginCodeMail, smsCodeText, temporaryPasswordMail } from './messages';
import { createPasswordHasher, type PasswordHasher } from './passwords';
import { createSecrets } from './secrets';
import {
  type AuthMember,
  type AuthSession,
  hashSessionToken,
  isWellFormedToken,
  newSessionToken,
  REMEMBER_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from './sessions';
import type { SocialSignIn } from './social';
import * as store from './store';
import {
  memberTotpOf,
  memberTotpStep,
  newMemberTotpSecret,
  sameHolderName,
  TOTP_ENROL_MINUTES,
} from './totp';
import {
  checkField,
  type Mobile,
  maskMobile,
  matchesRule,
  parseMobile,
  type RegisterMode,
  validateRegistration,
} from './validation';

/** From this failure on, a refused login answers `value.captcha = true`. */
export const LOGIN_CAPTCHA_AFTER = 5;
/** This failure locks password login of the account... */
export const LOGIN_LOCK_AFTER = 10;
/** ...for this long. */
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** A password older than this answers `passwordExpired` (the brand's PWDEXPFORCECHANGE3 decides what follows). */
export const PASSWORD_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** A login held for new-IP verification (LOGINIPVERF3) waits this long (an SMS or email code lives as long from its sending)... */
export const LOGIN_CHALLENGE_MINUTES = 5;
/** ...but never longer than this after the login... */
export const LOGIN_CHALLENGE_MAX_MINUTES = 15;
/** ...survives this many wrong answers, whichever methods they were for... */
export const LOGIN_CHALLENGE_MAX_TRIES = 5;
/** ...is held at most once in this time per account, and its SMS or mail codes go at most once in this time per account. */
export const LOGIN_CHALLENGE_INTERVAL_MS = 60 * 1000;

/** A temporary password is mailed at most once in this time per account. */
export const TEMPORARY_PASSWORD_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Who is calling: merchant and language from the headers, IP (behind TRUST_PROXY), browser,
 * and the captcha the browser holds (its httpOnly cookie), if any.
 */
export type CallMeta = {
  merchant: Merchant;
  ip: string;
  userAgent: string | null;
  language?: Language;
  captchaId?: string | null;
};

type Deps = {
  db: Kysely<DB>;
  site: SiteService;
  now?: () => Date;
  hasher?: PasswordHasher;
  /** Delivers SMS and email (outbox, SMTP, SMS gateway). */
  messenger: Messenger;
  log?: MessageLog;
  /** PBKDF2 iterations per try of the human-verification proof-of-work. */
  humanVerificationCost?: number;
  /** Play money for a new trial (free-play) account, posted inside its creating transaction. */
  trialCredit?: (memberId: number, within: Kysely<DB>) => Promise<unknown>;
  /** Google / Facebook sign-in (OIDC relying party); absent: none offered. */
  social?: SocialSignIn;
  /**
   * The holder name of the member's bound payout (bank) account, or null: read through the
   * cashier module (new-IP verification by bank account name).
   */
  payoutHolderName?: (memberId: number) => Promise<string | null>;
};

/** `a***@example.com`: enough for the owner to recognise the address. */
const maskEmail = (email: string) => {
  const at = email.indexOf('@');
  return at <= 0 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`;
};

const silentLog: MessageLog = { info: () => undefined, error: () => undefined };

/** A random password of `length` letters and digits with at least one upper, one lower and one digit. */
const randomPassword = (length: number) => {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)] as string);
  while (chars.length < length) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
};

const toAuthMember = (m: {
  id: number;
  merchant_code: string;
  username: string;
  nickname: string;
  type: MemberType;
  mobile: string | null;
  created_at: Date;
  password_changed_at: Date;
  must_change_password: boolean;
}): AuthMember => ({
  id: m.id,
  merchantCode: m.merchant_code,
  username: m.username,
  nickname: m.nickname,
  type: m.type,
  mobile: m.mobile,
  createdAt: m.created_at,
  passwordChangedAt: m.password_changed_at,
  mustChangePassword: m.must_change_password,
});

/** Accounts, sign-in, sessions and passwords: every rule of the identity calls. */
export const createIdentityService = ({
  db,
  site,
  now = () => new Date(),
  hasher = createPasswordHasher(),
  messenger,
  log = silentLog,
  humanVerificationCost = 1000,
  trialCredit,
  social,
  payoutHolderName,
}: Deps) => {
  const encryption = createBodyEncryption({ db, now });
  const secrets = createSecrets({ db, now });
  const codes = createCodes({ db, secrets, now });
  const human = createHumanVerification({ db, secrets, cost: humanVerificationCost, now });
  const brandName = (merchantCode: string) => site.settingsOf(merchantCode).brand.name;
  const languageOf = (meta: CallMeta): Language => meta.language ?? meta.merchant.defaultLanguage;

  /**
   * Work that must not change how long the answer takes (mail to an account that may not exist):
   * run after answering; failures are logged. `settled()` waits for all of it (tests, shutdown).
   */
  const background = new Set<Promise<void>>();
  const defer = (what: string, task: () => Promise<void>) => {
    const running: Promise<void> = task()
      .catch((error: unknown) => log.error({ err: error, what }, 'identity: background task failed'))
      .finally(() => background.delete(running));
    background.add(running);
  };
  const settled = async () => {
    while (background.size > 0) await Promise.all([...background]);
  };
  const audit = (
    meta: CallMeta,
    entry: Omit<store.AuditEntry, 'merchantCode' | 'ip' | 'userAgent' | 'at'> & { at?: Date },
  ) =>
    store.writeAudit(db, {
      at: now(),
      ...entry,
      merchantCode: meta.merchant.code,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });

  /** Opens a session and answers the raw token (only its hash is stored). */
  const openSession = async (
    trx: Kysely<DB>,
    memberId: number,
    meta: CallMeta,
    at: Date,
    rememberFamily: string | null = null,
  ) => {
    const token = newSessionToken();
    await store.insertSession(trx, {
      tokenHash: hashSessionToken(token),
      memberId,
      now: at,
      expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      ip: meta.ip,
      userAgent: meta.userAgent,
      rememberFamily,
    });
    return token;
  };

  /** A new remember-me token (the raw one is answered once; its hash is stored). */
  const issueRememberToken = async (
    trx: Kysely<DB>,
    memberId: number,
    family: string,
    at: Date,
    expiresAt: Date,
  ) => {
    const token = newSessionToken();
    await store.insertRememberToken(trx, {
      tokenHash: hashSessionToken(token),
      family,
      memberId,
      at,
      expiresAt,
    });
    return token;
  };

  /** Refuses the call (400 `verification.required`) unless the brand's human verification passes. */
  const assertHuman = async (meta: CallMeta, payload: string | null | undefined) => {
    if (!site.isModuleEnabled(meta.merchant.code, 'HUMANVERIF3')) return;
    if (!(await human.verify(payload))) throw new AppError('verification.required');
  };

  // Captcha

  /** A new captcha: the id for the browser's cookie and the PNG. */
  const newCaptcha = async (meta: CallMeta) => {
    const at = now();
    const id = newCaptchaId();
    const text = newCaptchaText();
    const png = await renderCaptcha(text);
    await store.purgeCaptchas(db, at);
    await store.insertCaptcha(db, {
      idHash: hashCaptchaId(id),
      merchantCode: meta.merchant.code,
      answerHash: hashCaptchaAnswer(id, text),
      at,
      expiresAt: new Date(at.getTime() + CAPTCHA_TTL_MS),
    });
    return { id, png };
  };

  /** Checks (and uses up, right or wrong) the caller's captcha against the typed answer. */
  const checkCaptcha = async (meta: CallMeta, answer: string | null | undefined) => {
    const id = meta.captchaId;
    if (!id || !isWellFormedCaptchaId(id)) return false;
    const row = await store.takeCaptcha(db, hashCaptchaId(id));
    if (!row || row.merchant_code !== meta.merchant.code) return false;
    if (row.expires_at.getTime() <= now().getTime()) return false;
    const typed = (answer ?? '').trim();
    if (!/^[0-9]{4}$/.test(typed)) return false;
    return sameHash(row.answer_hash, hashCaptchaAnswer(id, typed));
  };

  // Dialling codes

  /**
   * A dialling code sent with a number must be one of the brand's merchants (+880, +91 in the
   * demo brand): the refusal of the `countryDialingCode` field, or null.
   */
  const dialCodeRefusal = async (dialCode: string | null | undefined) => {
    if (!dialCode) return null;
    const codes = (await site.current()).merchants.map((m) => m.dialCode);
    return codes.includes(dialCode) ? null : { key: 'dial_code_unsupported' };
  };
  const assertDialCode = async (dialCode: string | null | undefined) => {
    const refused = await dialCodeRefusal(dialCode);
    if (refused) refuseFields({ countryDialingCode: refused });
  };

  // SMS codes

  /** The number of an SMS-code call, or a field refusal (spec §5: the number is checked first). */
  const mobileOf = async (
    meta: CallMeta,
    raw: string,
    dialCode: string | null | undefined,
    field: string,
  ) => {
    await assertDialCode(dialCode);
    const mobile = parseMobile(raw, dialCode || meta.merchant.dialCode);
    if (!mobile)
      throw new AppError('validation.failed', {
        value: { fields: { [field]: { key: 'invalid_mobile_number' } } },
      });
    return mobile;
  };

  const sendCode = async (meta: CallMeta, mobile: Mobile, purpose: VerificationPurpose, deliver: boolean) => {
    const code = await codes.issue(meta.merchant.code, mobile.e164, purpose, deliver);
    return deliver ? code : null;
  };

  const smsMessage = (meta: CallMeta, mobile: Mobile, code: string, purpose: VerificationPurpose) => ({
    channel: 'sms' as const,
    to: mobile.e164,
    text: smsCodeText(languageOf(meta), brandName(meta.merchant.code), code, SMS_CODE_MINUTES),
    merchantCode: meta.merchant.code,
    purpose: `code.${purpose}`,
  });

  /**
   * `POST /wps/verification/sms/noLogin`: a login or reset code, sent only when a member has the
   * number; the answer (and its timing: delivery runs after answering) is the same either way.
   */
  const requestNoLoginCode = async (
    meta: CallMeta,
    body: {
      mobileNum: string;
      countryDialingCode?: string | null;
      purpose: 'login' | 'reset';
      altcha?: string | null;
    },
  ) => {
    if (body.purpose === 'reset' && !site.isModuleEnabled(meta.merchant.code, 'CHNGPASSVERIF3'))
      throw new AppError('function.not.available');
    await assertHuman(meta, body.altcha);
    const mobile = await mobileOf(meta, body.mobileNum, body.countryDialingCode, 'mobileNum');
    const member = await store.findMemberByMobile(db, meta.merchant.code, mobile.e164);
    const deliver = member !== undefined && member.status === 'active';
    const code = await sendCode(meta, mobile, body.purpose, deliver);
    if (code) defer('sms.code', () => messenger.send(smsMessage(meta, mobile, code, body.purpose)));
    return { expiredMinutes: SMS_CODE_MINUTES };
  };

  /**
   * `POST /wps/verification/sms/register`: a registration code, not sent to a number that is
   * already registered (the answer is the same); a gateway failure answers `sms.send.failed`.
   */
  const requestRegisterCode = async (
    meta: CallMeta,
    body: { mobileNo: string; countryDialingCode?: string | null; altcha?: string | null },
  ) => {
    const code = meta.merchant.code;
    if (!site.isModuleEnabled(code, 'REGMOBVERF3') && !site.isModuleEnabled(code, 'MOBILENUMREG3'))
      throw new AppError('function.not.available');
    await assertHuman(meta, body.altcha);
    const mobile = await mobileOf(meta, body.mobileNo, body.countryDialingCode, 'mobileNo');
    const taken = await store.findMemberByMobile(db, code, mobile.e164);
    const sms = await sendCode(meta, mobile, 'register', taken === undefined);
    if (sms) {
      try {
        await messenger.send(smsMessage(meta, mobile, sms, 'register'));
      } catch (error) {
        log.error({ err: error, to: mobile.e164 }, 'identity: registration SMS not sent');
        throw new AppError('sms.send.failed');
      }
    }
    return { expiredMinutes: SMS_CODE_MINUTES };
  };

  const isPasswordExpired = (passwordChangedAt: Date, at: Date) =>
    at.getTime() - passwordChangedAt.getTime() > PASSWORD_MAX_AGE_MS;

  /** Must this member change the password before anything else? Operator-set, or expired where the brand forces it. */
  const isPasswordChangePending = (m: {
    merchantCode: string;
    mustChangePassword: boolean;
    passwordChangedAt: Date;
  }) =>
    m.mustChangePassword ||
    (isPasswordExpired(m.passwordChangedAt, now()) &&
      site.isModuleEnabled(m.merchantCode, 'PWDEXPFORCECHANGE3'));

  const loginInfo = (m: store.MemberRow, token: string, firstTimeLogin: boolean, at: Date): LoginInfo => ({
    token,
    firstTimeLogin,
    passwordExpired: isPasswordExpired(m.password_changed_at, at),
    mustChangePassword: isPasswordChangePending({
      merchantCode: m.merchant_code,
      mustChangePassword: m.must_change_password,
      passwordChangedAt: m.password_changed_at,
    }),
    id: m.id,
    userName: m.username,
    nickname: m.nickname,
    customerType: m.type,
  });

  const refuseFields = (fields: FieldErrors): never => {
    throw new AppError('validation.failed', { value: { fields } });
  };

  // Registration

  const register = async (meta: CallMeta, mode: RegisterMode, body: RegisterBody): Promise<LoginInfo> => {
    const code = meta.merchant.code;
    const rules = await site.getRegisterRules(code);
    const checked = validateRegistration(body, {
      mode,
      rules,
      dialCode: meta.merchant.dialCode,
      passwordInMobileMode: site.isModuleEnabled(code, 'MOBILENUMPASSREG3'),
    });
    const dialRefused = await dialCodeRefusal(body.countryDialingCode);
    if (dialRefused)
      return refuseFields({ ...(checked.ok ? {} : checked.fields), countryDialingCode: dialRefused });
    if (!checked.ok) return refuseFields(checked.fields);
    const r = checked.registration;
    await assertHuman(meta, body.altcha);
    if (rules.captcha?.enabled && !(await checkCaptcha(meta, body.captcha)))
      refuseFields({ captcha: { key: 'invalid_captcha' } });
    // An affiliate code must name an agent of this merchant, who becomes the upline.
    let uplineId: number | null = null;
    if (r.affiliateCode) {
      const agent = await store.findAgentByCode(db, code, r.affiliateCode);
      if (!agent) throw new AppError('invalid_invitation_code');
      uplineId = agent.id;
    }

    const taken = async (): Promise<FieldErrors | null> => {
      if (mode === 'mobile' && r.mobile && (await store.findMemberByMobile(db, code, r.mobile))) {
        return { mobileNum: { key: 'mobile_exists' } };
      }
      if (await store.findMemberByUsername(db, code, r.username)) {
        return mode === 'mobile'
          ? { mobileNum: { key: 'mobile_exists' } }
          : { username: { key: 'username_exists' } };
      }
      if (r.mobile && (await store.findMemberByMobile(db, code, r.mobile)))
        return { mobileNum: { key: 'mobile_exists' } };
      return null;
    };
    const conflict = (fields: FieldErrors) => new AppError('conflict', { value: { fields } });
    const early = await taken();
    if (early) throw conflict(early);

    // The SMS code: always in mobile mode, in username mode where the brand turns REGMOBVERF3 on.
    if (mode === 'mobile' || site.isModuleEnabled(code, 'REGMOBVERF3')) {
      if (!r.mobile) refuseFields({ mobileNum: { key: 'invalid_mobile_number' } });
      const typed = (body.verificationCode ?? '').trim();
      if (!r.mobile || !(await codes.consume(code, r.mobile, 'register', typed)))
        refuseFields({ verificationCode: { key: 'invalid_verification_code' } });
    }

    // Hash outside the transaction: PGlite has one connection and argon2 takes tens of ms.
    const passwordHash = r.password === null ? null : await hasher.hash(r.password);
    const paymentPasswordHash = r.paymentPassword === null ? null : await hasher.hash(r.paymentPassword);
    const at = now();
    try {
      const { member, token } = await db.transaction().execute(async (trx) => {
        const member = await store.insertMember(trx, {
          merchantCode: code,
          username: r.username,
          mobile: r.mobile,
          email: r.email,
          passwordHash,
          type: 0,
          uplineId,
          nickname: r.username,
          now: at,
          // Registration signs the person in: this is their first login.
          lastLoginAt: at,
          payeeName: r.payeeName,
          qq: r.qq,
          line: r.line,
          whatsapp: r.whatsapp,
          facebook: r.facebook,
          wechat: r.wechat,
          idNumber: r.idNumber,
          recommenderId: r.recommenderId,
          affiliateCode: r.affiliateCode,
          referralCode: r.referralCode,
          paymentPasswordHash,
          registerIp: meta.ip,
          registerDomain: r.domain,
        });
        const token = await openSession(trx, member.id, meta, at);
        await store.recordKnownIp(trx, member.id, meta.ip, at);
        await store.writeAudit(trx, {
          at,
          merchantCode: code,
          memberId: member.id,
          username: member.username,
          event: 'register',
          ip: meta.ip,
          userAgent: meta.userAgent,
          detail: { mode },
        });
        return { member, token };
      });
      return loginInfo(member, token, false, at);
    } catch (error) {
      // Two registrations raced for the same name or number: the unique index decides.
      if (store.isUniqueViolation(error, 'member_username_key')) {
        throw conflict(
          mode === 'mobile'
            ? { mobileNum: { key: 'mobile_exists' } }
            : { username: { key: 'username_exists' } },
        );
      }
      if (store.isUniqueViolation(error, 'member_mobile_key'))
        throw conflict({ mobileNum: { key: 'mobile_exists' } });
      throw error;
    }
  };

  // Login

  /** The account a login names: by username, else by mobile number in any usual spelling. */
  const findLoginMember = async (merchant: Merchant, username: string) => {
    const byName = await store.findMemberByUsername(db, merchant.code, username);
    if (byName) return { member: byName, subject: `m:${byName.id}` };
    const mobile = /^\+?[0-9][0-9\s-]{5,}$/.test(username) ? parseMobile(username, merchant.dialCode) : null;
    const byMobile = mobile ? await store.findMemberByMobile(db, merchant.code, mobile.e164) : undefined;
    if (byMobile) return { member: byMobile, subject: `m:${byMobile.id}` };
    // Unknown accounts are throttled exactly like known ones, so the answers cannot tell them apart.
    return { member: undefined, subject: mobile ? `p:${mobile.e164}` : `u:${username.toLowerCase()}` };
  };

  /**
   * Reads the subject's throttle: refuses while password login is locked (clearing a lock that
   * has run out), and answers the failures counted so far.
   */
  const readFailures = async (meta: CallMeta, subject: string, at: Date) => {
    const throttle = await store.readThrottle(db, meta.merchant.code, subject);
    if (!throttle) return { failures: 0, retryAfter: null };
    if (throttle.locked_until) {
      if (throttle.locked_until.getTime() > at.getTime()) {
        const retryAfter = Math.ceil((throttle.locked_until.getTime() - at.getTime()) / 1000);
        return { failures: throttle.failures, retryAfter };
      }
      await store.clearThrottle(db, meta.merchant.code, subject);
      return { failures: 0, retryAfter: null };
    }
    return { failures: throttle.failures, retryAfter: null };
  };

  /** Refuses when the subject's password login is locked; clears a lock that has run out. */
  const assertNotLocked = async (meta: CallMeta, subject: string, at: Date) => {
    const { retryAfter } = await readFailures(meta, subject, at);
    return retryAfter === null ? undefined : { retryAfter };
  };

  /** Counts one failure; the 5th on asks for a captcha, the 10th locks password login. */
  const countFailure = async (
    meta: CallMeta,
    subject: string,
    memberId: number | null,
    username: string,
    at: Date,
    reason: string,
  ) => {
    const failures = await store.addFailure(db, meta.merchant.code, subject, at);
    await audit(meta, { at, memberId, username, event: 'login.failure', detail: { reason, failures } });
    if (failures >= LOGIN_LOCK_AFTER) {
      await store.lockThrottle(db, meta.merchant.code, subject, new Date(at.getTime() + LOGIN_LOCK_MS), at);
      await audit(meta, {
        at,
        memberId,
        username,
        event: 'login.locked',
        detail: { failures, minutes: LOGIN_LOCK_MS / 60_000 },
      });
      return {
        failures,
        lockError: new AppError('login.locked', {
          value: { captcha: true, retryAfter: LOGIN_LOCK_MS / 1000 },
        }),
      };
    }
    return { failures, lockError: null };
  };

  /** Opens the session of a proven login (and a remember-me token when asked), audited. */
  const finishLogin = async (
    meta: CallMeta,
    member: store.MemberRow,
    at: Date,
    method: string,
    remember: boolean,
    detail: Record<string, unknown> = {},
  ): Promise<LoginInfo> => {
    const firstTimeLogin = member.last_login_at === null;
    // An account someone else made (operator, agent, seed) that signs in for the first time must
    // choose its own password before anything else; self-registered accounts were signed in by
    // their registration, so this never applies to them.
    const forceChange = firstTimeLogin && member.password_hash !== null && !member.must_change_password;
    const { token, rememberToken } = await db.transaction().execute(async (trx) => {
      if (forceChange) await store.setMustChangePassword(trx, member.id);
      const family = remember ? randomBytes(16).toString('hex') : null;
      const token = await openSession(trx, member.id, meta, at, family);
      const rememberToken = family
        ? await issueRememberToken(trx, member.id, family, at, new Date(at.getTime() + REMEMBER_MS))
        : undefined;
      await store.setLastLogin(trx, member.id, at);
      await store.recordKnownIp(trx, member.id, meta.ip, at);
      await store.writeAudit(trx, {
        at,
        merchantCode: meta.merchant.code,
        memberId: member.id,
        username: member.username,
        event: 'login.success',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { method, remember, ...(firstTimeLogin ? { firstTimeLogin } : {}), ...detail },
      });
      return { token, rememberToken };
    });
    const info = loginInfo(
      forceChange ? { ...member, must_change_password: true } : member,
      token,
      firstTimeLogin,
      at,
    );
    return rememberToken ? { ...info, rememberToken } : info;
  };

  const refuseInactive = async (meta: CallMeta, member: store.MemberRow, at: Date, username: string) => {
    await audit(meta, {
      at,
      memberId: member.id,
      username,
      event: 'login.failure',
      detail: { reason: 'account.locked' },
    });
    throw new AppError('account.locked');
  };

  /**
   * The agent site (`site: 'agent'`) refuses a proven account that is not an agent: 403
   * `login.not.agent`, no session, audited. The member site takes every account type.
   */
  const refuseNonAgent = async (
    meta: CallMeta,
    member: store.MemberRow,
    at: Date,
    siteAsked: LoginBody['site'],
    method: string,
  ) => {
    if (siteAsked !== 'agent' || isAgentType(member.type)) return;
    await audit(meta, {
      at,
      memberId: member.id,
      username: member.username,
      event: 'login.failure',
      detail: { reason: 'not.agent', site: siteAsked, method, type: member.type },
    });
    throw new AppError('login.not.agent');
  };

  // New-IP verification (LOGINIPVERF3)

  const challengeHash = async (idHash: string, code: string) =>
    createHmac('sha256', await secrets.get('login.challenge'))
      .update(`${idHash}|${code}`)
      .digest('hex');

  /** The new-IP methods this member has: SMS to the bound mobile, email, bank account name, authenticator. */
  const verificationMethodsOf = async (member: store.MemberRow): Promise<LoginChallenge['methods']> => {
    const methods: LoginChallenge['methods'] = [];
    if (member.mobile) methods.push({ method: 'sms', target: maskMobile(member.mobile) });
    if (member.email) methods.push({ method: 'email', target: maskEmail(member.email) });
    if (payoutHolderName && (await payoutHolderName(member.id)))
      methods.push({ method: 'bank', target: null });
    if ((await store.findMemberTotp(db, member.id))?.secret) methods.push({ method: 'totp', target: null });
    return methods;
  };

  /**
   * Where the brand turns LOGINIPVERF3 on, a proven login from an IP the member never signed in
   * from is held: the answer is 403 `login.verification.required` with the challenge id and the
   * methods this member has (nothing is sent yet). The member's very first login (no IP known
   * yet) passes; so does a member with no method at all (`'no.method'`, audited with the login;
   * ADR 015 says why).
   */
  const holdForNewIp = async (
    meta: CallMeta,
    member: store.MemberRow,
    at: Date,
    method: string,
    remember: boolean,
  ): Promise<AppError | 'no.method' | null> => {
    if (!site.isModuleEnabled(meta.merchant.code, 'LOGINIPVERF3')) return null;
    const ips = await store.knownIpState(db, member.id, meta.ip);
    if (ips.known || !ips.any) return null;
    const methods = await verificationMethodsOf(member);
    if (methods.length === 0) return 'no.method';
    const last = await store.latestLoginChallenge(db, member.id);
    if (last && at.getTime() - last.created_at.getTime() < LOGIN_CHALLENGE_INTERVAL_MS) {
      const retryAfter = Math.ceil(
        (last.created_at.getTime() + LOGIN_CHALLENGE_INTERVAL_MS - at.getTime()) / 1000,
      );
      return new AppError('TOO_MANY_REQUESTS', { value: { retryAfter } });
    }
    const challengeId = newSessionToken();
    await store.insertLoginChallenge(db, {
      idHash: hashSessionToken(challengeId),
      merchantCode: meta.merchant.code,
      memberId: member.id,
      ip: meta.ip,
      methods: methods.map((m) => m.method),
      remember,
      method,
      at,
      expiresAt: new Date(at.getTime() + LOGIN_CHALLENGE_MINUTES * 60_000),
    });
    await audit(meta, {
      at,
      memberId: member.id,
      username: member.username,
      event: 'login.challenge',
      detail: { methods: methods.map((m) => m.method), method },
    });
    const value: LoginChallenge = {
      challengeId,
      methods,
      expiredMinutes: LOGIN_CHALLENGE_MINUTES,
      maxTries: LOGIN_CHALLENGE_MAX_TRIES,
    };
    return new AppError('login.verification.required', { value });
  };

  /**
   * The live challenge of an id from the caller's IP (same merchant, unused, not expired), or
   * `login.verification.expired`.
   */
  const liveChallenge = async (meta: CallMeta, challengeId: string, at: Date) => {
    const expired = () => new AppError('login.verification.expired');
    if (!isWellFormedToken(challengeId)) throw expired();
    const idHash = hashSessionToken(challengeId);
    const row = await store.findLoginChallenge(db, idHash);
    const usable =
      row &&
      row.merchant_code === meta.merchant.code &&
      row.ip === meta.ip &&
      row.used_at === null &&
      row.attempts < LOGIN_CHALLENGE_MAX_TRIES &&
      row.expires_at.getTime() > at.getTime();
    if (!row || !usable) throw expired();
    return { row, idHash };
  };

  const refuseMethod = (): never => refuseFields({ method: { key: 'verification_method_unavailable' } });

  /**
   * `POST /wps/session/login/verification/send`: the member picked SMS or email; a 6-digit code
   * goes to the bound mobile or address (at most one a minute per account), replacing any earlier
   * code of this challenge, valid 5 minutes (never past 15 minutes after the login).
   */
  const sendLoginVerification = async (
    meta: CallMeta,
    body: { challengeId: string; method: 'sms' | 'email' },
  ): Promise<LoginVerificationSent> => {
    const at = now();
    const { row, idHash } = await liveChallenge(meta, body.challengeId, at);
    if (!row.methods.includes(body.method)) refuseMethod();
    const member = await store.findMemberById(db, row.member_id);
    const to = body.method === 'sms' ? member?.mobile : member?.email;
    if (!member || !to) return refuseMethod();
    const last = await store.latestChallengeCodeSend(db, member.id);
    if (last && at.getTime() - last.getTime() < LOGIN_CHALLENGE_INTERVAL_MS) {
      const retryAfter = Math.ceil((last.getTime() + LOGIN_CHALLENGE_INTERVAL_MS - at.getTime()) / 1000);
      throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfter } });
    }
    const code = newSmsCode();
    const expiresAt = new Date(
      Math.min(
        at.getTime() + LOGIN_CHALLENGE_MINUTES * 60_000,
        row.created_at.getTime() + LOGIN_CHALLENGE_MAX_MINUTES * 60_000,
      ),
    );
    const stored = await store.setChallengeCode(db, idHash, {
      channel: body.method,
      codeHash: await challengeHash(idHash, code),
      at,
      expiresAt,
    });
    if (!stored) throw new AppError('login.verification.expired');
    await audit(meta, {
      at,
      memberId: member.id,
      username: member.username,
      event: 'login.challenge',
      detail: { sent: body.method },
    });
    const language = languageOf(meta);
    const brand = brandName(meta.merchant.code);
    const minutes = Math.max(1, Math.round((expiresAt.getTime() - at.getTime()) / 60_000));
    defer('login.challenge', () =>
      messenger.send(
        body.method === 'sms'
          ? {
              channel: 'sms',
              to,
              text: smsCodeText(language, brand, code, minutes),
              merchantCode: meta.merchant.code,
              purpose: 'code.login.ip',
            }
          : {
              channel: 'email',
              to,
              ...loginCodeMail(language, brand, code, minutes),
              merchantCode: meta.merchant.code,
              purpose: 'code.login.ip',
            },
      ),
    );
    return {
      method: body.method,
      target: body.method === 'sms' ? maskMobile(to) : maskEmail(to),
      expiredMinutes: minutes,
      resendAfter: LOGIN_CHALLENGE_INTERVAL_MS / 1000,
    };
  };

  /** Is this the right answer of `method` for the held login? (TOTP: the step is spent when right.) */
  const checkVerificationAnswer = async (
    row: { member_id: number; channel: 'sms' | 'email' | null; code_hash: string | null },
    idHash: string,
    method: LoginVerificationMethod,
    answer: string,
    at: Date,
  ) => {
    if (method === 'sms' || method === 'email') {
      if (row.channel !== method || !row.code_hash || !/^[0-9]{6}$/.test(answer)) return false;
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(await challengeHash(idHash, answer), 'hex');
      return expected.length === given.length && timingSafeEqual(expected, given);
    }
    if (method === 'bank') {
      const holder = payoutHolderName ? await payoutHolderName(row.member_id) : null;
      const key = await secrets.get('login.challenge');
      // Compared even without an account, so the time taken does not tell.
      const ok = sameHolderName(key, holder ?? '\u0000', answer);
      return holder !== null && ok;
    }
    const totp = await store.findMemberTotp(db, row.member_id);
    if (!totp?.secret) return false;
    const step = memberTotpStep(totp.secret, answer, at);
    return step !== null && (await store.spendTotpStep(db, row.member_id, step, at));
  };

  /**
   * `POST /wps/session/login/verification`: the answer of one offered method, from the same IP,
   * within the challenge's time and its 5 tries (shared by every method). A wrong answer also
   * counts towards the account's login lock; a right one opens the session and makes the IP known.
   */
  const verifyLogin = async (
    meta: CallMeta,
    body: { challengeId: string; method: LoginVerificationMethod; answer: string },
  ): Promise<LoginInfo> => {
    const at = now();
    const { row, idHash } = await liveChallenge(meta, body.challengeId, at);
    if (!row.methods.includes(body.method)) refuseMethod();
    const member = await store.findMemberById(db, row.member_id);
    if (!member) throw new AppError('login.verification.expired');
    const subject = `m:${member.id}`;
    const locked = await assertNotLocked(meta, subject, at);
    if (locked)
      throw new AppError('login.locked', { value: { captcha: true, retryAfter: locked.retryAfter } });
    const tries = await store.countChallengeTry(db, idHash, LOGIN_CHALLENGE_MAX_TRIES);
    if (tries === null) throw new AppError('login.verification.expired');
    const answer = body.method === 'bank' ? body.answer : body.answer.trim();
    const ok = await checkVerificationAnswer(row, idHash, body.method, answer, at);
    if (!ok) {
      const { lockError } = await countFailure(
        meta,
        subject,
        member.id,
        member.username,
        at,
        `ip.${body.method}`,
      );
      if (lockError) throw lockError;
      return refuseFields({
        answer: { key: body.method === 'bank' ? 'invalid_account_name' : 'invalid_verification_code' },
      });
    }
    if (member.status !== 'active') return refuseInactive(meta, member, at, member.username);
    if (!(await store.useLoginChallenge(db, idHash, at))) throw new AppError('login.verification.expired');
    await store.clearThrottle(db, meta.merchant.code, subject);
    return finishLogin(meta, member, at, `${row.method}+ip.${body.method}`, row.remember);
  };

  // Google / Facebook sign-in (OIDC)

  /**
   * `POST /wps/session/social/finish` (the browser holds the flow cookie): a provider account
   * already linked signs in; otherwise, without `mode`, answers `choose`; `create` makes a new
   * member linked to it; `link` links an existing member, proven by its password (failures count
   * towards that account's login lock like a wrong password).
   */
  const socialFinish = async (
    meta: CallMeta,
    flowId: string | null,
    body: SocialFinishBody,
  ): Promise<SocialFinish> => {
    if (!social) throw new AppError('function.not.available');
    const flow = await social.flowOf(flowId);
    if (!flow || flow.signed_in_at === null || !flow.subject || flow.merchant_code !== meta.merchant.code)
      throw new AppError('social.expired');
    const provider = flow.provider as 'google' | 'facebook';
    const subject = flow.subject;
    const at = now();
    const used = async () => {
      if (!(await store.useOidcFlow(db, flow.idHash, at))) throw new AppError('social.expired');
    };
    const signedIn = async (member: store.MemberRow) => {
      if (member.status !== 'active') return refuseInactive(meta, member, at, member.username);
      await used();
      return {
        status: 'signedIn' as const,
        login: await finishLogin(meta, member, at, `social.${provider}`, false),
      };
    };
    const link = await store.findSocialLink(db, meta.merchant.code, provider, subject);
    if (link) {
      const member = await store.findMemberById(db, link.member_id);
      if (!member) throw new AppError('social.expired');
      return signedIn(member);
    }
    if (!body.mode) return { status: 'choose', provider, email: flow.email, name: flow.name };

    const linkAudit = (trx: Kysely<DB>, member: { id: number; username: string }, mode: string) =>
      store.writeAudit(trx, {
        at,
        merchantCode: meta.merchant.code,
        memberId: member.id,
        username: member.username,
        event: 'social.link',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { provider, mode },
      });

    if (body.mode === 'link') {
      // A password is proven here, as at login: the same human verification first.
      await assertHuman(meta, body.altcha);
      const username = (body.username ?? '').trim();
      const password = (body.password ?? '').trim();
      if (!username || !password) {
        refuseFields({
          ...(username ? {} : { username: { key: 'reg_pattern_0' } }),
          ...(password ? {} : { password: { key: 'error_password' } }),
        });
      }
      const { member, subject: throttleSubject } = await findLoginMember(meta.merchant, username);
      const { retryAfter } = await readFailures(meta, throttleSubject, at);
      if (retryAfter !== null) throw new AppError('login.locked', { value: { captcha: true, retryAfter } });
      let ok = false;
      if (member) ok = await hasher.verify(member.password_hash, password);
      else await hasher.verifyDummy(password);
      if (!member || !ok) {
        const { lockError } = await countFailure(
          meta,
          throttleSubject,
          member?.id ?? null,
          username,
          at,
          `social.link.${member ? 'password' : 'unknown'}`,
        );
        if (lockError) throw lockError;
        throw new AppError('login.failed', { value: { captcha: false } });
      }
      if (isTrialType(member.type)) throw new AppError('in_need_true_account');
      await store.clearThrottle(db, meta.merchant.code, throttleSubject);
      try {
        await db.transaction().execute(async (trx) => {
          await store.insertSocialLink(trx, {
            merchantCode: meta.merchant.code,
            provider,
            subject,
            memberId: member.id,
            email: flow.email,
            at,
          });
          await linkAudit(trx, member, 'link');
        });
      } catch (error) {
        // This member is linked to another account of the provider already.
        if (store.isUniqueViolation(error, 'member_social_link')) throw new AppError('conflict');
        throw error;
      }
      return signedIn(member);
    }

    // mode === 'create': a new member (no password; the provider is how it signs in).
    for (let attempt = 0; ; attempt += 1) {
      const username = `${provider === 'google' ? 'g' : 'fb'}${randomInt(10_000_000, 100_000_000)}`;
      try {
        const { member, token } = await db.transaction().execute(async (trx) => {
          const member = await store.insertMember(trx, {
            merchantCode: meta.merchant.code,
            username,
            mobile: null,
            email: flow.email,
            passwordHash: null,
            type: 0,
            uplineId: null,
            nickname: flow.name ?? username,
            now: at,
            lastLoginAt: at,
            registerIp: meta.ip,
          });
          await store.insertSocialLink(trx, {
            merchantCode: meta.merchant.code,
            provider,
            subject,
            memberId: member.id,
            email: flow.email,
            at,
          });
          const token = await openSession(trx, member.id, meta, at);
          await store.recordKnownIp(trx, member.id, meta.ip, at);
          await store.writeAudit(trx, {
            at,
            merchantCode: meta.merchant.code,
            memberId: member.id,
            username,
            event: 'register',
            ip: meta.ip,
            userAgent: meta.userAgent,
            detail: { mode: `social.${provider}` },
          });
          await linkAudit(trx, member, 'create');
          return { member, token };
        });
        await used();
        return { status: 'signedIn', login: loginInfo(member, token, false, at) };
      } catch (error) {
        if (attempt < 5 && store.isUniqueViolation(error, 'member_username_key')) continue;
        if (store.isUniqueViolation(error, 'member_social_link')) throw new AppError('social.expired');
        throw error;
      }
    }
  };

  // Free play (FREEPLAY3)

  /**
   * `POST /wps/session/login/freeplay`: a new trial account (type 4, no password) with play money,
   * signed in. Trial accounts are refused every real-money call (`in_need_true_account`).
   */
  const freePlay = async (meta: CallMeta, body: { altcha?: string | null }): Promise<LoginInfo> => {
    if (!site.isModuleEnabled(meta.merchant.code, 'FREEPLAY3')) throw new AppError('function.not.available');
    await assertHuman(meta, body.altcha);
    const at = now();
    for (let attempt = 0; ; attempt += 1) {
      const username = `guest${randomInt(10_000_000, 100_000_000)}`;
      try {
        const { member, token } = await db.transaction().execute(async (trx) => {
          const member = await store.insertMember(trx, {
            merchantCode: meta.merchant.code,
            username,
            mobile: null,
            email: null,
            passwordHash: null,
            type: 4,
            uplineId: null,
            nickname: username,
            now: at,
            lastLoginAt: at,
            registerIp: meta.ip,
          });
          const token = await openSession(trx, member.id, meta, at);
          await store.recordKnownIp(trx, member.id, meta.ip, at);
          await trialCredit?.(member.id, trx);
          await store.writeAudit(trx, {
            at,
            merchantCode: meta.merchant.code,
            memberId: member.id,
            username,
            event: 'register',
            ip: meta.ip,
            userAgent: meta.userAgent,
            detail: { mode: 'freeplay' },
          });
          return { member, token };
        });
        return loginInfo(member, token, false, at);
      } catch (error) {
        if (attempt < 5 && store.isUniqueViolation(error, 'member_username_key')) continue;
        throw error;
      }
    }
  };

  /**
   * SMS login (MOBILEVERCODELOGIN3): the number and a login code. Open while password login is
   * locked; a wrong code answers like a wrong password and burns one of the code's 5 tries.
   */
  const smsLogin = async (meta: CallMeta, body: LoginBody): Promise<LoginInfo> => {
    if (!site.isModuleEnabled(meta.merchant.code, 'MOBILEVERCODELOGIN3'))
      throw new AppError('function.not.available');
    await assertDialCode(body.countryDialingCode);
    const at = now();
    const username = body.username.trim();
    const mobile = parseMobile(username, body.countryDialingCode || meta.merchant.dialCode);
    const member = mobile ? await store.findMemberByMobile(db, meta.merchant.code, mobile.e164) : undefined;
    const ok = mobile ? await codes.consume(meta.merchant.code, mobile.e164, 'login', body.password) : false;
    if (!member || !ok) {
      await audit(meta, {
        at,
        memberId: member?.id ?? null,
        username: mobile?.e164 ?? username,
        event: 'login.failure',
        detail: { reason: 'sms.code', method: 'sms' },
      });
      throw new AppError('login.failed', { value: { captcha: false } });
    }
    if (member.status !== 'active') return refuseInactive(meta, member, at, username);
    await refuseNonAgent(meta, member, at, body.site, 'sms');
    return finishLogin(meta, member, at, 'sms', body.remember === true);
  };

  const login = async (meta: CallMeta, body: LoginBody): Promise<LoginInfo> => {
    if (body.type === 'sms') return smsLogin(meta, body);
    const username = body.username.trim();
    const password = body.password.trim();
    if (!password) refuseFields({ password: { key: 'error_password' } });
    await assertHuman(meta, body.altcha);
    const at = now();
    const { member, subject } = await findLoginMember(meta.merchant, username);
    const memberId = member?.id ?? null;

    const { failures: before, retryAfter } = await readFailures(meta, subject, at);
    if (retryAfter !== null) {
      await audit(meta, { at, memberId, username, event: 'login.failure', detail: { reason: 'locked' } });
      throw new AppError('login.locked', { value: { captcha: true, retryAfter } });
    }
    // From the 5th failure on, each try needs a fresh captcha (known and unknown accounts alike).
    if (before >= LOGIN_CAPTCHA_AFTER && !(await checkCaptcha(meta, body.captcha))) {
      await audit(meta, { at, memberId, username, event: 'login.failure', detail: { reason: 'captcha' } });
      throw new AppError('captcha.invalid', { value: { captcha: true } });
    }

    let ok = false;
    if (member) ok = await hasher.verify(member.password_hash, password);
    else await hasher.verifyDummy(password);
    if (!member || !ok) {
      const { failures, lockError } = await countFailure(
        meta,
        subject,
        memberId,
        username,
        at,
        member ? 'password' : 'unknown',
      );
      if (lockError) throw lockError;
      throw new AppError('login.failed', { value: { captcha: failures >= LOGIN_CAPTCHA_AFTER } });
    }
    if (member.status !== 'active') return refuseInactive(meta, member, at, username);
    if (body.site === 'agent' && !isAgentType(member.type)) {
      // The password was right: the failures so far are forgiven, but no session opens.
      await store.clearThrottle(db, meta.merchant.code, subject);
      await refuseNonAgent(meta, member, at, body.site, 'password');
    }

    // A held login keeps the failures counted so far: wrong answers to the check add to them.
    const held = await holdForNewIp(meta, member, at, 'password', body.remember === true);
    if (held instanceof AppError) throw held;
    await store.clearThrottle(db, meta.merchant.code, subject);
    return finishLogin(
      meta,
      member,
      at,
      'password',
      body.remember === true,
      held === 'no.method' ? { ipVerification: 'no.method' } : {},
    );
  };

  /**
   * `POST /wps/session/remember`: a remember-me token for a new session and the next token. A
   * token is good once: presenting a rotated one again revokes the whole family and its sessions.
   */
  const rememberLogin = async (meta: CallMeta, raw: string): Promise<LoginInfo> => {
    const refused = () => new AppError('login.not.session');
    if (!isWellFormedToken(raw)) throw refused();
    const at = now();
    const tokenHash = hashSessionToken(raw);
    const row = await store.findRememberToken(db, tokenHash);
    if (!row || row.revoked_at !== null) throw refused();
    const member = await store.findMemberById(db, row.member_id);
    if (row.used_at !== null) {
      await store.revokeRememberFamily(db, row.family, at);
      await store.revokeFamilySessions(db, row.family, at);
      await audit(meta, {
        at,
        memberId: row.member_id,
        username: member?.username ?? null,
        event: 'remember.reuse',
        detail: { family: row.family },
      });
      throw refused();
    }
    if (row.expires_at.getTime() <= at.getTime()) throw refused();
    const live = member?.status === 'active' && member.merchant_code === meta.merchant.code;
    if (!member || !live) throw refused();
    const { token, next } = await db.transaction().execute(async (trx) => {
      if (!(await store.useRememberToken(trx, tokenHash, at))) throw refused();
      const next = await issueRememberToken(trx, member.id, row.family, at, row.expires_at);
      const token = await openSession(trx, member.id, meta, at, row.family);
      await store.setLastLogin(trx, member.id, at);
      await store.recordKnownIp(trx, member.id, meta.ip, at);
      await store.writeAudit(trx, {
        at,
        merchantCode: meta.merchant.code,
        memberId: member.id,
        username: member.username,
        event: 'login.success',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { method: 'remember' },
      });
      return { token, next };
    });
    return { ...loginInfo(member, token, false, at), rememberToken: next };
  };

  // Sessions

  /** The member and session of a raw token, or null when it is unknown, revoked, expired or of another merchant. */
  const authenticate = async (
    token: string,
    merchantCode: string,
  ): Promise<{ member: AuthMember; session: AuthSession } | null> => {
    if (!isWellFormedToken(token)) return null;
    const tokenHash = hashSessionToken(token);
    // Live, of an active member of this merchant; each use pushes the idle expiry on (written at
    // most once a minute): the database's session_member, the rules' one definition.
    const row = await store.sessionMember(db, tokenHash, merchantCode, now());
    if (!row) return null;
    return {
      member: toAuthMember({
        ...row,
        id: row.member_id,
        merchant_code: merchantCode,
        type: row.member_type,
        created_at: row.member_created_at,
      }),
      session: { tokenHash, createdAt: row.session_created_at, rememberFamily: row.remember_family },
    };
  };

  /**
   * `POST|DELETE /wps/session/logout`: signs the member out everywhere (issue 3: logout, password
   * change and lock revoke all sessions): every session and every remember-me token of the member.
   * Other tabs and devices are refused on their next call; their balance sockets close at the
   * next heartbeat.
   */
  const logout = async (meta: CallMeta, member: AuthMember) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const revoked = await store.revokeMemberSessions(trx, member.id, at);
      await store.revokeMemberRememberTokens(trx, member.id, at);
      await store.writeAudit(trx, {
        at,
        merchantCode: meta.merchant.code,
        memberId: member.id,
        username: member.username,
        event: 'logout',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { sessionsRevoked: revoked },
      });
    });
    return null;
  };

  // Member

  const memberInfo = (member: AuthMember): MemberInfo => ({
    id: member.id,
    account: member.username,
    nickname: member.nickname,
    type: member.type,
    clubLabel: null,
    regDate: member.createdAt.getTime(),
    mobile: member.mobile ? maskMobile(member.mobile) : null,
  });

  /** The brand's password rule applied to a new password: the refusal, or null. */
  const checkNewPassword = async (meta: CallMeta, password: string) => {
    const rule = (await site.getRegisterRules(meta.merchant.code)).password;
    const checked = rule
      ? checkField({ ...rule, enabled: true, required: true }, password, 'error_password')
      : password
        ? { value: password }
        : { error: { key: 'error_password' } };
    return 'error' in checked ? checked.error : null;
  };

  /** PASS3: checks the new password by the brand's rule and the current one, then revokes every other session. */
  const changePassword = async (
    meta: CallMeta,
    auth: AuthMember,
    session: AuthSession,
    body: ChangePasswordBody,
  ) => {
    const fields: FieldErrors = {};
    const newPassword = body.newPassword.trim();
    const passwordError = await checkNewPassword(meta, newPassword);
    if (passwordError) fields.newPassword = passwordError;
    if (body.confirmNewPassword.trim() !== newPassword)
      fields.confirmNewPassword = { key: 'inconsistent_twice' };
    if (Object.keys(fields).length > 0) refuseFields(fields);

    const member = await store.findMemberById(db, auth.id);
    if (!member) throw new AppError('login.not.session');
    const at = now();
    const subject = `m:${member.id}`;
    if (member.password_hash !== null) {
      const locked = await assertNotLocked(meta, subject, at);
      if (locked)
        throw new AppError('login.locked', { value: { captcha: true, retryAfter: locked.retryAfter } });
      const oldPassword = (body.oldPassword ?? '').trim();
      if (!oldPassword || !(await hasher.verify(member.password_hash, oldPassword))) {
        // Guessing the current password through this call counts towards the same lock as login.
        const { lockError } = await countFailure(
          meta,
          subject,
          member.id,
          member.username,
          at,
          'old.password',
        );
        if (lockError) throw lockError;
        refuseFields({ oldPassword: { key: 'old_password_incorrect' } });
      }
      if (oldPassword === newPassword) refuseFields({ newPassword: { key: 'password_same_as_old' } });
    }

    const passwordHash = await hasher.hash(newPassword);
    await db.transaction().execute(async (trx) => {
      await store.setPassword(trx, member.id, passwordHash, at);
      const revoked = await store.revokeMemberSessions(trx, member.id, at, session.tokenHash);
      await store.revokeMemberRememberTokens(trx, member.id, at);
      await store.writeAudit(trx, {
        at,
        merchantCode: meta.merchant.code,
        memberId: member.id,
        username: member.username,
        event: 'password.change',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { otherSessionsRevoked: revoked },
      });
    });
    await store.clearThrottle(db, meta.merchant.code, subject);
    return null;
  };

  /** Locks an account (operator action): no more logins, every session revoked, audited. */
  const lockAccount = async (meta: CallMeta, memberId: number, reason: string) => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const member = await store.findMemberById(trx, memberId);
      if (!member) throw new AppError('not.found');
      await store.setStatus(trx, memberId, 'locked');
      const revoked = await store.revokeMemberSessions(trx, memberId, at);
      await store.revokeMemberRememberTokens(trx, memberId, at);
      await store.writeAudit(trx, {
        at,
        merchantCode: member.merchant_code,
        memberId,
        username: member.username,
        event: 'account.locked',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { reason, sessionsRevoked: revoked },
      });
    });
  };

  // Forgot password

  /** A temporary password that passes the brand's password rule. */
  const temporaryPassword = (rule: RegisterRule | undefined) => {
    const length = rule ? Math.min(Math.max(10, rule.minLength), rule.maxLength) : 10;
    for (let i = 0; i < 50; i += 1) {
      const candidate = randomPassword(length);
      if (!rule || matchesRule(rule, candidate)) return candidate;
    }
    throw new Error('no temporary password fits the brand password rule');
  };

  /**
   * `POST /wps/member/password/email`: when username and email match an active member, mails a
   * temporary password (at most once in 10 minutes) that must be changed at the next login and
   * signs out every session. The answer, and how long it takes, are the same either way: the
   * work runs after answering.
   */
  const forgotPasswordByEmail = async (meta: CallMeta, body: { username: string; email: string }) => {
    const member = await store.findMemberByUsername(db, meta.merchant.code, body.username.trim());
    const email = body.email.trim().toLowerCase();
    const to = member?.status === 'active' ? member.email : null;
    if (!member || !to || to.toLowerCase() !== email) return null;
    const language = languageOf(meta);
    defer('password.email', async () => {
      const at = now();
      const last = await store.lastPasswordReset(db, member.id);
      if (last && at.getTime() - last.at.getTime() < TEMPORARY_PASSWORD_INTERVAL_MS) return;
      const rules = await site.getRegisterRules(meta.merchant.code);
      const password = temporaryPassword(rules.password);
      const passwordHash = await hasher.hash(password);
      // Mail first: the old password keeps working if the mail cannot be sent.
      await messenger.send({
        channel: 'email',
        to,
        ...temporaryPasswordMail(language, brandName(meta.merchant.code), member.username, password),
        merchantCode: meta.merchant.code,
        purpose: 'password.temporary',
      });
      await db.transaction().execute(async (trx) => {
        await store.setTemporaryPassword(trx, member.id, passwordHash, at);
        const revoked = await store.revokeMemberSessions(trx, member.id, at);
        await store.revokeMemberRememberTokens(trx, member.id, at);
        await store.writeAudit(trx, {
          at,
          merchantCode: meta.merchant.code,
          memberId: member.id,
          username: member.username,
          event: 'password.reset',
          ip: meta.ip,
          userAgent: meta.userAgent,
          detail: { method: 'email', sessionsRevoked: revoked },
        });
      });
    });
    return null;
  };

  /**
   * `POST /wps/member/password/verification` (CHNGPASSVERIF3): a reset code sent to the member's
   * number sets the new password, signs out every session and lifts a login lock.
   */
  const resetPasswordBySms = async (
    meta: CallMeta,
    body: {
      newPassword: string;
      mobileNum: string;
      countryDialingCode?: string | null;
      verificationCode: string;
    },
  ) => {
    const code = meta.merchant.code;
    const fields: FieldErrors = {};
    const dialRefused = await dialCodeRefusal(body.countryDialingCode);
    if (dialRefused) fields.countryDialingCode = dialRefused;
    const mobile = parseMobile(body.mobileNum, body.countryDialingCode || meta.merchant.dialCode);
    if (!mobile) fields.mobileNum = { key: 'invalid_mobile_number' };
    const newPassword = body.newPassword.trim();
    const passwordError = await checkNewPassword(meta, newPassword);
    if (passwordError) fields.newPassword = passwordError;
    if (!mobile || Object.keys(fields).length > 0) return refuseFields(fields);
    const member = await store.findMemberByMobile(db, code, mobile.e164);
    const ok = await codes.consume(code, mobile.e164, 'reset', body.verificationCode);
    if (!member || !ok || member.status !== 'active')
      return refuseFields({ verificationCode: { key: 'invalid_verification_code' } });
    const passwordHash = await hasher.hash(newPassword);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await store.setPassword(trx, member.id, passwordHash, at);
      const revoked = await store.revokeMemberSessions(trx, member.id, at);
      await store.revokeMemberRememberTokens(trx, member.id, at);
      await store.writeAudit(trx, {
        at,
        merchantCode: code,
        memberId: member.id,
        username: member.username,
        event: 'password.reset',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { method: 'sms', sessionsRevoked: revoked },
      });
    });
    await store.clearThrottle(db, code, `m:${member.id}`);
    return true as const;
  };

  // Authenticator app (TOTP)

  const totpStatusOf = (row: { enabled_at: Date | null } | undefined): MemberTotpStatus => ({
    enabled: row?.enabled_at != null,
    enabledAt: row?.enabled_at?.getTime() ?? null,
  });

  /** `GET /wps/member/totp`. */
  const totpStatus = async (auth: AuthMember) => totpStatusOf(await store.findMemberTotp(db, auth.id));

  /**
   * `POST /wps/member/totp/start`: a new secret for the member's authenticator app, pending until
   * a code of it is confirmed (10 minutes). Refused (`conflict`) while one is enrolled.
   */
  const totpStart = async (meta: CallMeta, auth: AuthMember): Promise<MemberTotpStarted> => {
    const at = now();
    if ((await store.findMemberTotp(db, auth.id))?.secret) throw new AppError('conflict');
    const secret = newMemberTotpSecret();
    await store.setPendingTotp(db, auth.id, secret, new Date(at.getTime() + TOTP_ENROL_MINUTES * 60_000), at);
    return {
      secret,
      otpauthUrl: memberTotpOf(secret, brandName(meta.merchant.code), auth.username).toString(),
      expiredMinutes: TOTP_ENROL_MINUTES,
    };
  };

  /** `POST /wps/member/totp/confirm`: a current code of the pending secret turns the authenticator on (audited). */
  const totpConfirm = async (meta: CallMeta, auth: AuthMember, code: string): Promise<MemberTotpStatus> => {
    const at = now();
    const row = await store.findMemberTotp(db, auth.id);
    if (row?.secret) throw new AppError('conflict');
    const pending = row?.pending_secret;
    if (!pending || !row.pending_expires_at || row.pending_expires_at.getTime() <= at.getTime())
      throw new AppError('totp.enrol.expired');
    const step = memberTotpStep(pending, code.trim(), at);
    if (step === null) return refuseFields({ code: { key: 'invalid_verification_code' } });
    if (!(await store.enableTotp(db, auth.id, pending, step, at))) throw new AppError('totp.enrol.expired');
    await audit(meta, { at, memberId: auth.id, username: auth.username, event: 'totp.enable' });
    return totpStatusOf(await store.findMemberTotp(db, auth.id));
  };

  /**
   * `POST /wps/member/totp/disable`: the login password (wrong ones count towards the login lock
   * like at login) and a current code (not one used before) turn the authenticator off (audited).
   */
  const totpDisable = async (
    meta: CallMeta,
    auth: AuthMember,
    body: { password: string; code: string },
  ): Promise<MemberTotpStatus> => {
    const at = now();
    const row = await store.findMemberTotp(db, auth.id);
    if (!row?.secret) throw new AppError('conflict');
    const member = await store.findMemberById(db, auth.id);
    if (!member) throw new AppError('login.not.session');
    const subject = `m:${member.id}`;
    if (member.password_hash !== null) {
      const locked = await assertNotLocked(meta, subject, at);
      if (locked)
        throw new AppError('login.locked', { value: { captcha: true, retryAfter: locked.retryAfter } });
      const password = body.password.trim();
      if (!password || !(await hasher.verify(member.password_hash, password))) {
        const { lockError } = await countFailure(
          meta,
          subject,
          member.id,
          member.username,
          at,
          'totp.disable.password',
        );
        if (lockError) throw lockError;
        refuseFields({ password: { key: 'old_password_incorrect' } });
      }
    }
    const step = memberTotpStep(row.secret, body.code.trim(), at);
    if (step === null || !(await store.spendTotpStep(db, member.id, step, at)))
      return refuseFields({ code: { key: 'invalid_verification_code' } });
    await db.transaction().execute(async (trx) => {
      await store.disableTotp(trx, member.id, at);
      await store.writeAudit(trx, {
        at,
        merchantCode: meta.merchant.code,
        memberId: member.id,
        username: member.username,
        event: 'totp.disable',
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
    });
    return totpStatusOf(undefined);
  };

  // Agent site

  /**
   * `GET /wps/agent/home`: the signed-in agent and one page (15) of the members whose upline it
   * is. Any other account is refused with 403 `login.not.agent`.
   */
  const agentHome = async (auth: AuthMember, page: number): Promise<AgentHome> => {
    if (!isAgentType(auth.type)) throw new AppError('login.not.agent');
    const agent = await store.findMemberById(db, auth.id);
    if (!agent) throw new AppError('login.not.session');
    const upline = agent.upline_id === null ? undefined : await store.findMemberById(db, agent.upline_id);
    const { rows, total } = await store.downlinePage(
      db,
      agent.id,
      AGENT_DOWNLINE_PAGE_SIZE,
      (page - 1) * AGENT_DOWNLINE_PAGE_SIZE,
    );
    return {
      account: agent.username,
      nickname: agent.nickname,
      type: agent.type,
      affiliateCode: agent.agent_code,
      upline: upline?.username ?? null,
      regDate: agent.created_at.getTime(),
      downline: {
        total,
        page,
        pageSize: AGENT_DOWNLINE_PAGE_SIZE,
        items: rows.map((r) => ({
          account: r.username,
          nickname: r.nickname,
          type: r.type,
          regDate: r.created_at.getTime(),
          lastLoginAt: r.last_login_at?.getTime() ?? null,
          status: r.status,
        })),
      },
    };
  };

  /** `GET /wps/agent/affiliate`: true when the code is an agent's of this merchant. */
  const checkAffiliate = async (meta: CallMeta, code: string) => {
    if (!(await store.findAgentByCode(db, meta.merchant.code, code.trim())))
      throw new AppError('invalid_invitation_code');
    return true as const;
  };

  return {
    register,
    login,
    verifyLogin,
    sendLoginVerification,
    freePlay,
    socialFinish,
    social,
    rememberLogin,
    requestNoLoginCode,
    requestRegisterCode,
    forgotPasswordByEmail,
    resetPasswordBySms,
    checkAffiliate,
    newCaptcha,
    humanChallenge: human.challenge,
    settled,
    authenticate,
    logout,
    memberInfo,
    changePassword,
    totpStatus,
    totpStart,
    totpConfirm,
    totpDisable,
    agentHome,
    lockAccount,
    isTrial: (member: AuthMember) => isTrialType(member.type),
    isPasswordChangePending,
    hasher,
    encryption,
    /** The `identity.purge` scheduler job: deletes dead sessions, tokens, codes and flows. */
    purgeExpired: () => store.purgeExpired(db, now(), SESSION_IDLE_MS),
  };
};

export type IdentityService = ReturnType<typeof createIdentityService>;
