export { type Actor, canonicalJson, rowHash, verifyChain } from './audit';
export { can, PERMISSIONS, type Permission, ROLE_PERMISSIONS } from './roles';
export { registerBackofficeRoutes, STAFF_LOGINS_PER_MINUTE } from './routes';
export { type BackofficeService, createBackofficeService } from './service';
export { STAFF_ABSOLUTE_MS, STAFF_IDLE_MS, STAFF_LOCK_AFTER, STAFF_LOCK_MS, totpOf } from './staff';
export { registerBackofficeWeb } from './web';
