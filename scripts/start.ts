// `npm start`: builds the web app, the back office and the server only when their sources changed
// since their last build, then runs the built server in this process.
//
// Up-to-date check: a SHA-256 of every input file (path and content) of a target is stored next to
// its output, in `<dist>/.build-inputs`, with the output file's size and modification time. A target
// is rebuilt when that file is missing (a fresh clone, a `vite build` that emptied dist), when the
// hash differs (a source, package.json, the lockfile or tsconfig.base.json changed), or when the
// output was replaced since (a workspace's own build, `npm run build -w …`, rebuilt it). Test files
// are not inputs. Hashing all inputs takes a few tens of milliseconds. `npm run build` is
// `node scripts/start.ts --build-only`: it builds all three and stamps them, so the next
// `npm start` (or the one after `npm test`) builds nothing.
//
// Run by node's own type stripping (the project's node 24 from node_modules/.bin): erasable
// TypeScript only, no imports of other project files. Type-checked by scripts/tsconfig.json.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export type BuildTarget = {
  name: string;
  workspace: string;
  /** Files and folders (relative to the root) whose content decides the output. */
  inputs: string[];
  /** The file the build must leave behind. */
  output: string;
};

const SHARED = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'packages'];

export const TARGETS: BuildTarget[] = [
  {
    name: 'web app',
    workspace: '@khela/web',
    inputs: [...SHARED, 'apps/web'],
    output: 'apps/web/dist/index.html',
  },
  {
    name: 'back office',
    workspace: '@khela/backoffice',
    inputs: [...SHARED, 'apps/backoffice'],
    output: 'apps/backoffice/dist/index.html',
  },
  {
    name: 'server',
    workspace: '@khela/server',
    inputs: [...SHARED, 'apps/server'],
    output: 'apps/server/dist/main.js',
  },
];

/** Folders that are never build inputs: dependencies, outputs, caches and tests. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'coverage', '.tmp', '.vite', 'test-results']);
const isTestFile = (name: string) => /\.test\.[cm]?[jt]sx?$/.test(name);

const listFiles = (path: string, out: string[]) => {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isFile()) {
    out.push(path);
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listFiles(join(path, entry.name), out);
    } else if (entry.isFile() && !isTestFile(entry.name)) {
      out.push(join(path, entry.name));
    }
  }
};

/** SHA-256 over the sorted relative paths and contents of a target's input files. */
export const inputsHash = (target: BuildTarget, root = ROOT): string => {
  const files: string[] = [];
  for (const input of target.inputs) listFiles(join(root, input), files);
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(relative(root, file).split(sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
};

type Stamp = { inputs: string; outputSize: number; outputMtimeMs: number };

const stampPath = (target: BuildTarget, root: string) => join(root, target.output, '..', '.build-inputs');

const readStamp = (target: BuildTarget, root: string): Stamp | null => {
  try {
    return JSON.parse(readFileSync(stampPath(target, root), 'utf8')) as Stamp;
  } catch {
    return null;
  }
};

/** Is the target's output there, built from exactly these inputs, and untouched since? */
export const isUpToDate = (target: BuildTarget, hash: string, root = ROOT): boolean => {
  const stamp = readStamp(target, root);
  const output = join(root, target.output);
  if (!stamp || stamp.inputs !== hash || !existsSync(output)) return false;
  const stat = statSync(output);
  return stat.size === stamp.outputSize && stat.mtimeMs === stamp.outputMtimeMs;
};

/** Records that the target's current output was built from inputs with this hash. */
export const writeStamp = (target: BuildTarget, hash: string, root = ROOT) => {
  const stat = statSync(join(root, target.output));
  const stamp: Stamp = { inputs: hash, outputSize: stat.size, outputMtimeMs: stat.mtimeMs };
  writeFileSync(stampPath(target, root), `${JSON.stringify(stamp)}\n`);
};

/** Runs a target's build (`npm run build -w <workspace>`); throws when it fails. */
const npmBuild = (target: BuildTarget, root: string) => {
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building the ${target.name} failed (exit ${result.status})`);
};

export type BuildOptions = {
  /** Build every target, stale or not (`npm run build`); the default builds the stale ones only. */
  all?: boolean;
  /** The build of one target (tests pass their own). */
  build?: (target: BuildTarget, root: string) => void;
};

/**
 * Builds every target whose stamp does not match its inputs (or every target, `all`) and stamps
 * what it built; returns the names built. The hash is taken before the build, so a source edited
 * during a build makes the next start build again. `npm run build` stamps too, so that `npm start`
 * after it (or after `npm test`, which builds) does not build the same sources again.
 */
export const buildIfStale = (
  root = ROOT,
  log: (line: string) => void = console.log,
  options: BuildOptions = {},
): string[] => {
  const build = options.build ?? npmBuild;
  const built: string[] = [];
  for (const target of TARGETS) {
    const hash = inputsHash(target, root);
    if (!options.all) {
      if (isUpToDate(target, hash, root)) continue;
      log(`npm start: building the ${target.name} (its sources changed since the last build)`);
    }
    build(target, root);
    writeStamp(target, hash, root);
    built.push(target.name);
  }
  if (built.length === 0) log('npm start: web app, back office and server are up to date');
  return built;
};

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  // `node scripts/start.ts --build-only` is `npm run build`: every target built and stamped.
  const buildOnly = process.argv.includes('--build-only');
  try {
    buildIfStale(ROOT, console.log, { all: buildOnly });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (!buildOnly) await import(pathToFileURL(join(ROOT, 'apps/server/dist/main.js')).href);
}
