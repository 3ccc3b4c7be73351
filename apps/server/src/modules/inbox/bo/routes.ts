import { backofficeRoutes as r } from '@khela/contract';
import { staffActor as actor, type StaffRouter } from '../../staff';
import type { InboxOps } from './support';

/** Support's `/bo/api` routes: platform messages and the feedback queue. */
export const registerInboxBackofficeRoutes = ({ route }: StaffRouter, bo: InboxOps) => {
  route(r.boMessages, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.listMessages(actor(q), filter, page, pageSize);
  });
  route(r.boMessagesCsv, async (q) => bo.messagesCsv(actor(q), q.query));
  route(r.boMessageSend, async (q) => bo.sendMessage(actor(q), q.body));
  route(r.boFeedback, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.listFeedback(actor(q), filter, page, pageSize);
  });
  route(r.boFeedbackCsv, async (q) => bo.feedbackCsv(actor(q), q.query));
  route(r.boFeedbackDetail, async (q) => bo.feedbackDetail(actor(q), q.query.id));
  route(r.boFeedbackImage, async (q, reply) => {
    const image = await bo.feedbackImage(actor(q), q.query.id, q.query.seq);
    return reply
      .type(image.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });
  route(r.boFeedbackReply, async (q) => bo.replyFeedback(actor(q), q.body));
};
