// `npm run typecheck` (part of `npm test`): `tsc -p` of every package, several at once.
//
// Each package keeps its own tsconfig.json (its libraries and types differ: the server is Node
// only, the web apps see the DOM, the scripts check JavaScript too), so each is its own program;
// they run side by side, as many at once as the machine has cores (`TYPECHECK_JOBS` to choose),
// the longest first. Each keeps incremental build information in `node_modules/.cache/tsc/`, so a
// second run checks only what changed since (a fresh clone, as in CI, checks everything).
// Prints each package's time and the total; on an error, the compiler's output of that package.
//
// A new package or folder with a tsconfig.json is added to PROJECTS (a test checks none is missed).
//
// Run by node's own type stripping (erasable TypeScript only, no imports of other project files).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every tsconfig.json of the repository, the slowest first (measured: ADR 027). */
export const PROJECTS = [
  'apps/server',
  'tools',
  'bench',
  'apps/web',
  'apps/backoffice',
  'e2e',
  'scripts',
  'packages/contract',
  'packages/fair',
];

type Outcome = { project: string; ok: boolean; seconds: number; output: string };

const check = (project: string, cacheDir: string) =>
  new Promise<Outcome>((resolve) => {
    const began = performance.now();
    const buildInfo = join(cacheDir, `${project.replaceAll('/', '-')}.tsbuildinfo`);
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        '-p',
        project,
        '--incremental',
        '--tsBuildInfoFile',
        buildInfo,
        '--pretty',
        'false',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('close', (code) =>
      resolve({ project, ok: code === 0, seconds: (performance.now() - began) / 1000, output }),
    );
  });

/** Runs `jobs` checks at a time, in the order given. */
export const typecheck = async (projects: string[], jobs: number, cacheDir: string) => {
  mkdirSync(cacheDir, { recursive: true });
  const queue = [...projects];
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(jobs, projects.length)) }, async () => {
      for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
        const outcome = await check(project, cacheDir);
        console.log(
          `typecheck: ${project} ${outcome.ok ? 'ok' : 'FAILED'} in ${outcome.seconds.toFixed(1)} s`,
        );
        if (!outcome.ok) process.stdout.write(outcome.output);
        outcomes.push(outcome);
      }
    }),
  );
  return outcomes;
};

const main = async () => {
  const began = performance.now();
  const jobs = Number(process.env.TYPECHECK_JOBS ?? availableParallelism());
  const outcomes = await typecheck(PROJECTS, jobs, join(ROOT, 'node_modules/.cache/tsc'));
  const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.project);
  console.log(
    `typecheck: ${failed.length === 0 ? 'ok' : `FAILED (${failed.join(', ')})`}; ${outcomes.length} packages, ${jobs} at a time, ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
};

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
