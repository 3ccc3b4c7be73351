import type { FieldErrors, LoginInfo, RegisterBody } from '@khela/contract';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../shared/db';
import {
  CAPTCHA_TTL_MS,
  hashCaptchaAnswer,
  hashCaptchaId,
  newCaptchaId,
  newCaptchaText,
  renderCaptcha,
} from './captcha';
import { SMS_CODE_MINUTES } from './codes';
import type { IdentityContext } from './context';
import type { CallMeta } from './rules';
import * as store from './store';
import { type RegisterMode, validateRegistration } from './validation';

/** Registration: the captcha, the registration SMS code, the account itself, affiliate codes. */
export const createRegistration = (ctx: IdentityContext) => {
  const {
    db,
    site,
    now,
    hasher,
    messenger,
    log,
    codes,
    openSession,
    assertHuman,
    checkCaptcha,
    dialCodeRefusal,
    mobileOf,
    sendCode,
    smsMessage,
    loginInfo,
    refuseFields,
    registrationGuard,
  } = ctx;
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
    // An excluded person whose account was erased opens no new one (docs/decisions/052).
    await registrationGuard?.(code, { mobile: r.mobile, idNumber: r.idNumber });

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
      if (isUniqueViolation(error, 'member_username_key')) {
        throw conflict(
          mode === 'mobile'
            ? { mobileNum: { key: 'mobile_exists' } }
            : { username: { key: 'username_exists' } },
        );
      }
      if (isUniqueViolation(error, 'member_mobile_key'))
        throw conflict({ mobileNum: { key: 'mobile_exists' } });
      throw error;
    }
  };

  // Login

  /** `GET /wps/agent/affiliate`: true when the code is an agent's of this merchant. */
  const checkAffiliate = async (meta: CallMeta, code: string) => {
    if (!(await store.findAgentByCode(db, meta.merchant.code, code.trim())))
      throw new AppError('invalid_invitation_code');
    return true as const;
  };
  return { newCaptcha, requestRegisterCode, register, checkAffiliate };
};
