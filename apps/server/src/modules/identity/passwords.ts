import type { ChangePasswordBody, FieldErrors, RegisterRule } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { IdentityContext } from './context';
import { temporaryPasswordMail } from './messages';
import { type CallMeta, randomPassword, TEMPORARY_PASSWORD_INTERVAL_MS } from './rules';
import type { AuthMember, AuthSession } from './sessions';
import * as store from './store';
import { liftLock } from './throttle';
import { matchesRule, parseMobile } from './validation';

/** Passwords: change, forgotten by email (a temporary one), reset by SMS code. */
export const createPasswordFlows = (ctx: IdentityContext) => {
  const {
    db,
    site,
    now,
    hasher,
    messenger,
    codes,
    brandName,
    languageOf,
    defer,
    dialCodeRefusal,
    refuseFields,
    guardedCheck,
    forgiveFailures,
    checkNewPassword,
  } = ctx;
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
      const oldPassword = (body.oldPassword ?? '').trim();
      // Guessing the current password through this call counts towards the same lock as login.
      const checked = await guardedCheck(
        meta,
        subject,
        { memberId: member.id, username: member.username },
        at,
        'old.password',
        async () => oldPassword !== '' && (await hasher.verify(member.password_hash as string, oldPassword)),
      );
      if (checked.lockError) throw checked.lockError;
      if (!checked.ok) refuseFields({ oldPassword: { key: 'old_password_incorrect' } });
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
    await forgiveFailures(meta, subject, at);
    return null;
  };

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
    // A reset by a code sent to the owner's number lifts the lock too (the owner's unlock).
    await liftLock(db, code, `m:${member.id}`);
    return true as const;
  };

  // Authenticator app (TOTP)
  return { changePassword, forgotPasswordByEmail, resetPasswordBySms };
};
