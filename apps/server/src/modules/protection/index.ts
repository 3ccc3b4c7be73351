/** Player protection's public face (docs/decisions/030): the one door and its counting, routes, back office. */
export {
  createProtectionBackoffice,
  type MemberDirectory,
  type ProtectionBackoffice,
  registerProtectionBackofficeRoutes,
} from './bo';
export { DOOR_MEMORY_MS, type DoorCheck } from './door';
export type { IdentityEraser, PersonalDataEraser } from './erasure';
export { protectionDataOf } from './member-data';
export { createMyData, type DataSource, type MyData } from './my-data';
export {
  createProfileBackoffice,
  type ProfileBackoffice,
  registerProfileBackofficeRoutes,
} from './profile-bo';
export {
  createRiskDesk,
  RISK_SCAN_EVERY_MS,
  type RiskDesk,
  type RiskSignal,
  type RiskSource,
  registerRiskBackofficeRoutes,
} from './risk';
export { registerProtectionRoutes, registerProtectionUploadRoutes } from './routes';
export {
  createProtection,
  type DepositGuard,
  type Protection,
  type ProtectionDeps,
  type StakeGuard,
  type StakeOf,
} from './service';
