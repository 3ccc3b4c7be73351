import { describe, expect, it } from 'vitest';
import { createServer } from './server';
import { SERVING_MARK, shortLogLine, shortLogStream } from './short-log';

const at = Date.UTC(2026, 10, 27, 9, 5, 7);

describe("the demo's short log", () => {
  it('turns a pino JSON line into time, level and message', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'x',
      msg: 'GET / 200 3 ms',
    });
    expect(shortLogLine(line)).toBe('09:05:07 info  GET / 200 3 ms [req x]');
    const failed = JSON.stringify({
      level: 50,
      time: at,
      msg: 'boom',
      err: { message: 'bad', stack: 'Error: bad' },
    });
    expect(shortLogLine(failed)).toBe('09:05:07 error boom — Error: bad');
    expect(shortLogLine('not json\n')).toBe('not json');
  });

  it('makes the serving line stand out on a terminal only', () => {
    const serving = JSON.stringify({
      level: 30,
      time: at,
      msg: 'Khela is serving on x',
      [SERVING_MARK]: true,
    });
    expect(shortLogLine(serving, true)).toBe(
      '\u001b[1m\u001b[32m09:05:07 info  Khela is serving on x\u001b[0m',
    );
    expect(shortLogLine(serving, false)).toBe('09:05:07 info  Khela is serving on x');
  });

  it('writes one line per answered request, none when it comes in', async () => {
    const written: string[] = [];
    const stream = shortLogStream({ write: (text: string) => written.push(text) });
    const { app } = await createServer({
      logLevel: 'info',
      trustProxy: undefined,
      logger: { level: 'info', stream },
      shortRequestLines: true,
    });
    app.get('/hello', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/hello?x=1' });
    await app.close();
    const requestLines = written.filter((line) => line.includes('/hello'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/^\d\d:\d\d:\d\d info {2}GET \/hello\?x=1 200 \d+ ms \[req [\w-]+\]\n$/);
    expect(written.some((line) => line.startsWith('{'))).toBe(false);
  });
});
