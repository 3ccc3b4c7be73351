import type { ModId } from './flags';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where and how a call is made. Free of zod so the browser bundle stays small. */
export type Endpoint = {
  method: HttpMethod | readonly HttpMethod[];
  path: string;
  /** Whitelabel module that must be on, else `function.not.available`. */
  modId: ModId | null;
  /** Needs a session token. */
  auth: boolean;
  /** false: the answer is the bare value (the `/lgw` lottery maps). */
  envelope?: boolean;
};

const endpoint = <E extends Endpoint>(e: E) => e;

/** Every call's path, verb and gate, by name. The zod schemas in the other files extend these. */
export const endpoints = {
  systemStatus: endpoint({ method: 'GET', path: '/wps/system/status', modId: 'COMM3', auth: false }),
  whitelabel: endpoint({ method: 'GET', path: '/wps/system/whitelabel', modId: 'COMM3', auth: false }),
  registerSettings: endpoint({ method: 'GET', path: '/wps/system/setting/register', modId: 'REG3', auth: false }),
  domainRoute: endpoint({ method: 'GET', path: '/wps/system/domainRoute', modId: 'COMM3', auth: false }),
  helpCenter: endpoint({ method: 'GET', path: '/wps/system/helpCenter', modId: 'COMM3', auth: false }),
  announcements: endpoint({ method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', modId: 'COMM3', auth: false }),
} as const;

export type EndpointName = keyof typeof endpoints;
