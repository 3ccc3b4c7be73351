export { registerInboxBackofficeRoutes } from './bo/routes';
export { createInboxOps, type InboxOps } from './bo/support';
export { eraseInboxPersonalData } from './erasure';
export { inboxDataOf } from './member-data';
export { registerInboxRoutes } from './routes';
export { createInboxService, type InboxService } from './service';
