import { SUPPORT_TEXT_MAX, SUPPORT_VIP_ABOVE_LEVEL, type SupportQueue } from '@khela/contract';
import type { Redis } from 'ioredis';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { sniffPngJpeg } from '../../shared/images';
import { createSignals } from '../../shared/pubsub';
import * as store from './store';

/** The signal keys: one member's conversation changed (`member:<id>`), or any conversation (`staff`). */
export type SupportSignalKey = `member:${number}` | 'staff';

export type SupportDeps = {
  db: Db;
  now: () => Date;
  /** The member's VIP level (loyalty), 0 without one. */
  vipLevelOf: (memberId: number) => Promise<number>;
  redis?: Redis | undefined;
  log?: { warn: (obj: unknown, msg?: string) => void } | undefined;
};

export type SupportMember = { id: number; merchantCode: string };

/** Which queue a new conversation goes to: VIP above level 4 (spec §4). */
export const queueFor = (vipLevel: number): SupportQueue =>
  vipLevel > SUPPORT_VIP_ABOVE_LEVEL ? 'vip' : 'general';

/** A message's text and image as validated: text trimmed ≤ 1,000 characters, image PNG/JPEG by its bytes. */
export const checkMessage = (text: string, image: Buffer | null) => {
  const trimmed = text.trim();
  if (trimmed.length > SUPPORT_TEXT_MAX)
    throw new AppError('validation.failed', { value: { fields: { text: 'too.long' } } });
  let picture: { bytes: Buffer; mime: 'image/png' | 'image/jpeg' } | null = null;
  if (image) {
    const mime = sniffPngJpeg(image);
    if (!mime) throw new AppError('validation.failed', { value: { fields: { image: 'type' } } });
    picture = { bytes: image, mime };
  }
  if (!trimmed && !picture) throw new AppError('validation.failed', { value: { fields: { text: 'empty' } } });
  return { text: trimmed, image: picture };
};

/**
 * Support chat for members (issue 24, ADR 044): one open conversation per member, routed to its
 * queue when it opens; each change is signalled (after the commit) to the member's sockets and
 * the back office's, through Redis when REDIS_URL is set.
 */
export const createSupport = (deps: SupportDeps) => {
  const { db, now } = deps;
  const signals = createSignals<SupportSignalKey>({
    channel: 'khela:support',
    name: 'support',
    encode: (key) => key,
    decode: (message) =>
      message === 'staff' || /^member:\d+$/.test(message) ? (message as SupportSignalKey) : undefined,
    redis: deps.redis,
    log: deps.log,
  });
  const changed = (memberId: number) => {
    signals.publish(`member:${memberId}`);
    signals.publish('staff');
  };

  return {
    signals,
    changed,
    /** The member's current conversation; reading it marks support's messages read. */
    async conversation(member: SupportMember) {
      const found = await store.currentConversation(db, member.id);
      if (!found) return { conversation: null };
      const messages = await store.messagesOf(db, found.id);
      if (found.member_unread > 0) {
        await store.markRead(db, found.id, 'member');
        changed(member.id);
      }
      return { conversation: { id: found.id, queue: found.queue, status: found.status, messages } };
    },
    /** Posts the member's message, opening a conversation (in its queue) when none is open. */
    async send(member: SupportMember, text: string, image: Buffer | null) {
      const message = checkMessage(text, image);
      const queue = queueFor(await deps.vipLevelOf(member.id));
      const at = now();
      const result = await db.transaction().execute(async (trx) => {
        const conversation = await store.openConversation(trx, {
          merchant: member.merchantCode,
          memberId: member.id,
          queue,
          at,
        });
        const id = await store.addMessage(trx, {
          conversationId: conversation.id,
          sender: 'member',
          staffId: null,
          text: message.text,
          image: message.image,
          at,
        });
        return { id, conversationId: conversation.id };
      });
      changed(member.id);
      return {
        ...result,
        sender: 'member' as const,
        text: message.text,
        hasImage: message.image !== null,
        createdAt: at.getTime(),
      };
    },
    unread: (member: SupportMember) => store.memberUnread(db, member.id),
    /** An image of the member's own conversation; another's answers not found. */
    async image(member: SupportMember, messageId: number) {
      const found = await store.imageOf(db, messageId);
      if (!found || found.memberId !== member.id) throw new AppError('not.found');
      return found;
    },
    close: () => signals.close(),
  };
};

export type Support = ReturnType<typeof createSupport>;
