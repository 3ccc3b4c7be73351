/** One SMS or email to deliver. */
export type Message = {
  channel: 'sms' | 'email';
  /** E.164 number for SMS, address for email. */
  to: string;
  /** Email subject (ignored for SMS). */
  subject?: string;
  text: string;
  /** Who it is sent for and why: kept by the outbox, never sent to the recipient. */
  merchantCode?: string;
  purpose?: string;
};

/** A delivery adapter: resolves when the message is handed over, throws when it cannot be. */
export type Messenger = { send: (message: Message) => Promise<void> };

/** What the adapters log through (Fastify's logger fits). */
export type MessageLog = {
  info: (obj: Record<string, unknown>, msg: string) => void;
  error: (obj: Record<string, unknown>, msg: string) => void;
};
