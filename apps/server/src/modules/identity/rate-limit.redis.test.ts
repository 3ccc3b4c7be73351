import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { type App, buildApp } from '../../app';
import { LOGINS_PER_MINUTE } from './routes';

const redisUrl = process.env.REDIS_URL as string;

/** Two server nodes share one login budget per IP through Redis (`*.redis.test.ts`: runs when REDIS_URL is set, as in CI). */
describe('login rate limit through Redis', () => {
  let database: TestDatabase;
  let redis: Redis;
  let nodes: App[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('demo');
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    const config = { LOG_LEVEL: 'silent' as const, TRUST_PROXY: undefined, BLOCKED_COUNTRIES: undefined };
    nodes = [await buildApp({ config, database, redis }), await buildApp({ config, database, redis })];
  });

  afterAll(async () => {
    for (const node of nodes) await node.close();
    redis?.disconnect();
    await database?.close();
  });

  it('counts calls on either node against the same per-IP budget', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i <= LOGINS_PER_MINUTE; i += 1) {
      const node = nodes[i % 2] as App;
      const res = await node.inject({
        method: 'POST',
        url: '/wps/session/login',
        remoteAddress: ip,
        payload: {},
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGINS_PER_MINUTE).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await redis.keys(`khela:rl:*login:${ip}`)).toHaveLength(1);
  });
});
