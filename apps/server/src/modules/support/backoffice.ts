import type { SupportQueue } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { memberUsernames } from '../identity';
import { type Actor, appendAudit, assertCan } from '../staff';
import type { Support } from './service';
import { checkMessage } from './service';
import * as store from './store';

type Deps = { db: Db; now: () => Date; support: Support; merchantCodes: () => Promise<string[]> };

/** The back office's support inbox (permission `support.chat`): list by queue, read, reply, close. */
export const createSupportBackoffice = ({ db, now, support, merchantCodes }: Deps) => {
  const conversationOrThrow = async (id: number) => {
    const found = await store.conversationById(db, id);
    if (!found) throw new AppError('not.found');
    return found;
  };
  return {
    async list(
      actor: Actor,
      filter: { merchant?: string | undefined; queue?: SupportQueue | undefined; status: 'open' | 'closed' },
      page: number,
      pageSize: number,
    ) {
      assertCan(actor, 'support.chat');
      const merchants = filter.merchant ? [filter.merchant] : await merchantCodes();
      const found = await store.listConversations(
        db,
        { merchants, queue: filter.queue, status: filter.status },
        page,
        pageSize,
      );
      const names = await memberUsernames(
        db,
        found.rows.map((r) => r.member_id),
      );
      return {
        items: found.rows.map((r) => ({
          id: r.id,
          merchant: r.merchant_code,
          memberId: r.member_id,
          member: names.get(r.member_id) ?? '',
          queue: r.queue as SupportQueue,
          status: r.status as 'open' | 'closed',
          unread: r.staff_unread,
          lastText: r.last_text ?? '',
          lastMessageAt: new Date(r.last_message_at).getTime(),
        })),
        total: found.total,
        page,
        pageSize,
        unreadTotal: found.unreadTotal,
      };
    },
    /** A conversation with its messages; reading it marks the member's messages read. */
    async conversation(actor: Actor, id: number) {
      assertCan(actor, 'support.chat');
      const found = await conversationOrThrow(id);
      const messages = await store.messagesOf(db, id);
      if (found.staff_unread > 0) {
        await store.markRead(db, id, 'staff');
        support.changed(found.member_id);
      }
      const names = await memberUsernames(db, [found.member_id]);
      return {
        id,
        queue: found.queue,
        status: found.status,
        messages,
        memberId: found.member_id,
        member: names.get(found.member_id) ?? '',
      };
    },
    async reply(actor: Actor, id: number, text: string) {
      assertCan(actor, 'support.chat');
      const message = checkMessage(text, null);
      const at = now();
      const result = await db.transaction().execute(async (trx) => {
        const found = await store.conversationById(trx, id);
        if (!found) throw new AppError('not.found');
        if (found.status !== 'open')
          throw new AppError('validation.failed', { value: { fields: { id: 'closed' } } });
        const messageId = await store.addMessage(trx, {
          conversationId: id,
          sender: 'staff',
          staffId: actor.id,
          text: message.text,
          image: null,
          at,
        });
        await appendAudit(
          trx,
          actor,
          {
            action: 'support.reply',
            target: `member:${found.member_id}`,
            after: { conversationId: id, messageId },
          },
          at,
        );
        return { id: messageId, memberId: found.member_id };
      });
      support.changed(result.memberId);
      return { id: result.id };
    },
    async close(actor: Actor, id: number) {
      assertCan(actor, 'support.chat');
      const at = now();
      const closed = await db.transaction().execute(async (trx) => {
        const row = await store.closeConversation(trx, id, actor.id, at);
        if (!row) throw new AppError('not.found');
        await appendAudit(
          trx,
          actor,
          { action: 'support.close', target: `member:${row.member_id}`, after: { conversationId: id } },
          at,
        );
        return row;
      });
      support.changed(closed.member_id);
      return { id };
    },
    async image(actor: Actor, messageId: number) {
      assertCan(actor, 'support.chat');
      const found = await store.imageOf(db, messageId);
      if (!found) throw new AppError('not.found');
      return found;
    },
  };
};

export type SupportBackoffice = ReturnType<typeof createSupportBackoffice>;
