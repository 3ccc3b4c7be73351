export { createSeamlessAdapter, VENDOR_SIM_MOUNT } from './adapter';
export { DEMO_PROVIDER_VENDORS, demoVendorSecret } from './demo';
export { registerProviderRoutes } from './routes';
export {
  createProviderService,
  ledgerKey,
  PROVIDER_ROUND_IDLE_MS,
  PROVIDER_SESSION_TTL_MS,
  type ProviderReply,
  type ProviderService,
} from './service';
export { hashProviderToken, signBody, verifySignature } from './signature';
export { mountDemoVendorSim, registerVendorAdapters } from './wiring';
