import type { Redis } from 'ioredis';
import { createSignals, type Signals } from '../../shared/pubsub';

/**
 * Jackpot push: "the pool of this merchant fell or was reset" (a jackpot was won, or the back
 * office changed the jackpot). Published AFTER the commit; `/wps/game/jackpot/events` (SSE,
 * routes.ts) tells every open `/rng` counter, which refetches the pool at once, so the counter
 * never shows more than the pool for longer than the push takes. Growth is not pushed: a pool
 * that grows never makes the counter show too much (it climbs toward the last value it read).
 * The signal carries no amount; through the server's one pub/sub (shared/pubsub.ts): in process,
 * or the `khela:jackpot` channel (message: the merchant code) when REDIS_URL is set.
 */
export type JackpotEvents = Signals<string>;

export const JACKPOT_CHANNEL = 'khela:jackpot';

export const createJackpotEvents = ({
  redis,
  log,
}: {
  redis?: Redis | undefined;
  log?: { warn: (obj: unknown, msg?: string) => void };
} = {}): JackpotEvents =>
  createSignals({
    channel: JACKPOT_CHANNEL,
    name: 'jackpot',
    encode: (merchantCode) => merchantCode,
    decode: (message) => (/^[a-z0-9]{1,40}$/.test(message) ? message : undefined),
    redis,
    log,
  });
