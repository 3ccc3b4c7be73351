import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { nginxConf } from './nginx-conf';

/**
 * N built server nodes on one PostgreSQL and Redis with nginx in front (issue 23, ADR 047):
 * what `npm run cluster` runs and `npm run chaos` kills nodes of.
 */
export type ClusterOptions = {
  root: string;
  nodes: number;
  listenPort: number;
  basePort: number;
  databaseUrl: string;
  redisUrl: string;
  /** Extra environment of every node. */
  env?: Record<string, string>;
  /** Each line a node writes (default: printed with the node's name). */
  onLine?: (node: string, line: string) => void;
};

const say = (line: string) => console.log(`cluster: ${line}`);

/** Creates the database of the URL when it does not exist yet; answers whether it did. */
export const ensureDatabase = async (databaseUrl: string) => {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) return false;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } finally {
    await client.end();
  }
};

export const dropDatabase = async (databaseUrl: string) => {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
};

const isUp = (url: string) =>
  fetch(url).then(
    (res) => res.ok,
    () => false,
  );

export const createCluster = (o: ClusterOptions) => {
  const nodes: (ChildProcess | undefined)[] = Array.from({ length: o.nodes }, () => undefined);
  let nginx: ChildProcess | undefined;
  let dir = '';
  const ports = Array.from({ length: o.nodes }, (_, i) => o.basePort + i);

  const waitReady = async (port: number, child: ChildProcess, timeoutMs = 180_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`node on ${port} exited (${child.exitCode ?? child.signalCode})`);
      if (await isUp(`http://127.0.0.1:${port}/readyz`)) return;
      if (Date.now() > deadline) throw new Error(`node on ${port} not ready after ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 300));
    }
  };

  /** Starts node `index` (0-based) and waits until it is ready. */
  const startNode = async (index: number) => {
    const port = ports[index] as number;
    const child = spawn(process.execPath, [join(o.root, 'apps/server/dist/main.js')], {
      cwd: o.root,
      env: {
        ...process.env,
        KHELA_MODE: process.env.KHELA_MODE ?? 'demo',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: o.databaseUrl,
        REDIS_URL: o.redisUrl,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${o.listenPort}`,
        TRUST_PROXY: 'loopback',
        ...o.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own: a terminal's Ctrl-C reaches only the cluster command, which
      // then sends each node one SIGTERM (a second signal would make a node exit at once).
      detached: true,
    });
    const name = `node${index + 1}:${port}`;
    const onLine = o.onLine ?? ((node: string, line: string) => process.stdout.write(`[${node}] ${line}\n`));
    for (const stream of [child.stdout, child.stderr])
      stream?.setEncoding('utf8').on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) if (line) onLine(name, line);
      });
    nodes[index] = child;
    await waitReady(port, child);
  };

  const alive = (child: ChildProcess | undefined): child is ChildProcess =>
    child !== undefined && child.exitCode === null && child.signalCode === null;

  const signal = async (child: ChildProcess | undefined, sig: NodeJS.Signals, killAfterMs = 15_000) => {
    if (!alive(child)) return;
    const exited = once(child, 'exit');
    child.kill(sig);
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    await exited;
    clearTimeout(timer);
  };

  return {
    ports,
    get dir() {
      return dir;
    },
    /** Node 1 first (it migrates and seeds), then the others, then nginx; answers when all serve. */
    async start() {
      dir = await mkdtemp(join(tmpdir(), 'khela-cluster-'));
      // nginx's workers (www-data when run as root) create their temporary folders under it.
      await chmod(dir, 0o755);
      const isRoot = process.getuid?.() === 0;
      await writeFile(
        join(dir, 'nginx.conf'),
        nginxConf({
          dir,
          listenPort: o.listenPort,
          nodePorts: ports,
          ...(isRoot ? { user: 'www-data' } : {}),
        }),
      );
      await startNode(0);
      await Promise.all(ports.slice(1).map((_, i) => startNode(i + 1)));
      nginx = spawn(
        'nginx',
        ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
        { stdio: 'inherit', detached: true },
      );
      for (;;) {
        if (!alive(nginx)) throw new Error(`nginx exited; see ${dir}/error.log`);
        if (await isUp(`http://127.0.0.1:${o.listenPort}/readyz`)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    startNode,
    /** Sends `sig` to node `index` and waits for it to exit. */
    stopNode: (index: number, sig: NodeJS.Signals) => signal(nodes[index], sig),
    /** SIGTERM to every node (each drains), SIGQUIT to nginx (graceful); the folder removed. */
    async stop() {
      await Promise.all([...nodes.map((child) => signal(child, 'SIGTERM')), signal(nginx, 'SIGQUIT')]);
      if (dir) await rm(dir, { recursive: true, force: true });
    },
    say,
  };
};
