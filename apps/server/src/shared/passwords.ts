import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP Password Storage Cheat Sheet, argon2id minimum: m = 19 MiB (19456 KiB), t = 2, p = 1.
 * `algorithm: 2` is `Algorithm.Argon2id` (a const enum, which isolated modules cannot import).
 */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** A counting semaphore: at most `limit` tasks run at once, the rest wait in order. */
export const createSemaphore = (limit: number) => {
  let active = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (active < limit) {
      active += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    run: async <T>(task: () => Promise<T>): Promise<T> => {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
};

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  /** False for a wrong password and for a malformed or missing hash (then a dummy hash is checked, same cost). */
  verify: (passwordHash: string | null, password: string) => Promise<boolean>;
  /** Burns the time of one verification: used when the account does not exist. */
  verifyDummy: (password: string) => Promise<void>;
};

/**
 * argon2id hashing with at most one hash per CPU core at a time, so a burst of logins queues
 * instead of exhausting memory (each hash holds 19 MiB) and the thread pool.
 */
export const createPasswordHasher = (
  concurrency = availableParallelism(),
): PasswordHasher & { semaphore: ReturnType<typeof createSemaphore> } => {
  const semaphore = createSemaphore(Math.max(1, concurrency));
  let dummy: Promise<string> | null = null;
  const dummyHash = () => {
    dummy ??= semaphore.run(() => hash(randomBytes(18).toString('base64url'), ARGON2_OPTIONS));
    return dummy;
  };
  const check = async (passwordHash: string, password: string) => {
    try {
      return await semaphore.run(() => verify(passwordHash, password));
    } catch {
      return false;
    }
  };
  return {
    semaphore,
    hash: (password) => semaphore.run(() => hash(password, ARGON2_OPTIONS)),
    verify: async (passwordHash, password) => {
      if (!passwordHash?.startsWith('$argon2')) {
        await check(await dummyHash(), password);
        return false;
      }
      return check(passwordHash, password);
    },
    verifyDummy: async (password) => {
      await check(await dummyHash(), password);
    },
  };
};
