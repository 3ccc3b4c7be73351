// The server test files that touch a database or Redis: the ones `.ci/run` runs a second time on
// PostgreSQL and Redis (the others do the same thing on both passes, and ran in `npm test`).
//
// A test file touches the database when its name says so (`*.pg.test.ts`, `*.redis.test.ts`), when
// it opens one itself (`openDatabase`, `DATABASE_URL`, `REDIS_URL`), or when it or any module it
// imports through relative paths, transitively, calls the test helpers that make one
// (`createTestApp`, `createTestDatabase` of apps/server/test). A `*.pglite.test.ts` file runs on
// PGlite by design whatever the environment (a PGlite folder on disk: backup, shutdown, the verify
// commands): running it again would test the same thing twice, so it is never listed. Prints one
// path a line, relative to the repository.
//
// Run by node's own type stripping (erasable TypeScript only, no imports of other project files).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HELPER = /\b(createTestApp|createTestDatabase)\b/;
const OWN = /\b(openDatabase|DATABASE_URL|REDIS_URL)\b/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

const resolveImport = (from: string, spec: string) => {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (candidate.endsWith('.ts') || candidate.endsWith('.tsx')) if (existsSync(candidate)) return candidate;
  return null;
};

/** Whether `file` or a module it imports through relative paths calls the database test helpers. */
const usesHelpers = (file: string, seen: Map<string, boolean>): boolean => {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false);
  const text = readFileSync(file, 'utf8');
  let found = HELPER.test(text);
  for (const match of text.matchAll(IMPORT)) {
    if (found) break;
    const target = resolveImport(file, (match[1] ?? match[2]) as string);
    if (target) found = usesHelpers(target, seen);
  }
  seen.set(file, found);
  return found;
};

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });

export const databaseTests = (root: string) => {
  const seen = new Map<string, boolean>();
  return ['apps/server/src', 'apps/server/test']
    .filter((dir) => existsSync(join(root, dir)))
    .flatMap((dir) => testFiles(join(root, dir)))
    .filter((file) => !file.endsWith('.pglite.test.ts'))
    .filter(
      (file) =>
        /\.(pg|redis)\.test\.ts$/.test(file) ||
        OWN.test(readFileSync(file, 'utf8')) ||
        usesHelpers(file, seen),
    )
    .map((file) => relative(root, file))
    .sort();
};

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url)
  for (const file of databaseTests(fileURLToPath(new URL('..', import.meta.url)))) console.log(file);
