import { endpoint } from '../core/endpoint';

/** The demo inbox: only when the server runs in demo mode (KHELA_MODE=demo). */
export const demoEndpoints = {
  demoInbox: endpoint({ method: 'GET', path: '/wps/demo/inbox', modId: null, auth: false }),
} as const;
