import { describe, expect, it } from 'vitest';
import { createTestApp, json } from './helpers';

/** `*.redis.test.ts`: runs when REDIS_URL is set (CI's second server run). */
describe('/healthz with Redis', () => {
  it('checks Redis when the app has it', async () => {
    const withRedis = await createTestApp({ redis: true });
    try {
      const res = await withRedis.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ status: 'ok', database: withRedis.database.kind, redis: 'ok' });
    } finally {
      await withRedis.close();
    }
  });
});
