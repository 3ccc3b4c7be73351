import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createOutboxMessenger } from './outbox';
import { createSmsGatewayMessenger } from './sms-gateway';
import { createSmtpMessenger } from './smtp';
import type { Message, MessageLog, Messenger } from './types';

export { registerDemoInboxRoute } from './demo-inbox';
export { createOutboxMessenger, readOutbox } from './outbox';
export { createSmsGatewayMessenger, SMS_GATEWAY_TIMEOUT_MS } from './sms-gateway';
export { createSmtpMessenger } from './smtp';
export type { Message, MessageLog, Messenger } from './types';

export type MessagingConfig = Partial<
  Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN'> &
    Partial<Pick<Config, 'SMS_FLOWS' | 'MAIL_FLOWS'>>
>;

/**
 * Picks the adapter of each channel from the configuration: email through SMTP when `SMTP_URL`
 * is set, SMS through the HTTP gateway when `SMS_GATEWAY_URL` is set, the outbox otherwise.
 */
export const createMessenger = ({
  config,
  db,
  log,
  now,
}: {
  config: MessagingConfig;
  db: Kysely<DB>;
  log?: MessageLog;
  now?: () => Date;
}): Messenger & { close: () => void; adapters: { email: string; sms: string } } => {
  const outbox = createOutboxMessenger({ db, ...(log ? { log } : {}), ...(now ? { now } : {}) });
  const smtp = config.SMTP_URL
    ? createSmtpMessenger({ url: config.SMTP_URL, from: config.MAIL_FROM ?? 'Khela <no-reply@khela.local>' })
    : null;
  if (config.SMS_GATEWAY_URL && !config.SMS_GATEWAY_TOKEN)
    throw new Error('SMS_GATEWAY_URL is set without SMS_GATEWAY_TOKEN');
  const gateway =
    config.SMS_GATEWAY_URL && config.SMS_GATEWAY_TOKEN
      ? createSmsGatewayMessenger({ url: config.SMS_GATEWAY_URL, token: config.SMS_GATEWAY_TOKEN })
      : null;
  return {
    send: async (message: Message) => {
      // A switched-off channel sends nothing (production without its gateway, ADR 029).
      if (message.channel === 'email') {
        if (config.MAIL_FLOWS === 'off')
          throw new AppError('message.channel.off', { value: { channel: 'email' } });
        return (smtp ?? outbox).send(message);
      }
      if (config.SMS_FLOWS === 'off')
        throw new AppError('message.channel.off', { value: { channel: 'sms' } });
      return (gateway ?? outbox).send(message);
    },
    close: () => smtp?.close(),
    adapters: { email: smtp ? 'smtp' : 'outbox', sms: gateway ? 'gateway' : 'outbox' },
  };
};
