export { registerInboxRoutes } from './routes';
export { createInboxService, type InboxService } from './service';
export * as inboxStore from './store';
