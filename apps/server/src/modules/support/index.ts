export { createSupportBackoffice, type SupportBackoffice } from './backoffice';
export { composeSupport } from './compose';
export { eraseSupportPersonalData } from './erasure';
export { registerSupportBackofficeRoutes, registerSupportRoutes } from './routes';
export { checkMessage, createSupport, queueFor, type Support } from './service';
export { registerSupportSockets } from './socket';
