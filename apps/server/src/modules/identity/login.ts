import { randomInt } from 'node:crypto';
import { isAgentType, type LoginBody, type LoginInfo } from '@khela/contract';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../shared/db';
import { SMS_CODE_MINUTES } from './codes';
import type { IdentityContext } from './context';
import type { NewIpVerification } from './new-ip';
import { type CallMeta, LOGIN_CAPTCHA_AFTER } from './rules';
import { hashSessionToken, isWellFormedToken } from './sessions';
import * as store from './store';
import { parseMobile } from './validation';

/** Sign-in: password (with lockout, captcha and the new-IP hold), SMS code, remember-me token, free play. */
export const createLogin = (
  ctx: IdentityContext,
  { holdForNewIp }: Pick<NewIpVerification, 'holdForNewIp'>,
) => {
  const {
    db,
    site,
    now,
    hasher,
    messenger,
    trialCredit,
    codes,
    defer,
    audit,
    openSession,
    issueRememberToken,
    assertHuman,
    checkCaptcha,
    assertDialCode,
    mobileOf,
    sendCode,
    smsMessage,
    loginInfo,
    refuseFields,
    findLoginMember,
    takeTry,
    giveBackTry,
    forgiveFailures,
    countFailure,
    finishLogin,
    refuseInactive,
    refuseNonAgent,
  } = ctx;
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

    // The try takes its place in the failure count before anything is checked (ADR 029).
    const taken = await takeTry(meta, subject, at);
    if (taken.retryAfter !== null) {
      await audit(meta, { at, memberId, username, event: 'login.failure', detail: { reason: 'locked' } });
      throw new AppError('login.locked', { value: { captcha: true, retryAfter: taken.retryAfter } });
    }
    const { before } = taken;
    // From the 5th failure on, each try needs a fresh captcha (known and unknown accounts alike).
    if (before >= LOGIN_CAPTCHA_AFTER && !(await checkCaptcha(meta, body.captcha))) {
      await giveBackTry(meta, subject);
      await audit(meta, { at, memberId, username, event: 'login.failure', detail: { reason: 'captcha' } });
      throw new AppError('captcha.invalid', { value: { captcha: true } });
    }

    let ok = false;
    try {
      if (member) ok = await hasher.verify(member.password_hash, password);
      else await hasher.verifyDummy(password);
    } catch (error) {
      await giveBackTry(meta, subject);
      throw error;
    }
    if (!member || !ok) {
      const { failures, lockError } = await countFailure(
        meta,
        subject,
        memberId,
        username,
        at,
        member ? 'password' : 'unknown',
        before,
      );
      if (lockError) throw lockError;
      throw new AppError('login.failed', { value: { captcha: failures >= LOGIN_CAPTCHA_AFTER } });
    }
    // A right password gives its place back; the count is forgiven once the login goes through.
    await giveBackTry(meta, subject);
    if (member.status !== 'active') return refuseInactive(meta, member, at, username);
    if (body.site === 'agent' && !isAgentType(member.type)) {
      // The password was right: the failures so far are forgiven, but no session opens.
      await forgiveFailures(meta, subject, at);
      await refuseNonAgent(meta, member, at, body.site, 'password');
    }

    // A held login keeps the failures counted so far: wrong answers to the check add to them.
    const held = await holdForNewIp(meta, member, at, 'password', body.remember === true);
    if (held instanceof AppError) throw held;
    await forgiveFailures(meta, subject, at);
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
        if (attempt < 5 && isUniqueViolation(error, 'member_username_key')) continue;
        throw error;
      }
    }
  };
  return { requestNoLoginCode, login, rememberLogin, freePlay };
};
