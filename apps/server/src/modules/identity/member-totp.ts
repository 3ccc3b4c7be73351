import type { MemberTotpStarted, MemberTotpStatus } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { IdentityContext } from './context';
import type { CallMeta } from './rules';
import type { AuthMember } from './sessions';
import * as store from './store';
import { memberTotpOf, memberTotpStep, newMemberTotpSecret, TOTP_ENROL_MINUTES } from './totp';

/** The member's authenticator app (TOTP): status, start, confirm, disable. */
export const createMemberTotp = (ctx: IdentityContext) => {
  const { db, now, hasher, brandName, audit, refuseFields, guardedCheck, totpStatusOf } = ctx;
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
      const password = body.password.trim();
      const checked = await guardedCheck(
        meta,
        subject,
        { memberId: member.id, username: member.username },
        at,
        'totp.disable.password',
        async () => password !== '' && (await hasher.verify(member.password_hash as string, password)),
      );
      if (checked.lockError) throw checked.lockError;
      if (!checked.ok) refuseFields({ password: { key: 'old_password_incorrect' } });
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
  return { totpStatus, totpStart, totpConfirm, totpDisable };
};
