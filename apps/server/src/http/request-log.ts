import { randomBytes } from 'node:crypto';
import {
  type FastifyBaseLogger,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

/**
 * Request ids: a random prefix drawn once per process (72 bits) and a counter. They end up in
 * audit rows, so they must stay unique across restarts and nodes, which the random prefix gives;
 * drawing a UUID per request cost about 6 % of a hot route's throughput.
 */
export const createRequestIds = () => {
  const prefix = randomBytes(9).toString('base64url');
  let next = 0;
  return () => {
    next += 1;
    return `${prefix}-${next.toString(36)}`;
  };
};

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];

/**
 * The per-request logger, made only when the request logs something. Fastify asks for a child
 * logger (bound to the request id) on every request; pino builds one eagerly, which cost a hot
 * route a few percent although most requests never log a line at the configured level.
 */
class LazyChildLogger {
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  #options: ChildLoggerOptions | undefined;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options?: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level() {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(value: string) {
    this.#real.level = value;
  }

  isLevelEnabled(level: string) {
    // Fastify's stand-in logger (logging off) has no isLevelEnabled: then every call goes through.
    const logger = (this.#child ?? this.#parent) as Partial<Pick<Logger, 'isLevelEnabled'>>;
    return logger.isLevelEnabled ? logger.isLevelEnabled(level) : true;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real.child(bindings, options);
  }

  // Methods on the prototype, not per-instance closures: one small object per request.
  silent() {}
  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }

  #log(level: Level, args: unknown[]) {
    if (!this.isLevelEnabled(level)) return;
    (this.#real[level] as (...a: unknown[]) => void)(...args);
  }
}

/** A `LazyChildLogger` bound to `bindings` (Fastify's `childLoggerFactory`, below). */
export const lazyChildLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options?: ChildLoggerOptions,
): FastifyBaseLogger => new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

/** Fastify's `childLoggerFactory` returning a `LazyChildLogger`. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => lazyChildLogger(logger, bindings, options);

/**
 * Fastify's per-request log lines ("incoming request", "request completed"), left out on the hot
 * routes registered with `quietLog` (route.ts; app.ts collects their paths). At `info` those two
 * lines cost a route answering from memory more than the answer itself. Errors are still logged:
 * the app's error handler writes every 5xx with its request id.
 */
export class QuietRoutesLogController extends LogController {
  // A handful of paths: a scan with startsWith is cheaper than cutting the query off every URL.
  readonly #paths: string[] = [];

  /** Leaves out the request lines of calls to this path (any query string). */
  quiet(path: string) {
    if (!this.#paths.includes(path)) this.#paths.push(path);
  }

  override isLogDisabled(request: FastifyRequest) {
    const url = request.url;
    for (const path of this.#paths) {
      // The path itself, or followed by its query string ("?" is 63).
      if (url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 63))
        return true;
    }
    return false;
  }
}
