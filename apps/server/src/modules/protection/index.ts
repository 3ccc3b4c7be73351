/** Player protection's public face (docs/decisions/030): the one door and its counting, routes, back office. */
export {
  createProtectionBackoffice,
  type MemberDirectory,
  type ProtectionBackoffice,
  registerProtectionBackofficeRoutes,
} from './bo';
export { DOOR_MEMORY_MS, type DoorCheck } from './door';
export { registerProtectionRoutes } from './routes';
export {
  createProtection,
  type DepositGuard,
  type Protection,
  type ProtectionDeps,
  type StakeGuard,
} from './service';
