import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The processes of a bench run: the built server, the hello-world baseline, and their stopping. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const nodeBin = join(root, 'node_modules', '.bin', 'node');
export const serverMain = join(root, 'apps', 'server', 'dist', 'main.js');

export const log = (message: string) => process.stdout.write(`bench: ${message}\n`);

export const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });

const waitFor = async (url: string, child: ChildProcess, timeoutMs: number) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
};

/** Every process this run started, so that a failure half-way still stops them all. */
export const running = new Set<ChildProcess>();

const track = (child: ChildProcess) => {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
};

/** Stops a process with SIGTERM (SIGKILL after 10 s); answers how it ended and how long that took. */
export const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return { ms: 0, code: child.exitCode, signal: child.signalCode };
  const began = Date.now();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const end = await exited;
  clearTimeout(timer);
  return { ms: Date.now() - began, ...end };
};

type Started = { child: ChildProcess; port: number; startMs: number };

/** Starts the built server on a free port and waits for /healthz; returns the time that took. */
export const startServer = async (dataDir: string): Promise<Started> => {
  const port = await freePort();
  const started = Date.now();
  const child = track(
    spawn(nodeBin, [serverMain], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        KHELA_MODE: 'demo',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  await waitFor(`http://127.0.0.1:${port}/healthz`, child, 120_000);
  return { child, port, startMs: Date.now() - started };
};

export const startHelloWorld = async (): Promise<Started> => {
  const port = await freePort();
  const started = Date.now();
  const child = track(
    spawn(nodeBin, [join(root, 'bench', 'hello-world.mjs')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  await waitFor(`http://127.0.0.1:${port}/`, child, 30_000);
  return { child, port, startMs: Date.now() - started };
};

export const fastifyVersion = () =>
  (
    JSON.parse(readFileSync(join(root, 'node_modules', 'fastify', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

export const runAndRead = (command: string, args: string[]) =>
  new Promise<string>((resolveRun, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', () => resolveRun(out));
  });
