/**
 * `npm run crash:cashier`: crash test of the cashier and the ledger (issue 6, ADR 011); a CI step.
 *
 * Builds the server aside (`apps/server/dist/h5-crash/main.js`, so that its npm dependencies
 * resolve as for the real build), starts it as a real process on a fresh database, runs a mixed
 * load of every money-moving call against it — finance adjustments (credit and debit), deposit
 * requests, approvals and rejections, gateway deposits settled by signed webhooks (paid, failed,
 * repeated), withdrawals and every finance action on them (approve, reject, issue, refund after a
 * "not received" with proof, forced receipt), wallet transfers main ↔ vendor wallet
 * (`GCS_walletTransfer`) and transfers to the upline — kills it with SIGKILL at random moments
 * (`--kills`, default 10), restarts it, and replays the last acknowledged calls. At the end it
 * replays EVERY acknowledged idempotent call (each must answer the first result), stops the
 * server, checks in the database that every acknowledged operation is there exactly once (rows,
 * ledger entries, withdrawal events), runs `verifyLedger` and then the `npm run ledger:verify`
 * command itself. PostgreSQL and PGlite run at the same time (one core each on a 2-core machine).
 *
 *   npm run crash:cashier -- [--backend pglite|postgres|both] [--kills 10] [--pg <admin url>]
 *
 * The parts, in `tools/cashier-crash/`: `http.ts` (the server process and calls to it), `setup.ts`
 * (staff, channel, members), `load.ts` with `ops-deposits.ts`, `ops-withdrawals.ts` and
 * `ops-transfers.ts` (the mixed load and what it got acknowledged), `run-backend.ts` (kills,
 * restarts, replays), `verify.ts` (the database checks).
 *
 * Exit code 0 when every backend passed, 1 otherwise; the findings are printed.
 */
import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { runBackend } from './cashier-crash/run-backend';
import type { Backend } from './cashier-crash/verify';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, '.tmp/h5');
// Beside the server's own dist (not .tmp): its npm dependencies resolve from apps/server/node_modules.
const serverFile = join(root, 'apps/server/dist/h5-crash/main.js');

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
};

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<void>((ok, fail) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });

const main = async () => {
  const began = Date.now();
  const which = arg('backend', 'both');
  const kills = Number(arg('kills', '10'));
  const pgAdmin = arg('pg', process.env.CRASH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  await mkdir(outDir, { recursive: true });
  console.log('building the server into apps/server/dist/h5-crash/main.js ...');
  await run(process.execPath, ['apps/server/build.mjs'], { SERVER_OUTFILE: serverFile });

  const backends: (() => Promise<Backend>)[] = [];
  if (which === 'pglite' || which === 'both')
    backends.push(async () => {
      const dir = join(outDir, `crash-pglite-${Date.now()}-${process.pid}`);
      return {
        name: 'pglite',
        env: { DATA_DIR: dir },
        cleanup: () => rm(dir, { recursive: true, force: true }),
      };
    });
  if (which === 'postgres' || which === 'both')
    backends.push(async () => {
      const name = `khela_crash_${Date.now()}_${process.pid}`;
      const admin = new pg.Client({ connectionString: pgAdmin });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(pgAdmin);
      url.pathname = `/${name}`;
      return {
        name: 'postgres',
        env: { DATABASE_URL: url.toString() },
        cleanup: async () => {
          const c = new pg.Client({ connectionString: pgAdmin });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    });

  // Both at once: each server gets about one core of a 2-core machine.
  const results = await Promise.all(
    backends.map(async (make) => {
      const backend = await make();
      try {
        const out = await runBackend(backend, kills, { serverFile, root });
        await backend.cleanup();
        return { backend, ...out };
      } catch (error) {
        // The PGlite folder is kept for a look; a PostgreSQL database is dropped.
        if (backend.name === 'postgres') await backend.cleanup().catch(() => {});
        return {
          backend,
          lines: backend.name === 'pglite' ? [`[pglite] data kept in ${backend.env.DATA_DIR}`] : [],
          findings: [`run failed: ${error instanceof Error ? error.message : String(error)}`],
        };
      }
    }),
  );
  let failed = false;
  for (const { backend, lines, findings } of results) {
    for (const line of lines) console.log(line);
    if (findings.length > 0) {
      failed = true;
      console.log(`[${backend.name}] FAILED:`);
      for (const f of findings.slice(0, 50)) console.log(`  - ${f}`);
    } else {
      console.log(`[${backend.name}] passed: every acknowledged operation present exactly once`);
    }
  }
  console.log(`crash:cashier took ${((Date.now() - began) / 1000).toFixed(1)} s`);
  process.exitCode = failed ? 1 : 0;
};

await main();
