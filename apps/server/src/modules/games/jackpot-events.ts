import type { Redis } from 'ioredis';

/**
 * Jackpot push: "the pool of this merchant fell or was reset" (a jackpot was won, or the back
 * office changed the jackpot). Published AFTER the commit; `/wps/game/jackpot/events` (SSE,
 * routes.ts) tells every open `/rng` counter, which refetches the pool at once, so the counter
 * never shows more than the pool for longer than the push takes. Growth is not pushed: a pool
 * that grows never makes the counter show too much (it climbs toward the last value it read).
 *
 * The signal carries no amount (the counter refetches `VIS_getJackpot`). Without Redis it stays
 * in this process; with Redis it goes through the `khela:jackpot` channel (message: the merchant
 * code), as the balance push does (wallet/events.ts).
 */
export type JackpotEvents = {
  publish(merchantCode: string): void;
  subscribe(merchantCode: string, listener: () => void): () => void;
  close(): Promise<void>;
};

export const JACKPOT_CHANNEL = 'khela:jackpot';

type Log = { warn: (obj: unknown, msg?: string) => void };

export const createJackpotEvents = ({
  redis,
  log,
}: {
  redis?: Redis | undefined;
  log?: Log;
} = {}): JackpotEvents => {
  const listeners = new Map<string, Set<() => void>>();
  let closed = false;

  const deliver = (merchantCode: string) => {
    for (const listener of [...(listeners.get(merchantCode) ?? [])]) {
      try {
        listener();
      } catch (error) {
        log?.warn({ err: error, merchantCode }, 'jackpot listener failed');
      }
    }
  };

  const subscriber = redis ? redis.duplicate() : undefined;
  let ready: Promise<unknown> | undefined;
  if (subscriber) {
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === JACKPOT_CHANNEL && /^[a-z0-9]{1,40}$/.test(message)) deliver(message);
    });
    subscriber.on('error', (error: unknown) => log?.warn({ err: error }, 'jackpot subscriber error'));
    ready = subscriber.subscribe(JACKPOT_CHANNEL).catch((error: unknown) => {
      log?.warn({ err: error }, 'jackpot subscribe failed');
    });
  }

  return {
    publish(merchantCode) {
      if (closed) return;
      if (!redis) {
        queueMicrotask(() => deliver(merchantCode));
        return;
      }
      redis.publish(JACKPOT_CHANNEL, merchantCode).catch((error: unknown) => {
        log?.warn({ err: error }, 'jackpot publish failed');
        deliver(merchantCode);
      });
    },
    subscribe(merchantCode, listener) {
      let set = listeners.get(merchantCode);
      if (!set) {
        set = new Set();
        listeners.set(merchantCode, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(merchantCode);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(merchantCode);
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
