import { isTrialType } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createAgentSite } from './agent';
import { createIdentityContext } from './context';
import { eraseMemberIdentity } from './erasure';
import { createLogin } from './login';
import { createMemberSessions } from './member-session';
import { createMemberTotp } from './member-totp';
import { createNewIpVerification } from './new-ip';
import { createPasswordFlows } from './passwords';
import { createRegistration } from './register';
import { sharedDeviceSignals } from './risk-signals';
import type { IdentityDeps } from './rules';
import { type AuthMember, isSessionLive, SESSION_IDLE_MS } from './sessions';
import { createSocialFinish } from './social-finish';
import * as store from './store';

export {
  type CallMeta,
  LOGIN_CAPTCHA_AFTER,
  LOGIN_CHALLENGE_INTERVAL_MS,
  LOGIN_CHALLENGE_MAX_MINUTES,
  LOGIN_CHALLENGE_MAX_TRIES,
  LOGIN_CHALLENGE_MINUTES,
  LOGIN_LOCK_AFTER,
  LOGIN_LOCK_MS,
  PASSWORD_MAX_AGE_MS,
  TEMPORARY_PASSWORD_INTERVAL_MS,
} from './rules';

/** Accounts, sign-in, sessions and passwords: every rule of the identity calls. */
export const createIdentityService = (deps: IdentityDeps) => {
  const ctx = createIdentityContext(deps);
  const { db, now, human, settled, hasher, encryption, isPasswordChangePending, social } = ctx;
  const newIp = createNewIpVerification(ctx);
  const { newCaptcha, requestRegisterCode, register, checkAffiliate } = createRegistration(ctx);
  const { sendLoginVerification, verifyLogin } = newIp;
  const { requestNoLoginCode, login, rememberLogin, freePlay } = createLogin(ctx, newIp);
  const { socialFinish } = createSocialFinish(ctx);
  const { authenticate, logout, memberInfo, lockAccount } = createMemberSessions(ctx);
  const { changePassword, forgotPasswordByEmail, resetPasswordBySms } = createPasswordFlows(ctx);
  const { totpStatus, totpStart, totpConfirm, totpDisable } = createMemberTotp(ctx);
  const { agentHome } = createAgentSite(ctx);
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
    /** Is this session (by its token hash) still live, without extending it (the balance socket's heartbeat)? */
    isSessionLive: async (tokenHash: string) => {
      const row = await store.findSession(db, tokenHash);
      if (row?.status !== 'active') return false;
      return isSessionLive(
        {
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
        },
        now(),
      );
    },
    /** Ends every session and remember-me token of a member (player protection's pauses), in `within`. */
    endSessions: async (memberId: number, within: Kysely<DB> = db) => {
      const at = now();
      await store.revokeMemberSessions(within, memberId, at);
      await store.revokeMemberRememberTokens(within, memberId, at);
    },
    /** Pseudonymises a closed member's identity data in `within` (player protection's erasure, ADR 052). */
    eraseIdentity: (memberId: number, part: 'contact' | 'all', within: Kysely<DB>) =>
      eraseMemberIdentity(within, memberId, part, now()),
    /** A server-side HMAC key shared by every node (made on first use). */
    secret: (name: string) => ctx.secrets.get(name),
    /** Names and merchants of members, and a search by account name (other modules' back-office lists). */
    memberDirectory: {
      byIds: (ids: number[]) => store.membersByIds(db, ids),
      search: (text: string, merchantCode?: string) => store.memberIdsMatching(db, text, merchantCode),
    },
    /** Sessions of several members from one device: the risk scan's signal (docs/decisions/054). */
    sharedDeviceSignals: (since: Date) => sharedDeviceSignals(db, since),
    /** The `identity.purge` scheduler job: deletes dead sessions, tokens, codes and flows. */
    purgeExpired: () => store.purgeExpired(db, now(), SESSION_IDLE_MS),
  };
};

export type IdentityService = ReturnType<typeof createIdentityService>;
