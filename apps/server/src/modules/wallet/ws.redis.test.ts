import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createBalanceEvents } from './events';

/** `*.redis.test.ts`: runs when REDIS_URL is set (CI's second server run). */
describe('balance events across nodes (Redis pub/sub)', () => {
  it('a publish on one node reaches the listeners on another, once', async () => {
    const url = process.env.REDIS_URL as string;
    const clientA = new Redis(url, { lazyConnect: true });
    const clientB = new Redis(url, { lazyConnect: true });
    await Promise.all([clientA.connect(), clientB.connect()]);
    const nodeA = createBalanceEvents({ redis: clientA });
    const nodeB = createBalanceEvents({ redis: clientB });
    try {
      const memberId = 900_000 + (process.pid % 1000);
      const heardB: number[] = [];
      const heardA: number[] = [];
      nodeB.subscribe(memberId, () => heardB.push(memberId));
      nodeA.subscribe(memberId, () => heardA.push(memberId));
      // Subscriptions are confirmed asynchronously: publish until B hears, then count.
      for (let i = 0; i < 50 && heardB.length === 0; i++) {
        nodeA.publish(memberId);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(heardB.length).toBeGreaterThan(0);
      const [a0, b0] = [heardA.length, heardB.length];
      nodeA.publish(memberId);
      await new Promise((r) => setTimeout(r, 200));
      expect(heardB.length - b0).toBe(1);
      expect(heardA.length - a0).toBe(1);
    } finally {
      await nodeA.close();
      await nodeB.close();
      clientA.disconnect();
      clientB.disconnect();
    }
  });
});
