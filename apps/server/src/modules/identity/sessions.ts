import type { MemberType } from '../../db/schema';

export { hashSessionToken, isWellFormedToken, newSessionToken } from '../../shared/tokens';

/** A session ends 30 minutes after its last use... */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** ...and 24 hours after it began, however busy. */
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy session costs one write a minute. */
export const SESSION_TOUCH_MS = 60 * 1000;

/**
 * The times the database's `session_member` (identity/sql/session_member.sql) judges a session by
 * at `at`: used after `idleAfter`, its last use written when not after `touchBefore`. The one place
 * the session rules' constants reach the database (the auth guard's read and `wallet_transfer`).
 */
export const sessionTimes = (at: Date) => ({
  idleAfter: new Date(at.getTime() - SESSION_IDLE_MS),
  touchBefore: new Date(at.getTime() - SESSION_TOUCH_MS),
});

/** The signed-in member a guarded route sees as `request.member`. */
export type AuthMember = {
  id: number;
  merchantCode: string;
  username: string;
  nickname: string;
  type: MemberType;
  mobile: string | null;
  createdAt: Date;
  passwordChangedAt: Date;
  mustChangePassword: boolean;
};

/** The session a guarded route runs in (`request.session`): its hash, never the raw token. */
export type AuthSession = { tokenHash: string; createdAt: Date; rememberFamily: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on routes with `auth: true` (and `'optional'` when a token came). */
    member?: AuthMember;
    authSession?: AuthSession;
  }
}

/** Remember-me tokens last this long from the login that asked for them (rotation keeps the end). */
export const REMEMBER_MS = 24 * 60 * 60 * 1000;

export type SessionTimes = { createdAt: Date; lastSeenAt: Date; expiresAt: Date; revokedAt: Date | null };

/** Is the session still usable at `now`? Revoked, idle over 30 min and past 24 h all end it. */
export const isSessionLive = (s: SessionTimes, now: Date) =>
  s.revokedAt === null &&
  now.getTime() < s.expiresAt.getTime() &&
  now.getTime() - s.lastSeenAt.getTime() < SESSION_IDLE_MS;
