import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

/**
 * Request ids in every log line (issue 23, ADR 047). Modules get one logger when they are created,
 * long before any request; Fastify's per-request logger (`request.log`, bound to the request id)
 * exists only inside a handler. The request's logger is kept in an AsyncLocalStorage for the
 * whole life of the request (hooks, handler, every promise they start), and the modules' logger
 * (`requestScopedLog`) writes through it when there is one: a module's line written while serving
 * a request carries that request's `reqId`; a scheduler job's line carries none.
 */
const current = new AsyncLocalStorage<FastifyBaseLogger>();

/** Runs every later hook and the handler of each request inside its logger's scope. */
export const installRequestScope = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run(request.log, done);
  });
};

/** The logger of the request being served, if any (tests; code that wants the id itself). */
export const currentRequestLog = () => current.getStore();

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

class RequestScopedLogger {
  /** The module-wide logger with no bindings of this chain. */
  readonly #root: FastifyBaseLogger;
  /** `#root` with this chain's bindings: where lines go outside a request. */
  readonly #base: FastifyBaseLogger;
  readonly #bindings: Bindings | undefined;
  readonly #options: ChildLoggerOptions | undefined;

  constructor(root: FastifyBaseLogger, bindings?: Bindings, options?: ChildLoggerOptions) {
    this.#root = root;
    this.#base = bindings ? root.child(bindings, options) : root;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The request's logger (with this chain's bindings) inside a request, else the base. */
  #target(): FastifyBaseLogger {
    const request = current.getStore();
    if (!request) return this.#base;
    return this.#bindings ? request.child(this.#bindings, this.#options) : request;
  }

  get level() {
    return this.#base.level;
  }

  set level(value: string) {
    this.#base.level = value;
  }

  isLevelEnabled(level: string) {
    // Fastify's stand-in logger (logging off) has no isLevelEnabled: then every call goes through.
    const logger = this.#base as Partial<Pick<Logger, 'isLevelEnabled'>>;
    return logger.isLevelEnabled ? logger.isLevelEnabled(level) : true;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return new RequestScopedLogger(
      this.#root,
      { ...this.#bindings, ...bindings },
      options ?? this.#options,
    ) as unknown as FastifyBaseLogger;
  }

  silent() {}
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }

  #write(level: (typeof LEVELS)[number], args: unknown[]) {
    if (!this.isLevelEnabled(level)) return;
    (this.#target()[level] as (...a: unknown[]) => void)(...args);
  }
}

/** A logger for modules: writes through the current request's logger (its `reqId`) when there is one. */
export const requestScopedLog = (base: FastifyBaseLogger): FastifyBaseLogger =>
  new RequestScopedLogger(base) as unknown as FastifyBaseLogger;
