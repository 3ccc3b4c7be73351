import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('/media/:id', () => {
  it('reads an image from the database once, then answers it from memory with the same bytes', async () => {
    const row = await t.db
      .selectFrom('media')
      .select(['id', 'mime', 'bytes'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const read = vi.spyOn(t.app.services.site, 'getMedia');
    const first = await t.app.inject({ url: `/media/${row.id}` });
    const second = await t.app.inject({ url: `/media/${row.id}` });
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe(row.mime);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.rawPayload.equals(Buffer.from(row.bytes))).toBe(true);
    }
    expect(read).toHaveBeenCalledTimes(1);

    // An unknown image is looked up each time (a later upload may bring it) and is a 404.
    expect((await t.app.inject({ url: '/media/no-such-image' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/no-such-image' })).statusCode).toBe(404);
    expect(read).toHaveBeenCalledTimes(3);
    read.mockRestore();
  });
});
