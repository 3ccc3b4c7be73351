/** Support chat (issue 24, ADR 044): constants the browser may import. */

/** The member's socket: `{"type":"support"}` after each change of their conversation. */
export const SUPPORT_SOCKET_PATH = '/wps/support/ws';
/** The back office's socket: `{"type":"support"}` after each change of any conversation. */
export const SUPPORT_STAFF_SOCKET_PATH = '/bo/api/support/ws';
export const SUPPORT_TEXT_MAX = 1000;
export const SUPPORT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Members whose VIP level is above this are routed to the VIP queue. */
export const SUPPORT_VIP_ABOVE_LEVEL = 4;
export const SUPPORT_QUEUES = ['general', 'vip'] as const;
export type SupportQueue = (typeof SUPPORT_QUEUES)[number];
export const SUPPORT_STATUSES = ['open', 'closed'] as const;
/** Messages a member may post a minute. */
export const SUPPORT_MESSAGES_PER_MINUTE = 20;
