import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * After the journeys: stop the server, then `npm run ledger:verify` (issue 6: the ledger verifies
 * after every test suite) and `npm run audit:verify` (issue 4: the staff audit chain is intact)
 * on the run's PGlite folder. PGlite has one user at a time, so the server goes first: this sends
 * it SIGTERM (it checkpoints and closes the database) and waits for it to exit; Playwright's own
 * web-server teardown then finds it gone. The run fails when the books do not balance or the
 * audit chain is broken (both checks run and report either way).
 *
 * The folder is playwright.config.ts's `RUN_DIR/data` (same port rule), and the server's pid is
 * the one its web-server command wrote to `RUN_DIR/server.pid` before it exec'd the server.
 */
export default async function globalTeardown() {
  const port = Number(process.env.E2E_PORT ?? 8199);
  const runDir = join(tmpdir(), `khela-e2e-${port}`);
  const pid = Number((await readFile(join(runDir, 'server.pid'), 'utf8').catch(() => '')).trim());
  if (Number.isSafeInteger(pid) && pid > 0) {
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    if (alive()) process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 20_000;
    while (alive() && Date.now() < deadline) await sleep(100);
    if (alive()) throw new Error(`e2e teardown: the server (pid ${pid}) did not stop within 20 s`);
  }
  const verify = (tool: string) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', `tools/${tool}-verify.ts`], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(runDir, 'data') },
      encoding: 'utf8',
      timeout: 120_000,
    });
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    return result.status === 0
      ? null
      : `${tool}:verify of the e2e database failed (exit ${result.status ?? result.signal})`;
  };
  const failures = [verify('ledger'), verify('audit')].filter((f): f is string => f !== null);
  if (failures.length > 0) throw new Error(failures.join('; '));
}
