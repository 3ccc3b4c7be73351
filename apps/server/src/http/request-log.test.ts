import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createRequestIds, lazyChildLogger } from './request-log';

const captured = (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
};

describe('request ids', () => {
  it('are unique within a process and between two processes', () => {
    const first = createRequestIds();
    const second = createRequestIds();
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      ids.add(first());
      ids.add(second());
    }
    expect(ids.size).toBe(2000);
    const [a, b] = [first(), second()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{12}-[0-9a-z]+$/);
    expect(a.split('-')[0]).not.toBe(b.split('-')[0]);
  });
});

describe('the lazy per-request logger', () => {
  it('logs with the request binding at an enabled level', () => {
    const { logger, lines } = captured('info');
    const log = lazyChildLogger(logger, { reqId: 'r-1' });
    log.info({ a: 1 }, 'hello');
    log.debug('not at info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'r-1', a: 1, msg: 'hello', level: 30 });
  });

  it('makes no child logger while nothing is logged at an enabled level', () => {
    const { logger, lines } = captured('warn');
    let children = 0;
    const counting = Object.assign(Object.create(logger), {
      child: (...args: Parameters<typeof logger.child>) => {
        children += 1;
        return logger.child(...args);
      },
    });
    const log = lazyChildLogger(counting, { reqId: 'r-2' });
    log.info('below warn');
    log.debug('below warn');
    expect(children).toBe(0);
    expect(log.level).toBe('warn');
    log.error(new Error('boom'), 'failed');
    expect(children).toBe(1);
    expect(lines[0]).toMatchObject({ reqId: 'r-2', msg: 'failed', level: 50 });
    log.warn('again');
    expect(children).toBe(1);
    expect(lines).toHaveLength(2);
  });
});

describe('the lazy per-request logger over a logger without levels', () => {
  it('passes every call through (Fastify with logging off)', () => {
    const calls: unknown[][] = [];
    const quiet = {
      level: 'silent',
      child: () => quiet,
      info: (...args: unknown[]) => calls.push(args),
      error: () => {},
      warn: () => {},
      debug: () => {},
      fatal: () => {},
      trace: () => {},
      silent: () => {},
    };
    const log = lazyChildLogger(quiet as never, { reqId: 'r-3' });
    log.info('hello');
    expect(calls).toEqual([['hello']]);
  });
});
