import type { MemberInfo } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { IdentityContext } from './context';
import { type CallMeta, toAuthMember } from './rules';
import { type AuthMember, type AuthSession, hashSessionToken, isWellFormedToken } from './sessions';
import * as store from './store';
import { maskMobile } from './validation';

/** A signed-in member: the session check of every guarded call, logout, the member's info, locking an account. */
export const createMemberSessions = (ctx: IdentityContext) => {
  const { db, now } = ctx;
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
  return { authenticate, logout, memberInfo, lockAccount };
};
