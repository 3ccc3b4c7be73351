import { randomInt } from 'node:crypto';
import { isTrialType, type SocialFinish, type SocialFinishBody } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../shared/db';
import type { IdentityContext } from './context';
import type { CallMeta } from './rules';
import * as store from './store';

/** Google/Facebook sign-in finished: sign in a linked member, or create / link an account with its password. */
export const createSocialFinish = (ctx: IdentityContext) => {
  const {
    db,
    now,
    hasher,
    social,
    openSession,
    assertHuman,
    loginInfo,
    refuseFields,
    findLoginMember,
    guardedCheck,
    forgiveFailures,
    finishLogin,
    refuseInactive,
  } = ctx;
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
      const checked = await guardedCheck(
        meta,
        throttleSubject,
        { memberId: member?.id ?? null, username },
        at,
        `social.link.${member ? 'password' : 'unknown'}`,
        async () => {
          if (member) return hasher.verify(member.password_hash, password);
          await hasher.verifyDummy(password);
          return false;
        },
      );
      if (checked.lockError) throw checked.lockError;
      if (!member || !checked.ok) throw new AppError('login.failed', { value: { captcha: false } });
      if (isTrialType(member.type)) throw new AppError('in_need_true_account');
      await forgiveFailures(meta, throttleSubject, at);
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
        if (isUniqueViolation(error, 'member_social_link')) throw new AppError('conflict');
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
        if (attempt < 5 && isUniqueViolation(error, 'member_username_key')) continue;
        if (isUniqueViolation(error, 'member_social_link')) throw new AppError('social.expired');
        throw error;
      }
    }
  };

  // Free play (FREEPLAY3)
  return { socialFinish };
};
