import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Message, MessageLog, Messenger } from './types';

/**
 * The default adapter: every message is written to the `outbox` table and logged, nothing
 * leaves the server. Demo deployments and tests read the codes from there.
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
    log?.info(
      { channel: message.channel, to: message.to, purpose: message.purpose, text: message.text },
      'outbox: message kept, not sent',
    );
  },
});

/** The outbox messages of one recipient, newest last. */
export const readOutbox = (db: Kysely<DB>, recipient: string) =>
  db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id').execute();
