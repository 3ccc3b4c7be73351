import type { Message, Messenger } from './types';

/** How long one gateway call may take. */
export const SMS_GATEWAY_TIMEOUT_MS = 10_000;

/**
 * SMS through an HTTP gateway: `POST <url>` with `Authorization: Bearer <token>` and the JSON
 * body `{ to, text }` (`to` in E.164). Any answer other than 2xx is a failure.
 */
export const createSmsGatewayMessenger = ({
  url,
  token,
  fetchImpl = fetch,
}: {
  url: string;
  token: string;
  fetchImpl?: typeof fetch;
}): Messenger => ({
  send: async (message: Message) => {
    if (message.channel !== 'sms') throw new Error('the SMS gateway adapter sends SMS only');
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(SMS_GATEWAY_TIMEOUT_MS),
    });
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  },
});
