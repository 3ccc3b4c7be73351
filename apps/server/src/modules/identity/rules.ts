import { randomInt } from 'node:crypto';
import type { Language, Merchant } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB, MemberType } from '../../db/schema';
import type { PasswordHasher } from '../../shared/passwords';
import type { MessageLog, Messenger } from '../messaging';
import type { SiteService } from '../site';
import type { AuthMember } from './sessions';
import type { SocialSignIn } from './social';

/** From this failure on, a refused login answers `value.captcha = true`. */
export const LOGIN_CAPTCHA_AFTER = 5;
/** This failure locks password login of the account... */
export const LOGIN_LOCK_AFTER = 10;
/** ...for this long. */
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** A password older than this answers `passwordExpired` (the brand's PWDEXPFORCECHANGE3 decides what follows). */
export const PASSWORD_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** A login held for new-IP verification (LOGINIPVERF3) waits this long (an SMS or email code lives as long from its sending)... */
export const LOGIN_CHALLENGE_MINUTES = 5;
/** ...but never longer than this after the login... */
export const LOGIN_CHALLENGE_MAX_MINUTES = 15;
/** ...survives this many wrong answers, whichever methods they were for... */
export const LOGIN_CHALLENGE_MAX_TRIES = 5;
/** ...is held at most once in this time per account, and its SMS or mail codes go at most once in this time per account. */
export const LOGIN_CHALLENGE_INTERVAL_MS = 60 * 1000;

/** A temporary password is mailed at most once in this time per account. */
export const TEMPORARY_PASSWORD_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Who is calling: merchant and language from the headers, IP (behind TRUST_PROXY), browser,
 * and the captcha the browser holds (its httpOnly cookie), if any.
 */
export type CallMeta = {
  merchant: Merchant;
  ip: string;
  userAgent: string | null;
  language?: Language;
  captchaId?: string | null;
};

export type IdentityDeps = {
  db: Kysely<DB>;
  site: SiteService;
  now?: () => Date;
  hasher?: PasswordHasher;
  /** Delivers SMS and email (outbox, SMTP, SMS gateway). */
  messenger: Messenger;
  log?: MessageLog;
  /** PBKDF2 iterations per try of the human-verification proof-of-work. */
  humanVerificationCost?: number;
  /** Play money for a new trial (free-play) account, posted inside its creating transaction. */
  trialCredit?: (memberId: number, within: Kysely<DB>) => Promise<unknown>;
  /** Google / Facebook sign-in (OIDC relying party); absent: none offered. */
  social?: SocialSignIn;
  /**
   * The holder name of the member's bound payout (bank) account, or null: read through the
   * cashier module (new-IP verification by bank account name).
   */
  payoutHolderName?: (memberId: number) => Promise<string | null>;
  /**
   * Refuses opening a session for the member (player protection's time-out or self-exclusion,
   * docs/decisions/030), run in the transaction that would open it.
   */
  signInGuard?: (memberId: number, within: Kysely<DB>) => Promise<void>;
  /**
   * Refuses a new account of an excluded person (player protection's marks of erased accounts,
   * docs/decisions/052), by the mobile and ID number given.
   */
  registrationGuard?: (
    merchantCode: string,
    person: { mobile: string | null; idNumber: string | null },
  ) => Promise<void>;
};

/** `a***@example.com`: enough for the owner to recognise the address. */
export const maskEmail = (email: string) => {
  const at = email.indexOf('@');
  return at <= 0 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`;
};

export const silentLog: MessageLog = { info: () => undefined, error: () => undefined };

/** A random password of `length` letters and digits with at least one upper, one lower and one digit. */
export const randomPassword = (length: number) => {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)] as string);
  while (chars.length < length) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
};

export const toAuthMember = (m: {
  id: number;
  merchant_code: string;
  username: string;
  nickname: string;
  type: MemberType;
  mobile: string | null;
  created_at: Date;
  password_changed_at: Date;
  must_change_password: boolean;
}): AuthMember => ({
  id: m.id,
  merchantCode: m.merchant_code,
  username: m.username,
  nickname: m.nickname,
  type: m.type,
  mobile: m.mobile,
  createdAt: m.created_at,
  passwordChangedAt: m.password_changed_at,
  mustChangePassword: m.must_change_password,
});
