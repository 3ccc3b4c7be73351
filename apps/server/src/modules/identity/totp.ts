import { createHmac, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Members' authenticator apps (RFC 6238: SHA-1, 6 digits, 30 s — what every authenticator app
 * reads from a QR code), the same way staff TOTP works (`staff/accounts.ts`): a code is good
 * within ±1 step of clock drift, and the step of each code used is stored so it cannot be used
 * again (`member_totp.last_step`).
 */

const PERIOD = 30;
/** An enrolment must be confirmed within this time. */
export const TOTP_ENROL_MINUTES = 10;

export const newMemberTotpSecret = () => new Secret({ size: 20 }).base32;

export const memberTotpOf = (secret: string, issuer: string, label: string) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** The time step a 6-digit code was made in (±1 step), or null when it is wrong. */
export const memberTotpStep = (secret: string, code: string, at: Date) => {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = memberTotpOf(secret, 'khela', 'member').validate({
    token: code,
    timestamp: at.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / PERIOD) + delta;
};

/**
 * A payout account holder name as people type it: letter case, spacing and Latin accents do not
 * matter (`  MD.  Rahím ` = `md. rahim`). Only the combining accents of Latin letters
 * (U+0300–U+036F) are dropped, never the vowel signs of Bangla or Devanagari, which change the name.
 */
export const normaliseHolderName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Compares two holder names after `normaliseHolderName`, in time independent of where they differ. */
export const sameHolderName = (key: string, stored: string, typed: string) => {
  const digest = (text: string) => createHmac('sha256', key).update(normaliseHolderName(text)).digest();
  const a = digest(stored);
  const b = digest(typed);
  return normaliseHolderName(typed).length > 0 && timingSafeEqual(a, b);
};
