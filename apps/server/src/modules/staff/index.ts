/** The staff module's public face: everything other modules and the composition root use. */
export {
  type AddressThrottle,
  type AuthStaff,
  STAFF_ABSOLUTE_MS,
  STAFF_IDLE_MS,
  STAFF_LOCK_AFTER,
  STAFF_LOCK_MS,
  type StaffMeta,
  totpOf,
} from './accounts';
export { type Actor, appendAudit, canonicalJson, rowHash, verifyChain } from './audit';
export { countTargetTrail, readTargetTrail, type TargetTrailQuery } from './audit-trail';
export { CSV_BATCH_ROWS, csvStream } from './csv';
export { staffIdOf, staffUsernames } from './names';
export { assertCan, can, PERMISSIONS, type Permission, ROLE_PERMISSIONS } from './roles';
export {
  createStaffRouter,
  STAFF_LOGINS_PER_MINUTE,
  type StaffRequest,
  type StaffRouter,
  signedInStaff,
  staffActor,
} from './router';
export { registerStaffRoutes } from './routes';
export { createStaff, type StaffDeps, type StaffMerchant, type StaffService } from './service';
export { runAuditVerifyCli, verifyAuditOn } from './verify-cli';
