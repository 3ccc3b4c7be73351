import type { Redis } from 'ioredis';

/**
 * The server's one pub/sub: signals ("this key changed, look again") that reach every node.
 * Publish AFTER the transaction commits. A signal carries no data beyond its key, so a lost or
 * repeated one costs one refetch, never a wrong number.
 *
 * Without Redis a signal stays in this process (delivered on the next microtask: the publisher,
 * a request handler, never runs the listeners itself). With Redis (REDIS_URL) it goes through
 * the channel, so listeners on other nodes hear it too; local listeners are then called once,
 * when the message comes back from Redis. Used by the balance push (wallet) and the jackpot push
 * (games).
 */
export type Signals<K> = {
  publish(key: K): void;
  subscribe(key: K, listener: () => void): () => void;
  close(): Promise<void>;
};

type Log = { warn: (obj: unknown, msg?: string) => void };

export type SignalsOptions<K> = {
  /** The Redis channel, e.g. `khela:balance`. */
  channel: string;
  /** Names the signal in log lines ('balance', 'jackpot'). */
  name: string;
  /** The key as a message, and back; `decode` answers undefined for a message that is no key. */
  encode: (key: K) => string;
  decode: (message: string) => K | undefined;
  redis?: Redis | undefined;
  log?: Log | undefined;
};

export const createSignals = <K>({
  channel,
  name,
  encode,
  decode,
  redis,
  log,
}: SignalsOptions<K>): Signals<K> => {
  const listeners = new Map<K, Set<() => void>>();
  let closed = false;

  const deliver = (key: K) => {
    for (const listener of [...(listeners.get(key) ?? [])]) {
      try {
        listener();
      } catch (error) {
        log?.warn({ err: error, key }, `${name} listener failed`);
      }
    }
  };

  // A subscribed ioredis connection can do nothing else: the subscriber is a copy of the client.
  const subscriber = redis ? redis.duplicate() : undefined;
  let ready: Promise<unknown> | undefined;
  if (subscriber) {
    subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      const key = decode(message);
      if (key !== undefined) deliver(key);
    });
    subscriber.on('error', (error: unknown) => log?.warn({ err: error }, `${name} subscriber error`));
    ready = subscriber.subscribe(channel).catch((error: unknown) => {
      log?.warn({ err: error }, `${name} subscribe failed`);
    });
  }

  return {
    publish(key) {
      if (closed) return;
      if (!redis) {
        queueMicrotask(() => deliver(key));
        return;
      }
      redis.publish(channel, encode(key)).catch((error: unknown) => {
        // Redis is down: the local listeners at least still hear it.
        log?.warn({ err: error }, `${name} publish failed`);
        deliver(key);
      });
    },
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(key);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(key);
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
