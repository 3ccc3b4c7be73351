import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { requestScopedLog } from './request-scope';
import { createServer } from './server';

/**
 * Request ids in module log lines (ADR 047): a module's logger is made once, before any request;
 * a line it writes while serving a request (after awaits, timers, in a child logger of its own)
 * carries that request's id, two requests served at once each their own, and a line written
 * outside any request (a scheduler job) none.
 */
describe('request ids in module log lines', () => {
  it('binds every line a module writes during a request to that request', async () => {
    const raw: string[] = [];
    const stream = { write: (text: string) => void raw.push(text) };
    const { app } = await createServer({
      logLevel: 'info',
      trustProxy: undefined,
      logger: { level: 'info', stream },
    });
    const moduleLog = requestScopedLog(app.log).child({ module: 'wallet' });
    const work = async (tag: string, waitMs: number) => {
      moduleLog.info({ tag }, 'before');
      await sleep(waitMs);
      await Promise.resolve();
      moduleLog.warn({ tag }, 'after');
    };
    app.get('/work/:tag', async (request) => {
      const { tag } = request.params as { tag: string };
      await work(tag, tag === 'slow' ? 30 : 5);
      return { id: request.id };
    });
    const [slow, fast] = await Promise.all([
      app.inject({ method: 'GET', url: '/work/slow' }),
      app.inject({ method: 'GET', url: '/work/fast' }),
    ]);
    moduleLog.info({ tag: 'job' }, 'outside');
    await app.close();

    const lines = raw.map((text) => JSON.parse(text) as Record<string, unknown>);
    const idOf = (res: { body: string }) => (JSON.parse(res.body) as { id: string }).id;
    const moduleLines = lines.filter((l) => l.module === 'wallet');
    const of = (tag: string) => moduleLines.filter((l) => l.tag === tag).map((l) => [l.msg, l.reqId]);
    expect(idOf(slow)).not.toBe(idOf(fast));
    expect(of('slow')).toEqual([
      ['before', idOf(slow)],
      ['after', idOf(slow)],
    ]);
    expect(of('fast')).toEqual([
      ['before', idOf(fast)],
      ['after', idOf(fast)],
    ]);
    expect(of('job')).toEqual([['outside', undefined]]);
    // Each line names the request id once (no second reqId key in the JSON).
    const wallet = raw.filter((text) => text.includes('"module":"wallet"'));
    expect(wallet.map((text) => text.split('"reqId"').length - 1)).toEqual([1, 1, 1, 1, 0]);
  });
});
