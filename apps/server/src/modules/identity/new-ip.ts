import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  LoginChallenge,
  LoginInfo,
  LoginVerificationMethod,
  LoginVerificationSent,
} from '@khela/contract';
import { AppError } from '../../http/errors';
import { newSmsCode } from './codes';
import type { IdentityContext } from './context';
import { loginCodeMail, smsCodeText } from './messages';
import {
  type CallMeta,
  LOGIN_CHALLENGE_INTERVAL_MS,
  LOGIN_CHALLENGE_MAX_MINUTES,
  LOGIN_CHALLENGE_MAX_TRIES,
  LOGIN_CHALLENGE_MINUTES,
  maskEmail,
} from './rules';
import { hashSessionToken, isWellFormedToken, newSessionToken } from './sessions';
import * as store from './store';
import { memberTotpStep, sameHolderName } from './totp';
import { maskMobile } from './validation';

/** New-IP verification (ADR 015): a password login from a new address is held until the member proves it by one of their methods. */
export const createNewIpVerification = (ctx: IdentityContext) => {
  const {
    db,
    site,
    now,
    messenger,
    payoutHolderName,
    secrets,
    brandName,
    languageOf,
    defer,
    audit,
    refuseFields,
    guardedCheck,
    forgiveFailures,
    finishLogin,
    refuseInactive,
  } = ctx;
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
    const answer = body.method === 'bank' ? body.answer : body.answer.trim();
    // The challenge's own tries and the account's failure count are both taken before the check.
    const checked = await guardedCheck(
      meta,
      subject,
      { memberId: member.id, username: member.username },
      at,
      `ip.${body.method}`,
      async () => {
        const tries = await store.countChallengeTry(db, idHash, LOGIN_CHALLENGE_MAX_TRIES);
        if (tries === null) throw new AppError('login.verification.expired');
        return checkVerificationAnswer(row, idHash, body.method, answer, at);
      },
    );
    if (checked.lockError) throw checked.lockError;
    if (!checked.ok) {
      return refuseFields({
        answer: { key: body.method === 'bank' ? 'invalid_account_name' : 'invalid_verification_code' },
      });
    }
    if (member.status !== 'active') return refuseInactive(meta, member, at, member.username);
    if (!(await store.useLoginChallenge(db, idHash, at))) throw new AppError('login.verification.expired');
    await forgiveFailures(meta, subject, at);
    return finishLogin(meta, member, at, `${row.method}+ip.${body.method}`, row.remember);
  };

  // Google / Facebook sign-in (OIDC)
  return { holdForNewIp, sendLoginVerification, verifyLogin };
};

export type NewIpVerification = ReturnType<typeof createNewIpVerification>;
