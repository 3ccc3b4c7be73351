import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { currentServer } from './servers';
import type { CapturedMail } from './smtp-capture';

/**
 * What the test server "sent". SMS stay in the demo outbox: `GET /wps/demo/inbox?to=` shows a
 * number's newest messages (of the merchant in the `Merchant` header). Mail goes out through real
 * SMTP (`SMTP_URL`) to the capture server `e2e/smtp-capture.ts`, which `e2e/servers.ts` starts
 * with the worker's Khela server; the journeys read it from that capture's folder.
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

/** The 6-digit code of the newest SMS to this number (E.164), sent at `since` (ms) or later. */
export const smsCode = (request: APIRequestContext, to: string, merchant = 'khelabd', since = 0) =>
  poll(async () => {
    const message = await newest(request, to, 'sms', merchant);
    return message && message.createdAt >= since ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
  }, `SMS to ${to}`);

/** Every mail the test SMTP server of this worker received for this address, oldest first. */
export const capturedMails = async (to: string): Promise<CapturedMail[]> => {
  const dir = currentServer().mailDir;
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  const mails = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as CapturedMail),
  );
  const address = to.toLowerCase();
  return mails.filter((mail) => mail.envelope.to.some((rcpt) => rcpt.toLowerCase() === address));
};

/** The newest mail to this address received after `since` (ms), once the SMTP server has it. */
export const nextMail = (to: string, since = 0) =>
  poll(
    async () => (await capturedMails(to)).filter((mail) => mail.receivedAt >= since).at(-1),
    `mail to ${to}`,
  );

/** The text of the newest mail to this address. */
export const mailText = async (to: string, since = 0) => (await nextMail(to, since)).text;
