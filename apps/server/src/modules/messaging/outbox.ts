import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Message, MessageLog, Messenger } from './types';

/**
 * The default adapter: every message is written to the `outbox` table and its sending logged
 * (never its text), nothing leaves the server. Demo deployments and tests read the codes from there.
 */
export const createOutboxMessenger = ({
  db,
  log,
  now = () => new Date(),
}: {
  db: Kysely<DB>;
  log?: MessageLog;
  now?: () => Date;
}): Messenger => ({
  send: async (message: Message) => {
    await db
      .insertInto('outbox')
      .values({
        channel: message.channel,
        merchant_code: message.merchantCode ?? null,
        recipient: message.to,
        subject: message.subject ?? null,
        body: message.text,
        purpose: message.purpose ?? null,
        created_at: now(),
      })
      .execute();
    // Never the text: it holds codes and temporary passwords (ADR 029). The demo inbox shows it.
    log?.info(
      { channel: message.channel, to: message.to, purpose: message.purpose, length: message.text.length },
      'outbox: message kept, not sent',
    );
  },
});

/** The outbox messages of one recipient, newest last. */
export const readOutbox = (db: Kysely<DB>, recipient: string) =>
  db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id').execute();
