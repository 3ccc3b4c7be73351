import { createHash } from 'node:crypto';
import type {} from '@fastify/multipart';
import { normalizeIP } from '@fastify/rate-limit';
import {
  backofficeRoutes as bor,
  supportRoutes as r,
  SUPPORT_IMAGE_MAX_BYTES,
  SUPPORT_MESSAGES_PER_MINUTE,
} from '@khela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { SupportBackoffice } from './backoffice';
import type { Support } from './service';

const signedIn = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

const noStore = { 'cache-control': 'no-store' };

const sendImage = (reply: FastifyReply, image: { bytes: Buffer; mime: string }) =>
  reply
    .type(image.mime)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(image.bytes);

/** The member's text and image from the multipart form; the multipart limits answer 400. */
const readForm = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw new AppError('request_body_required');
  let text = '';
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: SUPPORT_IMAGE_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 8_000 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'image')
          throw new AppError('validation.failed', { value: { fields: { [part.fieldname]: 'unknown' } } });
        image = bytes;
      } else if (part.fieldname === 'text' && typeof part.value === 'string') text = part.value;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (error instanceof AppError || typeof code !== 'string' || !code.startsWith('FST_')) throw error;
    const field = code === 'FST_REQ_FILE_TOO_LARGE' ? 'size' : 'count';
    throw new AppError('validation.failed', { value: { fields: { image: field } } });
  }
  return { text, image };
};

/**
 * The member's support chat calls. Registered in the upload scope of the composition root (after
 * @fastify/multipart); posting is limited per session (or per IP without one).
 */
export const registerSupportRoutes = (app: FastifyInstance, gate: Gate, support: Support) => {
  if (!app.hasContentTypeParser('multipart/form-data'))
    throw new Error('@fastify/multipart must be registered before the support chat');
  const postLimit = app.rateLimit({
    max: SUPPORT_MESSAGES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const auth = request.headers.authorization;
      return typeof auth === 'string' && auth
        ? `support:t:${createHash('sha256').update(auth).digest('hex').slice(0, 32)}`
        : `support:ip:${normalizeIP(request.ip)}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', { value: { retryAfter: Math.ceil(context.ttl / 1000) } }),
  }) as unknown as onRequestAsyncHookHandler;

  registerRoute(app, gate, r.supportConversation, async (q, reply) => {
    reply.headers(noStore);
    return support.conversation(signedIn(q));
  });
  registerRoute(app, gate, r.supportUnread, async (q, reply) => {
    reply.headers(noStore);
    return support.unread(signedIn(q));
  });
  registerRoute(
    app,
    gate,
    r.supportMessageSend,
    async (q) => {
      const member = signedIn(q);
      const form = await readForm(q);
      return support.send(member, form.text, form.image);
    },
    { onRequest: [postLimit] },
  );
  registerRoute(app, gate, r.supportImage, async (q, reply) =>
    sendImage(reply, await support.image(signedIn(q), q.query.id)),
  );
};

/** The back office's support inbox routes. */
export const registerSupportBackofficeRoutes = ({ route }: StaffRouter, bo: SupportBackoffice) => {
  route(bor.boSupportConversations, async (q) => {
    const { page, pageSize, merchant, queue, status } = q.query;
    return bo.list(actor(q), { merchant, queue, status }, page, pageSize);
  });
  route(bor.boSupportConversation, async (q) => bo.conversation(actor(q), q.query.id));
  route(bor.boSupportReply, async (q) => bo.reply(actor(q), q.body.id, q.body.text));
  route(bor.boSupportClose, async (q) => bo.close(actor(q), q.body.id));
  route(bor.boSupportImage, async (q, reply) => sendImage(reply, await bo.image(actor(q), q.query.id)));
};
