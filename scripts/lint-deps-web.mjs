// @ts-check
/**
 * `npm run lint:deps:web`: dependency-cruiser over the web app and the back office, each with its
 * own rules (`apps/web/.dependency-cruiser.cjs`, `apps/backoffice/.dependency-cruiser.cjs`): no
 * feature imports another, shared code stays below the features, no cycles (ADR 026). Exits
 * non-zero and names each violation when a rule is broken.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

/**
 * Cruises `<appDir>/src` with `<appDir>/.dependency-cruiser.cjs`; answers the exit code and the
 * checker's report.
 * @param {string} appDir
 */
export const checkApp = (appDir) => {
  const run = spawnSync(
    process.execPath,
    [CLI, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    { cwd: appDir, encoding: 'utf8' },
  );
  return { status: run.status ?? 1, report: `${run.stdout}${run.stderr}` };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const app of ['apps/web', 'apps/backoffice']) {
    const { status, report } = checkApp(join(ROOT, app));
    process.stdout.write(`${app}: ${report.trim()}\n`);
    if (status !== 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}
