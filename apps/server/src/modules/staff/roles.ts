import type { StaffRole } from '@khela/contract';
import { AppError } from '../../http/errors';

/**
 * Every permission of the back office. Finance's names are reserved for the cashier issue
 * (queues and adjustments do not exist yet); `owner` holds all of them.
 */
export const PERMISSIONS = [
  'staff.manage',
  'settings.read',
  'settings.write',
  'content.write',
  'members.read',
  'members.note',
  'members.sessions.revoke',
  'members.lock',
  'members.password.reset',
  'members.type',
  'messages.send',
  // Support's feedback queue (issue 4): list, detail, images; a reply also needs messages.send.
  'feedback.read',
  'limits.write',
  'cashier.queue',
  'cashier.adjust',
  // Deposit channels and withdrawal limits.
  'cashier.channels',
  'dashboard.read',
  'audit.read',
  // Games (issue 7): rounds search and detail; vendor switches and jackpot settings.
  'games.read',
  'games.write',
  // Lottery (issue 17): rules with RTP, exposure, bet search; new rule versions and voids.
  'lottery.read',
  'lottery.write',
  // Player protection (docs/decisions/030): RG dashboard and exclusion register; recording a pause.
  'protection.read',
  'protection.write',
  // Loyalty (docs/decisions/037): rules, rebate runs, mall items, missions; redemption decisions.
  'loyalty.read',
  'loyalty.write',
  // Agent centre (issue 20): agents, contracts, runs and bills; platform contracts and runs.
  'agency.read',
  'agency.write',
  // Sportsbook trading (issue 21): events with liability; suspend, void, result and resettle.
  'sportsbook.read',
  'sportsbook.write',
  // Promotions (docs/decisions/036): designer, application review, granted bonuses.
  'promotions.read',
  'promotions.write',
  // Support chat (issue 24, docs/decisions/044): the support inbox, replies and closing.
  'support.chat',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Role -> permissions, in code: a change here is a reviewed change. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  finance: [
    'cashier.queue',
    'cashier.adjust',
    'cashier.channels',
    'members.read',
    'dashboard.read',
    'loyalty.read',
    'loyalty.write',
    'agency.read',
    'agency.write',
  ],
  support: [
    'members.read',
    'members.note',
    'members.sessions.revoke',
    'members.password.reset',
    'messages.send',
    'feedback.read',
    'support.chat',
    'dashboard.read',
    'games.read',
    'lottery.read',
    'protection.read',
    'loyalty.read',
    'sportsbook.read',
    'promotions.read',
  ],
  content: ['content.write', 'settings.read', 'promotions.read', 'promotions.write'],
  risk: [
    'members.read',
    'members.lock',
    'members.sessions.revoke',
    'limits.write',
    'audit.read',
    'dashboard.read',
    'games.read',
    'games.write',
    'lottery.read',
    'lottery.write',
    'protection.read',
    'protection.write',
    'sportsbook.read',
    'sportsbook.write',
  ],
};

export const can = (role: StaffRole, permission: Permission) => ROLE_PERMISSIONS[role].includes(permission);

/** Services call this first: 403 `forbidden` when the role lacks the permission. */
export const assertCan = (actor: { role: StaffRole }, permission: Permission) => {
  if (!can(actor.role, permission)) throw new AppError('forbidden', { value: { permission } });
};
