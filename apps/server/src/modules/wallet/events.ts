import type { Redis } from 'ioredis';
import { createSignals, type Signals } from '../../shared/pubsub';

/**
 * Balance push: "this member's balance may have changed". Anyone who posts to the ledger calls
 * `publish(memberId)` AFTER the transaction commits; the WebSocket (`ws.ts`) tells the member's
 * open tabs, which refetch the balance. The signal carries no amount. Through the server's one
 * pub/sub (shared/pubsub.ts): in process, or the `khela:balance` channel when REDIS_URL is set.
 */
export type BalanceEvents = Signals<number>;

export const BALANCE_CHANNEL = 'khela:balance';

export const createBalanceEvents = ({
  redis,
  log,
}: {
  redis?: Redis | undefined;
  log?: { warn: (obj: unknown, msg?: string) => void };
} = {}): BalanceEvents =>
  createSignals({
    channel: BALANCE_CHANNEL,
    name: 'balance',
    encode: String,
    decode: (message) => {
      const memberId = Number(message);
      return Number.isSafeInteger(memberId) && memberId > 0 ? memberId : undefined;
    },
    redis,
    log,
  });
