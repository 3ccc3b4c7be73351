import { endpoint } from '../core/endpoint';

/** The member's platform messages and feedback; and the back office's messages and feedback queue. */
export const inboxEndpoints = {
  unreadCount: endpoint({ method: 'GET', path: '/wps/relay/CSP_unreadCount', modId: 'INBOX3', auth: true }),
  memberMessages: endpoint({ method: 'GET', path: '/wps/inbox/messages', modId: 'INBOX3', auth: true }),
  memberMessagesRead: endpoint({
    method: 'POST',
    path: '/wps/inbox/messages/read',
    modId: 'INBOX3',
    auth: true,
  }),
  /** multipart/form-data: `questionType`, `content`, up to 3 `image` files. */
  feedbackSubmit: endpoint({ method: 'PUT', path: '/wps/feedback', modId: 'FEEDBACK3', auth: true }),
  feedbackList: endpoint({ method: 'GET', path: '/wps/feedback', modId: 'FEEDBACK3', auth: true }),
  boMessages: endpoint({ method: 'GET', path: '/bo/api/messages', modId: null, auth: false, staff: true }),
  boMessagesCsv: endpoint({
    method: 'GET',
    path: '/bo/api/messages.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boMessageSend: endpoint({
    method: 'POST',
    path: '/bo/api/messages',
    modId: null,
    auth: false,
    staff: true,
  }),
  boFeedback: endpoint({ method: 'GET', path: '/bo/api/feedback', modId: null, auth: false, staff: true }),
  boFeedbackCsv: endpoint({
    method: 'GET',
    path: '/bo/api/feedback.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boFeedbackDetail: endpoint({
    method: 'GET',
    path: '/bo/api/feedback/detail',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** The image bytes (image/png or image/jpeg), not an envelope. */
  boFeedbackImage: endpoint({
    method: 'GET',
    path: '/bo/api/feedback/image',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boFeedbackReply: endpoint({
    method: 'POST',
    path: '/bo/api/feedback/reply',
    modId: null,
    auth: false,
    staff: true,
  }),
} as const;
