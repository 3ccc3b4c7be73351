import type {} from '@fastify/multipart';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_MAX_IMAGES, inboxRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import type { InboxService } from './service';

const signedIn = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

const noStore = { 'cache-control': 'no-store' };

/**
 * The member's platform messages and feedback. Must be registered in the upload scope of the
 * composition root (after @fastify/multipart).
 */
export const registerInboxRoutes = (app: FastifyInstance, gate: Gate, inbox: InboxService) => {
  if (!app.hasContentTypeParser('multipart/form-data'))
    throw new Error('@fastify/multipart must be registered before the inbox');
  const r = inboxRoutes;
  registerRoute(app, gate, r.unreadCount, async (q, reply) => {
    reply.headers(noStore);
    return inbox.unreadCount(signedIn(q));
  });
  registerRoute(app, gate, r.memberMessages, async (q, reply) => {
    reply.headers(noStore);
    return inbox.messages(signedIn(q), q.query.pageNo, q.query.pageSize);
  });
  registerRoute(app, gate, r.memberMessagesRead, async (q) => inbox.markRead(signedIn(q), q.body));
  registerRoute(app, gate, r.feedbackList, async (q, reply) => {
    reply.headers(noStore);
    return inbox.ownFeedback(signedIn(q));
  });
  registerRoute(app, gate, r.feedbackSubmit, async (q) => {
    const member = signedIn(q);
    if (!q.isMultipart()) throw new AppError('request_body_required');
    const fields: Record<string, string> = {};
    const images: Buffer[] = [];
    try {
      for await (const part of q.parts({
        limits: {
          fileSize: FEEDBACK_IMAGE_MAX_BYTES,
          files: FEEDBACK_MAX_IMAGES,
          fields: 2,
          parts: FEEDBACK_MAX_IMAGES + 2,
          fieldSize: 2_000,
        },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'image') {
            await part.toBuffer();
            throw new AppError('validation.failed', { value: { fields: { [part.fieldname]: 'unknown' } } });
          }
          images.push(await part.toBuffer());
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch (error) {
      // Too large a file, too many files or parts: the multipart limits (FST_* codes).
      const code = (error as { code?: unknown }).code;
      if (error instanceof AppError || typeof code !== 'string' || !code.startsWith('FST_')) throw error;
      const field = code === 'FST_REQ_FILE_TOO_LARGE' ? 'size' : 'count';
      throw new AppError('validation.failed', { value: { fields: { image: field } } });
    }
    return inbox.submitFeedback(member, fields, images);
  });
};
