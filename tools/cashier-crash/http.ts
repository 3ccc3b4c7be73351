import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { processCpu } from '../proc-cpu';

/** The built server as a real process of its own (started again after each SIGKILL), and calls to it. */
export const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });

export class Server {
  child: ChildProcess | undefined;
  readonly startMs: number[] = [];
  /** CPU seconds each start took until it answered /healthz: what a start costs, whatever the load. */
  readonly startCpu: number[] = [];
  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
    /** The built server's main file. */
    readonly serverFile: string,
    /** The folder the server runs in (the repository). */
    readonly cwd: string,
  ) {}
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    // Nothing of the caller's shell decides the database or Redis: only this backend's env.
    const { DATABASE_URL: _d, REDIS_URL: _r, DATA_DIR: _dd, ...inherited } = process.env;
    const child = spawn(process.execPath, [this.serverFile], {
      cwd: this.cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...inherited,
        KHELA_MODE: 'demo',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'error',
        KHELA_SCHEDULER: 'off',
        ...this.env,
      },
    });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr = (stderr + String(d)).slice(-4000);
    });
    this.child = child;
    const startedAt = Date.now();
    const deadline = startedAt + 180_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`server exited ${child.exitCode} while starting:\n${stderr}`);
      try {
        const res = await fetch(`${this.base}/healthz`);
        if (res.ok) {
          this.startMs.push(Date.now() - startedAt);
          const cpu = child.pid === undefined ? null : await processCpu(child.pid);
          if (cpu) this.startCpu.push(cpu.ms / 1000);
          return;
        }
      } catch {
        // not up yet
      }
      await sleep(50);
    }
    throw new Error(`server did not start within 180 s (restart ${this.startMs.length}):\n${stderr}`);
  }
  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((ok) => child.once('exit', ok));
    child.kill(signal);
    await exited;
  }
}

export type Call = { ok: boolean; status: number; body: Record<string, unknown> | null; raw?: string };

export const call = async (
  server: Server,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Call> => {
  try {
    const isRaw = typeof body === 'string' || body instanceof FormData;
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: body instanceof FormData ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: isRaw ? (body as string | FormData) : JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = null;
    }
    return { ok: res.ok && parsed?.success === true, status: res.status, body: parsed };
  } catch {
    // Connection refused or reset (the server was killed): not acknowledged.
    return { ok: false, status: 0, body: null };
  }
};

export const valueFrom = (c: Call) => (c.body?.value ?? {}) as Record<string, unknown>;
