import type { FastifyReply, FastifyRequest } from 'fastify';
import { QuietRoutesLogController } from './request-log';

/**
 * The demo's log: one short line per request (`GET /wps/system/status 200 3 ms [req <id>]`) and
 * every other line as `time level message`, with the request id when written while serving one, instead of pino's JSON (production keeps JSON). The "serving on"
 * line stands out (bold green on a terminal).
 */

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

const ANSI = {
  bold: '\u001b[1m',
  green: '\u001b[32m',
  red: '\u001b[31m',
  yellow: '\u001b[33m',
  off: '\u001b[0m',
};

/** Marks the message that says where the server listens (main.ts), so the short log makes it stand out. */
export const SERVING_MARK = 'serving';

const time = (ms: unknown) => {
  const date = new Date(typeof ms === 'number' ? ms : Date.now());
  return date.toISOString().slice(11, 19);
};

/** One JSON line of pino as one short human line (no trailing newline). */
export const shortLogLine = (json: string, colour = false): string => {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const level = LEVEL_NAMES[entry.level as number] ?? String(entry.level);
  const message = String(entry.msg ?? '');
  const error = entry.err as { message?: string; stack?: string } | undefined;
  const detail = error ? ` — ${error.stack ?? error.message ?? ''}` : '';
  // The request id on every line written while serving a request (ADR 047), at the end.
  const request = typeof entry.reqId === 'string' ? ` [req ${entry.reqId}]` : '';
  const text = `${time(entry.time)} ${level.padEnd(5)} ${message}${detail}${request}`;
  if (!colour) return text;
  if (entry[SERVING_MARK] === true) return `${ANSI.bold}${ANSI.green}${text}${ANSI.off}`;
  if (level === 'error' || level === 'fatal') return `${ANSI.red}${text}${ANSI.off}`;
  if (level === 'warn') return `${ANSI.yellow}${text}${ANSI.off}`;
  return text;
};

/** A pino destination writing short lines to `out` (colours when it is a terminal). */
export const shortLogStream = (
  out: NodeJS.WriteStream | { write(text: string): unknown; isTTY?: boolean },
) => ({
  write(json: string) {
    out.write(`${shortLogLine(json, out.isTTY === true)}\n`);
  },
});

/**
 * The request lines of the demo: nothing when a request comes in, one line when it is answered
 * (method, URL, status, milliseconds); the hot routes stay quiet as in production.
 */
export class ShortRequestLogController extends QuietRoutesLogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
