import { endpoint } from '../core/endpoint';

/** Support chat (issue 24, ADR 044): the member's conversation and the back office's support inbox. */
export const supportEndpoints = {
  supportConversation: endpoint({
    method: 'GET',
    path: '/wps/support/conversation',
    modId: null,
    auth: true,
  }),
  /** multipart/form-data: `text` and/or one `image` (PNG/JPEG). */
  supportMessageSend: endpoint({ method: 'POST', path: '/wps/support/messages', modId: null, auth: true }),
  supportUnread: endpoint({ method: 'GET', path: '/wps/support/unread', modId: null, auth: true }),
  /** The image bytes of a message of the member's own conversation, not an envelope. */
  supportImage: endpoint({
    method: 'GET',
    path: '/wps/support/image',
    modId: null,
    auth: true,
    envelope: false,
  }),
  boSupportConversations: endpoint({
    method: 'GET',
    path: '/bo/api/support/conversations',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSupportConversation: endpoint({
    method: 'GET',
    path: '/bo/api/support/conversation',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSupportReply: endpoint({
    method: 'POST',
    path: '/bo/api/support/reply',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSupportClose: endpoint({
    method: 'POST',
    path: '/bo/api/support/close',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSupportImage: endpoint({
    method: 'GET',
    path: '/bo/api/support/image',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
};
