import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { PasswordHasher } from '../../shared/passwords';
import { type AddressThrottle, createStaffAccounts } from './accounts';
import { createAuditLog } from './audit-log';
import { createStaffManagement } from './management';
import { ROLE_PERMISSIONS } from './roles';

/** A merchant as the back office's staff see it (`/bo/api/session/me`). */
export type StaffMerchant = {
  code: string;
  name: string;
  currencySymbol: string;
  languages: string[];
  defaultLanguage: string;
};

export type StaffDeps = {
  db: Kysely<DB>;
  hasher: PasswordHasher;
  now?: () => Date;
  /** Password tries per address and username (identity's login throttle, ADR 029). */
  addressThrottle: AddressThrottle;
  /** The merchants of this deployment (the back office edits each one's settings). */
  merchants: () => Promise<StaffMerchant[]>;
};

/**
 * The staff module: staff accounts (sign-in with password and TOTP, sessions, self-service), the
 * roles and their permissions, the hash-chained audit log, CSV exports and the owner's staff
 * screen. Every module's back office uses it through index.ts: `staff.router(scope)` registers
 * its routes, `assertCan` checks a permission, `appendAudit` records a change in its transaction.
 */
export const createStaff = ({
  db,
  hasher,
  now = () => new Date(),
  addressThrottle,
  merchants,
}: StaffDeps) => {
  const accounts = createStaffAccounts({ db, hasher, now, addressThrottle });
  const management = createStaffManagement({ db, accounts, now });
  const audit = createAuditLog(db);
  const permissionsOf = (role: keyof typeof ROLE_PERMISSIONS) => [...ROLE_PERMISSIONS[role]];
  return { accounts, management, audit, permissionsOf, merchants };
};

export type StaffService = ReturnType<typeof createStaff>;
