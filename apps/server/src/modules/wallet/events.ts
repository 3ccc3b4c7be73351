import type { Redis } from 'ioredis';

/**
 * Balance push: "this member's balance may have changed". Anyone who posts to the ledger calls
 * `publish(memberId)` AFTER the transaction commits; the WebSocket (`ws.ts`) tells the member's
 * open tabs, which refetch the balance. The signal carries no amount: a lost or repeated signal
 * costs one refetch, never a wrong number.
 *
 * Without Redis the signal stays in this process. With Redis (REDIS_URL) it goes through the
 * `khela:balance` pub/sub channel, so a tab connected to another node hears it too; the local
 * listeners are then called once, when the message comes back from Redis.
 */
export type BalanceEvents = {
  publish(memberId: number): void;
  subscribe(memberId: number, listener: () => void): () => void;
  close(): Promise<void>;
};

export const BALANCE_CHANNEL = 'khela:balance';

type Log = { warn: (obj: unknown, msg?: string) => void };

export const createBalanceEvents = ({
  redis,
  log,
}: {
  redis?: Redis | undefined;
  log?: Log;
} = {}): BalanceEvents => {
  const listeners = new Map<number, Set<() => void>>();
  let closed = false;

  const deliver = (memberId: number) => {
    const set = listeners.get(memberId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener();
      } catch (error) {
        log?.warn({ err: error, memberId }, 'balance listener failed');
      }
    }
  };

  // A subscribed ioredis connection can do nothing else: the subscriber is a copy of the client.
  const subscriber = redis ? redis.duplicate() : undefined;
  let ready: Promise<unknown> | undefined;
  if (subscriber) {
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== BALANCE_CHANNEL) return;
      const memberId = Number(message);
      if (Number.isSafeInteger(memberId) && memberId > 0) deliver(memberId);
    });
    subscriber.on('error', (error: unknown) => log?.warn({ err: error }, 'balance subscriber error'));
    ready = subscriber.subscribe(BALANCE_CHANNEL).catch((error: unknown) => {
      log?.warn({ err: error }, 'balance subscribe failed');
    });
  }

  return {
    publish(memberId) {
      if (closed) return;
      if (!redis) {
        // Next tick: the publisher (a request handler) never runs the listeners itself.
        queueMicrotask(() => deliver(memberId));
        return;
      }
      redis.publish(BALANCE_CHANNEL, String(memberId)).catch((error: unknown) => {
        // Redis is down: the local tabs at least still hear it.
        log?.warn({ err: error }, 'balance publish failed');
        deliver(memberId);
      });
    },
    subscribe(memberId, listener) {
      let set = listeners.get(memberId);
      if (!set) {
        set = new Set();
        listeners.set(memberId, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(memberId);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(memberId);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      if (subscriber) {
        await ready;
        subscriber.disconnect();
      }
    },
  };
};
