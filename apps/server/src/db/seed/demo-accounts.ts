import type { Kysely } from 'kysely';
import { insertMember } from '../../modules/identity';
import { createPasswordHasher } from '../../shared/passwords';
import type { DB, MemberType } from '../schema';

type DemoAccount = {
  username: string;
  password: string;
  type: MemberType;
  /** E.164; the mobile-registered member's username is the national number. */
  mobile?: string;
  upline?: string;
  /** An agent's own affiliate (invitation) code. */
  agentCode?: string;
  /** Made by someone else and never signed in: the first login must choose a new password. */
  neverSignedIn?: boolean;
  /** The password was last changed this many days ago (older than 90: expired, see PWDEXPFORCECHANGE3). */
  passwordAgeDays?: number;
};

/** The demo accounts of each merchant (printed in the README). Every password is public: demo only. */
export const demoAccounts = (merchantCode: string): DemoAccount[] => {
  const mobile = merchantCode === 'khelain' ? '+919812345678' : '+8801712345678';
  return [
    { username: 'demo01', password: 'Demo1234', type: 0 },
    {
      username: mobile.replace(merchantCode === 'khelain' ? '+91' : '+880', ''),
      password: 'Demo1234',
      type: 0,
      mobile,
    },
    { username: 'agent01', password: 'Agent1234', type: 1, agentCode: 'AGENT01' },
    { username: 'team01', password: 'Demo1234', type: 0, upline: 'agent01' },
    { username: 'team02', password: 'Demo1234', type: 0, upline: 'agent01' },
    { username: 'team03', password: 'Demo1234', type: 0, upline: 'agent01' },
    // The agent-centre journey's player (its play and funds never meet another journey's).
    { username: 'crew01', password: 'Demo1234', type: 0, upline: 'agent01' },
    // Downline accounts agent01 "made" that never signed in: the first login forces a new password.
    { username: 'fresh01', password: 'Demo1234', type: 0, upline: 'agent01', neverSignedIn: true },
    { username: 'fresh02', password: 'Demo1234', type: 0, upline: 'agent01', neverSignedIn: true },
    // Passwords last changed 120 days ago: expired, so the login asks for a new one (PWDEXPFORCECHANGE3).
    { username: 'stale01', password: 'Demo1234', type: 0, passwordAgeDays: 120 },
    { username: 'stale02', password: 'Demo1234', type: 0, passwordAgeDays: 120 },
  ];
};

/**
 * Creates the demo accounts of every merchant. Refused outside demo mode: public passwords must
 * never reach a production database.
 */
export const seedDemoAccounts = async (
  db: Kysely<DB>,
  merchantCodes: string[],
  mode: 'demo' | 'production',
  now = new Date(),
) => {
  if (mode !== 'demo') throw new Error('demo accounts are seeded in demo mode only');
  const hasher = createPasswordHasher();
  for (const merchantCode of merchantCodes) {
    const ids = new Map<string, number>();
    for (const account of demoAccounts(merchantCode)) {
      const member = await insertMember(db, {
        merchantCode,
        username: account.username,
        mobile: account.mobile ?? null,
        email: null,
        passwordHash: await hasher.hash(account.password),
        type: account.type,
        uplineId: account.upline ? (ids.get(account.upline) ?? null) : null,
        nickname: account.username,
        agentCode: account.agentCode ?? null,
        now,
        ...(account.passwordAgeDays
          ? { passwordChangedAt: new Date(now.getTime() - account.passwordAgeDays * 24 * 60 * 60 * 1000) }
          : {}),
        // Marked as already signed in once, so the demo does not force a first-login password change
        // (except on the accounts meant to show it).
        lastLoginAt: account.neverSignedIn ? null : now,
      });
      ids.set(account.username, member.id);
    }
  }
};
