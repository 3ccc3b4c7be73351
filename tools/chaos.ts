/**
 * `npm run chaos [-- --nodes 3 --port 8490 --base-port 8491 --no-build --keep]` (issue 23, ADR 047):
 * the short chaos test of the cluster, run by hand (not in `.ci/run`: the CI budget).
 *
 * Three built nodes on a fresh PostgreSQL database and Redis with nginx in front (the cluster of
 * `npm run cluster`), the cashier crash test's mixed money load through nginx (adjustments,
 * deposits and their decisions, gateway webhooks, withdrawals and every finance action, wallet
 * transfers, transfers to the upline; tools/cashier-crash), node 2 SIGKILLed in the middle of it
 * while the load goes on through the others, restarted, more load; then every acknowledged
 * idempotent call replayed (each must answer its first result), the cluster stopped, and the
 * database checked: every acknowledged operation there exactly once, `verifyLedger` and
 * `npm run ledger:verify` clean, and every periodic job's period recorded once in `job_run`.
 * Exit code 0 when it passed.
 */

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Server } from './cashier-crash/http';
import { createLoad } from './cashier-crash/load';
import { setUp } from './cashier-crash/setup';
import { verifyDatabase } from './cashier-crash/verify';
import { createCluster, dropDatabase, ensureDatabase } from './cluster/nodes';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '3' },
    port: { type: 'string', default: '8490' },
    'base-port': { type: 'string', default: '8491' },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const WORKERS = 6;
const listenPort = Number(values.port);
const databaseUrl = `postgres://postgres@127.0.0.1:5432/khela_chaos_${randomBytes(4).toString('hex')}`;
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const say = (line: string) => console.log(`chaos: ${line}`);

const main = async () => {
  const began = Date.now();
  spawnSync(process.execPath, ['scripts/ensure-nginx.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (!values['no-build']) spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  await ensureDatabase(databaseUrl);
  const errors: string[] = [];
  const cluster = createCluster({
    root: ROOT,
    nodes: Number(values.nodes),
    listenPort,
    basePort: Number(values['base-port']),
    databaseUrl,
    redisUrl,
    env: { SERVE_WEB: 'false', LOG_LEVEL: 'warn', KHELA_MODE: 'demo' },
    onLine: (node, line) => {
      if (/error|fatal/i.test(line)) errors.push(`[${node}] ${line}`);
    },
  });
  const findings: string[] = [];
  try {
    await cluster.start();
    say(
      `${cluster.ports.length} nodes and nginx up on ${databaseUrl} (${((Date.now() - began) / 1000).toFixed(0)} s)`,
    );
    const server = new Server(listenPort, {}, '', ROOT);
    const setup = await setUp(server);
    const load = createLoad(server, setup);
    let stop = false;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stop) await load.one();
    });
    const waitAcked = async (n: number, maxMs: number) => {
      const target = load.acknowledged() + n;
      const until = Date.now() + maxMs;
      while (load.acknowledged() < target && Date.now() < until) await sleep(50);
    };
    await waitAcked(60, 30_000);
    const atKill = load.acknowledged();
    await cluster.stopNode(1, 'SIGKILL');
    say(`SIGKILL node 2 after ${atKill} acknowledged calls; the load goes on through nginx`);
    await waitAcked(60, 30_000);
    const restartAt = Date.now();
    await cluster.startNode(1);
    say(
      `node 2 restarted in ${((Date.now() - restartAt) / 1000).toFixed(1)} s; ${load.acknowledged()} acknowledged`,
    );
    await waitAcked(60, 30_000);
    stop = true;
    await Promise.all(workers);
    // Every acknowledged idempotent call once more: the first answer, nothing new.
    const all = [...load.replays];
    let replayed = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        for (let r = all.shift(); r; r = all.shift()) {
          replayed += 1;
          const problem = await load.replay(r);
          if (problem) findings.push(`replay: ${problem}`);
        }
      }),
    );
    await cluster.stop();
    const verified = await verifyDatabase(
      { name: 'postgres', env: { DATABASE_URL: databaseUrl }, cleanup: async () => {} },
      load.checks,
      ROOT,
    );
    findings.push(...verified.findings);
    // Periodic jobs: one row per (job, period), never two.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const jobs = await client.query<{ job: string; periods: string; rows: string }>(
      'SELECT job, count(DISTINCT period_start)::text AS periods, count(*)::text AS rows FROM job_run GROUP BY job ORDER BY job',
    );
    await client.end();
    for (const j of jobs.rows)
      if (j.periods !== j.rows) findings.push(`job ${j.job}: ${j.rows} rows for ${j.periods} periods`);
    const { sentBy, ackedBy, refused } = load.counts;
    const total = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
    say(
      `calls sent ${total(sentBy)}, acknowledged ${total(ackedBy)}, refused (business answers) ${total(refused)}`,
    );
    say(`${load.checks.length} acknowledged operations checked, ${replayed} replays`);
    say(
      `ledger ${verified.report.ok ? 'verifies' : 'FAILS'} (${verified.report.counts.entries} entries); ${verified.cliLine}`,
    );
    say(`job_run: ${jobs.rows.map((j) => `${j.job} ${j.periods}`).join(', ') || 'no periods yet'}`);
  } catch (error) {
    findings.push(`run: ${error instanceof Error ? error.message : String(error)}`);
    await cluster.stop();
  }
  if (!values.keep) await dropDatabase(databaseUrl);
  if (errors.length > 0)
    say(
      `server error lines (the killed node's peers may log its lost connections):\n  ${errors.slice(0, 10).join('\n  ')}`,
    );
  say(`took ${((Date.now() - began) / 1000).toFixed(0)} s`);
  if (findings.length > 0) {
    say(`FAILED:\n  ${findings.join('\n  ')}`);
    return 1;
  }
  say('passed: 0 acknowledged operations lost or doubled, ledger verifies');
  return 0;
};

process.exitCode = await main();
