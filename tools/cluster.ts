/**
 * `npm run cluster [-- --nodes 3 --port 8080 --base-port 8101 --no-build]` (issue 23, ADR 047):
 * the built server as several nodes on this machine's PostgreSQL and Redis, with Debian's nginx
 * in front.
 *
 * - Builds what changed (`npm run build`), installs nginx with apt-get when it is missing
 *   (scripts/ensure-nginx.mjs, as Chromium is installed for the journeys).
 * - Database `CLUSTER_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/khela_cluster,
 *   created when missing), Redis `CLUSTER_REDIS_URL` (default redis://127.0.0.1:6379).
 * - Node 1 starts first (it migrates and seeds the demo brand), then the others; each on its own
 *   port, `TRUST_PROXY=loopback`, the scheduler on in every node (periodic jobs run once per
 *   period across them: `job_run`).
 * - nginx's configuration is generated into a temporary folder (tools/cluster/nginx-conf.ts) and
 *   nginx runs in the foreground from there; the site is on http://localhost:<port>.
 * - Ctrl-C (or SIGTERM): SIGTERM to every node (each drains: finishes its requests, stops its
 *   jobs, closes its sockets), SIGQUIT to nginx (graceful), then the folder is removed.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCluster, ensureDatabase } from './cluster/nodes';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.CLUSTER_PORT ?? '8080' },
    'base-port': { type: 'string', default: '8101' },
    'no-build': { type: 'boolean', default: false },
  },
});
const nodes = Number(values.nodes);
const databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/khela_cluster';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
};

const cluster = createCluster({
  root: ROOT,
  nodes,
  listenPort: Number(values.port),
  basePort: Number(values['base-port']),
  databaseUrl,
  redisUrl,
});

let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= (async () => {
    cluster.say('stopping: SIGTERM to the nodes (they drain), SIGQUIT to nginx');
    await cluster.stop();
    cluster.say('stopped');
  })();
  return stopping;
};

const main = async () => {
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 16) throw new Error('--nodes: 1 to 16');
  run(process.execPath, ['scripts/ensure-nginx.mjs']);
  if (!values['no-build']) run('npm', ['run', 'build']);
  if (await ensureDatabase(databaseUrl)) cluster.say(`created database ${databaseUrl}`);
  await cluster.start();
  cluster.say(`${nodes} nodes (${cluster.ports.join(', ')}) on ${databaseUrl} and ${redisUrl}`);
  cluster.say(
    `serving on http://localhost:${values.port} through nginx (config ${cluster.dir}/nginx.conf); Ctrl-C stops all`,
  );
};

process.on('SIGINT', () => void stop().then(() => process.exit(0)));
process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
main().catch(async (error: unknown) => {
  console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
  await stop();
  process.exit(1);
});
