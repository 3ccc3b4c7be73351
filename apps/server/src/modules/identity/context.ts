import { randomBytes } from 'node:crypto';
import {
  type FieldErrors,
  isAgentType,
  type Language,
  type LoginBody,
  type LoginInfo,
  type MemberTotpStatus,
  type Merchant,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB, VerificationPurpose } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createPasswordHasher } from '../../shared/passwords';
import { hashCaptchaAnswer, hashCaptchaId, isWellFormedCaptchaId, sameHash } from './captcha';
import { createCodes, SMS_CODE_MINUTES } from './codes';
import { createBodyEncryption } from './encryption';
import { createHumanVerification } from './human';
import { smsCodeText } from './messages';
import {
  type CallMeta,
  type IdentityDeps,
  LOGIN_LOCK_AFTER,
  LOGIN_LOCK_MS,
  PASSWORD_MAX_AGE_MS,
  silentLog,
} from './rules';
import { createSecrets } from './secrets';
import { hashSessionToken, newSessionToken, REMEMBER_MS, SESSION_ABSOLUTE_MS } from './sessions';
import * as store from './store';
import * as throttle from './throttle';
import { checkField, type Mobile, parseMobile } from './validation';

/**
 * What every use case of identity shares: its dependencies and the helpers of its rules (audit,
 * sessions, captcha and codes, lockout, the login answer). Each use-case file takes it.
 */
export const createIdentityContext = ({
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
  signInGuard,
  registrationGuard,
}: IdentityDeps) => {
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
    // Every sign-in (password, code, remember-me, social, registration) opens its session here.
    await signInGuard?.(memberId, trx);
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
   * Takes the subject's next try in the failure count, atomically and before any check (ADR 029):
   * the lock in force (`retryAfter` seconds), or the failures before this try. A burst past the
   * lock threshold is refused unchecked and gives its place back.
   */
  const takeTry = async (
    meta: CallMeta,
    subject: string,
    at: Date,
  ): Promise<{ retryAfter: number; before?: never } | { retryAfter: null; before: number }> => {
    const reserved = await throttle.reserveTry(db, meta.merchant.code, subject, at);
    if (reserved.ordinal === null)
      return { retryAfter: Math.ceil((reserved.lockedUntil.getTime() - at.getTime()) / 1000) };
    if (reserved.ordinal > LOGIN_LOCK_AFTER) {
      await throttle.releaseTry(db, meta.merchant.code, subject);
      return { retryAfter: LOGIN_LOCK_MS / 1000 };
    }
    return { retryAfter: null, before: reserved.ordinal - 1 };
  };

  /** Gives back the place of a try refused before its check (a missing captcha) or proven right. */
  const giveBackTry = async (meta: CallMeta, subject: string) => {
    await throttle.releaseTry(db, meta.merchant.code, subject);
  };

  /** A whole flow succeeded: the failures so far are forgiven, a lock engaged meanwhile stays. */
  const forgiveFailures = async (meta: CallMeta, subject: string, at: Date) => {
    await throttle.forgiveFailures(db, meta.merchant.code, subject, at);
  };

  /**
   * A reserved try was wrong: its place stays counted; the 5th on asks for a captcha, the 10th
   * locks password login (audited once, by the try that engaged it).
   */
  const countFailure = async (
    meta: CallMeta,
    subject: string,
    memberId: number | null,
    username: string,
    at: Date,
    reason: string,
    before: number,
  ) => {
    const failures = before + 1;
    await audit(meta, { at, memberId, username, event: 'login.failure', detail: { reason, failures } });
    if (failures >= LOGIN_LOCK_AFTER) {
      const until = new Date(at.getTime() + LOGIN_LOCK_MS);
      if (await throttle.engageLock(db, meta.merchant.code, subject, until, at)) {
        await audit(meta, {
          at,
          memberId,
          username,
          event: 'login.locked',
          detail: { failures, minutes: LOGIN_LOCK_MS / 60_000 },
        });
      }
      return {
        failures,
        lockError: new AppError('login.locked', {
          value: { captcha: true, retryAfter: LOGIN_LOCK_MS / 1000 },
        }),
      };
    }
    return { failures, lockError: null };
  };

  /**
   * A password or code check under the subject's lock (ADR 029): the try is reserved first, so
   * simultaneous guesses never see a stale count. Refuses 423 while locked; answers whether the
   * answer was right, and on a wrong one the failures and the lock it engaged, if any.
   */
  const guardedCheck = async (
    meta: CallMeta,
    subject: string,
    who: { memberId: number | null; username: string },
    at: Date,
    reason: string,
    check: () => Promise<boolean>,
  ) => {
    const taken = await takeTry(meta, subject, at);
    if (taken.retryAfter !== null)
      throw new AppError('login.locked', { value: { captcha: true, retryAfter: taken.retryAfter } });
    let ok: boolean;
    try {
      ok = await check();
    } catch (error) {
      await giveBackTry(meta, subject);
      throw error;
    }
    if (ok) {
      await giveBackTry(meta, subject);
      return { ok: true as const, failures: 0, lockError: null };
    }
    const counted = await countFailure(meta, subject, who.memberId, who.username, at, reason, taken.before);
    return { ok: false as const, ...counted };
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

  const totpStatusOf = (row: { enabled_at: Date | null } | undefined): MemberTotpStatus => ({
    enabled: row?.enabled_at != null,
    enabledAt: row?.enabled_at?.getTime() ?? null,
  });
  return {
    db,
    site,
    now,
    hasher,
    messenger,
    log,
    humanVerificationCost,
    trialCredit,
    social,
    payoutHolderName,
    registrationGuard,
    encryption,
    secrets,
    codes,
    human,
    brandName,
    languageOf,
    background,
    defer,
    settled,
    audit,
    openSession,
    issueRememberToken,
    assertHuman,
    checkCaptcha,
    dialCodeRefusal,
    assertDialCode,
    mobileOf,
    sendCode,
    smsMessage,
    isPasswordExpired,
    isPasswordChangePending,
    loginInfo,
    refuseFields,
    findLoginMember,
    takeTry,
    giveBackTry,
    forgiveFailures,
    countFailure,
    guardedCheck,
    finishLogin,
    refuseInactive,
    refuseNonAgent,
    checkNewPassword,
    totpStatusOf,
  };
};

export type IdentityContext = ReturnType<typeof createIdentityContext>;
