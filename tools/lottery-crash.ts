/**
 * `npm run crash:lottery`: crash test of lottery settlement (issue 17, ADR 031); a CI step.
 *
 * Per backend, on a fresh database: `tools/lottery-crash/worker.ts setup` (a real process running
 * the lottery module through `buildApp`) migrates, seeds and places `--bets` bets (default 1500)
 * of several types on the open issues of Q3D, F5D and P4; then `worker.ts settle`, by a clock two
 * hours later, voids the P4 issue (refunds), draws every due issue and settles each drawn one.
 * That process is SIGKILLed `--kills` times (default 3) at random moments — after a random one of
 * its first progress lines (ready, voided, drawn, settled …) plus 0–250 ms, so the kills land in
 * the refunds, the draws and the settlement transactions — and restarted each time; the last
 * run finishes. Then `tools/lottery-crash/verify.ts` checks that every bet was settled exactly
 * once as `@khela/fair` evaluates it (payout credited once), voided bets refunded once, balances
 * match the model and the ledger verifies. PGlite and PostgreSQL run at the same time.
 *
 *   npm run crash:lottery -- [--backend pglite|postgres|both] [--kills 3] [--bets 1500] [--pg <admin url>]
 *
 * Prints `[pglite] passed: …` or `[postgres] FAILED:` and the findings; exit code 1 on a failure.
 */

import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database';
import { verifySettlement } from './lottery-crash/verify';
import type { CrashState } from './lottery-crash/worker';

const root = resolve(import.meta.dirname, '..');
const workerFile = join(root, 'tools/lottery-crash/worker.ts');
const outDir = join(root, '.tmp/lottery-crash');

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
};

type Backend = { name: 'pglite' | 'postgres'; env: Record<string, string>; cleanup: () => Promise<void> };

/** Runs the worker; with `killAfter`, SIGKILLs it once that many progress lines were seen plus a delay. */
const runWorker = (backend: Backend, args: string[], killAfter?: { lines: number; delayMs: number }) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null; lines: string[]; killed: boolean }>(
    (ok, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', workerFile, ...args], {
        cwd: root,
        env: { ...process.env, ...backend.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: string[] = [];
      let errors = '';
      let killed = false;
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const parts = buffer.split('\n');
        buffer = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          if (killAfter && lines.length === killAfter.lines && line !== 'done')
            setTimeout(() => {
              if (child.exitCode === null && !lines.includes('done')) {
                killed = true;
                child.kill('SIGKILL');
              }
            }, killAfter.delayMs);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
      });
      child.on('error', fail);
      child.on('exit', (code, signal) => {
        if (buffer) lines.push(buffer);
        if (!killed && code !== 0)
          fail(
            new Error(
              `worker ${args[0]} exited ${code ?? signal}: ${errors.split('\n').slice(-8).join(' | ')}`,
            ),
          );
        else ok({ code, signal, lines, killed });
      });
    },
  );

const runBackend = async (backend: Backend, kills: number, bets: number) => {
  const log = (line: string) => console.log(`[${backend.name}] ${line}`);
  const stateFile = join(outDir, `state-${backend.name}-${process.pid}.json`);
  await runWorker(backend, ['setup', stateFile, String(bets)]);
  log(`placed ${bets} bets`);
  let landed = 0;
  for (let attempt = 0; landed < kills && attempt < kills * 3; attempt++) {
    const killAfter = { lines: 1 + randomInt(0, 4), delayMs: randomInt(0, 251) };
    const run = await runWorker(backend, ['settle', stateFile], killAfter);
    if (run.killed) {
      landed += 1;
      log(`SIGKILL ${landed} after "${run.lines.at(-1) ?? '(start)'}" + ${killAfter.delayMs} ms`);
    } else {
      log('a settlement run finished before its kill; the next runs have less to do');
      break;
    }
  }
  const last = await runWorker(backend, ['settle', stateFile]);
  log(
    `last run: ${last.lines.filter((l) => l.startsWith('settled') || l.startsWith('voided')).join('; ') || 'nothing left'}`,
  );
  const state = JSON.parse(await readFile(stateFile, 'utf8')) as CrashState;
  const database = await openDatabase(
    backend.env.DATABASE_URL
      ? { kind: 'postgres', url: backend.env.DATABASE_URL, poolSize: 2 }
      : { kind: 'pglite', dataDir: backend.env.DATA_DIR as string },
  );
  try {
    const verdict = await verifySettlement(database.db, state);
    if (landed === 0) verdict.findings.push('no SIGKILL landed during settlement');
    return { ...verdict, kills: landed };
  } finally {
    await database.close();
    await rm(stateFile, { force: true });
  }
};

const main = async () => {
  const began = Date.now();
  const which = arg('backend', 'both');
  const kills = Number(arg('kills', '3'));
  const bets = Number(arg('bets', '1500'));
  const pgAdmin = arg('pg', process.env.CRASH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  await mkdir(outDir, { recursive: true });
  const makers: (() => Promise<Backend>)[] = [];
  if (which === 'pglite' || which === 'both')
    makers.push(async () => {
      const dir = join(outDir, `pglite-${Date.now()}-${process.pid}`);
      return {
        name: 'pglite',
        env: { DATA_DIR: dir },
        cleanup: () => rm(dir, { recursive: true, force: true }),
      };
    });
  if (which === 'postgres' || which === 'both')
    makers.push(async () => {
      const name = `khela_lottery_crash_${Date.now()}_${process.pid}`;
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

  // Both at once: each gets about one core of a 2-core machine.
  const results = await Promise.all(
    makers.map(async (make) => {
      const backend = await make();
      try {
        const verdict = await runBackend(backend, kills, bets);
        if (verdict.findings.length === 0 || backend.name === 'postgres') await backend.cleanup();
        return { backend, verdict, findings: verdict.findings };
      } catch (error) {
        if (backend.name === 'postgres') await backend.cleanup().catch(() => {});
        return {
          backend,
          verdict: undefined,
          findings: [`run failed: ${error instanceof Error ? error.message : String(error)}`],
        };
      }
    }),
  );
  let failed = false;
  for (const { backend, verdict, findings } of results) {
    if (findings.length > 0) {
      failed = true;
      console.log(`[${backend.name}] FAILED:`);
      for (const f of findings.slice(0, 50)) console.log(`  - ${f}`);
      if (backend.name === 'pglite') console.log(`  (data kept in ${backend.env.DATA_DIR})`);
    } else if (verdict) {
      console.log(
        `[${backend.name}] passed: ${verdict.bets} bets settled exactly once through ${verdict.kills} SIGKILLs ` +
          `(${verdict.won} won, ${verdict.paidMinor} paid, ${verdict.voided} voided and refunded once), ledger verifies`,
      );
    }
  }
  console.log(`crash:lottery took ${((Date.now() - began) / 1000).toFixed(1)} s`);
  process.exitCode = failed ? 1 : 0;
};

await main();
