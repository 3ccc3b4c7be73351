import type { APIRequestContext } from '@playwright/test';

/**
 * What the demo server "sent": in demo mode SMS and mail stay in the outbox, and
 * `GET /wps/demo/inbox?to=` shows a number's or an address's newest messages (of the merchant in
 * the `Merchant` header). The journeys read their SMS codes and temporary passwords there.
 */
type InboxMessage = { channel: 'sms' | 'email'; subject: string | null; text: string; createdAt: number };

const poll = async <T>(read: () => Promise<T | undefined>, what: string): Promise<T> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`nothing arrived: ${what}`);
};

const newest = async (request: APIRequestContext, to: string, channel: 'sms' | 'email', merchant: string) => {
  const response = await request.get(`/wps/demo/inbox?to=${encodeURIComponent(to)}`, {
    headers: { Merchant: merchant },
  });
  if (!response.ok()) return undefined;
  const body = (await response.json()) as { value: { messages: InboxMessage[] } };
  return body.value.messages.find((message) => message.channel === channel);
};

/** The 6-digit code of the newest SMS to this number (E.164). */
export const smsCode = (request: APIRequestContext, to: string, merchant = 'khelabd') =>
  poll(async () => {
    const message = await newest(request, to, 'sms', merchant);
    return message ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
  }, `SMS to ${to}`);

/** The text of the newest mail to this address. */
export const mailText = (request: APIRequestContext, to: string, merchant = 'khelabd') =>
  poll(async () => (await newest(request, to, 'email', merchant))?.text, `mail to ${to}`);
