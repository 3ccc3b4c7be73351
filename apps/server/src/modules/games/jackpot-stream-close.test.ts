import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';

/**
 * A server with open jackpot streams (any /rng page) still shuts down: the streams are ended
 * before the server waits for its connections, so the database gets its clean close (PGlite's
 * checkpoint) instead of the process being killed after the grace period.
 */
describe('shutdown with open jackpot streams', () => {
  it('ends every open stream and closes', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const readers = await Promise.all(
        [1, 2].map(async () => {
          const res = await fetch(`${address}/wps/game/jackpot/events?merchant=khelabd`);
          expect(res.headers.get('content-type')).toContain('text/event-stream');
          const reader = res.body?.getReader();
          if (!reader) throw new Error('no stream');
          const first = await reader.read();
          expect(new TextDecoder().decode(first.value)).toContain('retry: 5000');
          return reader;
        }),
      );
      // Without the streams ended first, this never resolves (the test's time-out fails it).
      await t.app.close();
      closed = true;
      for (const reader of readers) {
        for (;;) {
          const { done } = await reader.read();
          if (done) break;
        }
      }
    } finally {
      if (!closed) await t.app.close();
      await t.close();
    }
  });
});
