import { describe, expect, it } from 'vitest';
import { createPasswordHasher, createSemaphore } from './passwords';

describe('password hashing', () => {
  const hasher = createPasswordHasher(2);

  it('hashes with argon2id at the OWASP parameters (19 MiB, 2 passes, 1 lane) and a fresh salt each time', async () => {
    const a = await hasher.hash('Demo1234');
    const b = await hasher.hash('Demo1234');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'Demo1234')).toBe(true);
    expect(await hasher.verify(a, 'demo1234')).toBe(false);
  });

  it('answers false, after the same work, for a missing or malformed hash', async () => {
    expect(await hasher.verify(null, 'Demo1234')).toBe(false);
    expect(await hasher.verify('plain-text', 'plain-text')).toBe(false);
    expect(await hasher.verify('$argon2id$broken', 'x')).toBe(false);
  });
});

describe('hash semaphore', () => {
  it('runs at most `limit` tasks at once and every task in the end', async () => {
    const semaphore = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const task = (i: number) =>
      semaphore.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return i;
      });
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => task(i)));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(peak).toBe(2);
    expect(semaphore.active).toBe(0);
  });

  it('releases its slot when a task throws', async () => {
    const semaphore = createSemaphore(1);
    await expect(semaphore.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await semaphore.run(async () => 'next')).toBe('next');
  });

  it('limits real argon2 hashing to one per core by default', async () => {
    const limited = createPasswordHasher(1);
    let peak = 0;
    const watch = setInterval(() => {
      peak = Math.max(peak, limited.semaphore.active);
    }, 1);
    await Promise.all([limited.hash('a1'), limited.hash('b2'), limited.hash('c3')]);
    clearInterval(watch);
    expect(peak).toBeLessThanOrEqual(1);
  });
});
