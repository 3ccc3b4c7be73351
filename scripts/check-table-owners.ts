// `npm run lint` (after the module check): every table belongs to one server module, and only that
// module's files query it (docs/decisions/024-module-shape.md). Another module asks the owner
// through the owner's index.
//
// - `scripts/table-owners.txt`: `table module` a line. Every table of the generated row types
//   (`apps/server/src/db/schema.generated.ts`, interface `DB`) must be named there, and every name
//   there must still be a table: a new vertical's migration adds its tables' lines.
// - A query site is a Kysely call naming the table (`selectFrom('t')`, `insertInto`, `updateTable`,
//   `deleteFrom`, the joins, `mergeInto`, with or without `as alias`) or raw SQL (`from t`, `join t`,
//   `into t`, `update t`) in a module's source or `sql/` file, comments left out. Tests and
//   `test-support.ts` are aside (they set up and look at whatever a case needs).
// - `scripts/table-access-exceptions.txt`: `path table` lines for queries still waiting to move to
//   their owner. Like the file-size list it only shrinks: an entry that is no longer a violation fails.
//
// Run by node's own type stripping (erasable TypeScript only, no imports of other project files).
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const OWNERS_FILE = 'scripts/table-owners.txt';
export const EXCEPTIONS_FILE = 'scripts/table-access-exceptions.txt';
const MODULES = 'apps/server/src/modules';
const SCHEMA = 'apps/server/src/db/schema.generated.ts';

const listLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '');

/** The tables of the generated row types: the members of `export interface DB { … }`. */
export const schemaTables = (schemaText: string) => {
  const body = /export interface DB \{([\s\S]*?)\n\}/.exec(schemaText)?.[1] ?? '';
  return [...body.matchAll(/^\s+([a-z_][a-z0-9_]*):/gm)].map((m) => m[1] as string);
};

/** Source text without comments (line and block for TypeScript, `--` for SQL). */
export const withoutComments = (text: string, sqlFile: boolean) =>
  sqlFile
    ? text.replace(/--[^\n]*/g, '')
    : text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');

const safeName = (name: string) => name.replace(/[^a-z0-9_]/g, '');

/** The tables of `tables` that `text` queries. */
export const tablesQueried = (text: string, tables: readonly string[], sqlFile: boolean) => {
  const code = withoutComments(text, sqlFile);
  const found = new Set<string>();
  for (const table of tables) {
    const t = safeName(table);
    const kysely = new RegExp(
      `\\b(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|replaceInto)\\(\\s*['"\`]${t}(\\s+as\\s+\\w+)?['"\`]`,
    );
    const raw = new RegExp(`\\b(from|join|into|update)\\s+(public\\.)?"?${t}"?(?![a-z0-9_])`, 'i');
    if (kysely.test(code) || raw.test(code)) found.add(table);
  }
  return [...found];
};

const walk = (dir: string): string[] => {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return [path];
  });
};

const isChecked = (path: string) =>
  /\.(ts|tsx|sql)$/.test(path) && !/\.(test|spec)\.[a-z]+$/.test(path) && !path.endsWith('test-support.ts');

export type TableOwnerReport = { problems: string[]; violations: number; exceptions: number };

export const checkTableOwners = (root: string): TableOwnerReport => {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const line of listLines(readFileSync(join(root, OWNERS_FILE), 'utf8'))) {
    const [table, owner, extra] = line.split(/\s+/);
    if (!table || !owner || extra !== undefined) problems.push(`${OWNERS_FILE}: not "table module": ${line}`);
    else if (owners.has(table)) problems.push(`${OWNERS_FILE}: ${table} named twice`);
    else owners.set(table, owner);
  }
  const tables = schemaTables(readFileSync(join(root, SCHEMA), 'utf8'));
  for (const table of tables) {
    if (!owners.has(table)) problems.push(`${table}: a table without an owner (add it to ${OWNERS_FILE})`);
  }
  for (const table of owners.keys()) {
    if (!tables.includes(table)) problems.push(`${OWNERS_FILE}: ${table} is no table of ${SCHEMA}`);
  }
  const modules = new Set(
    readdirSync(join(root, MODULES), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  );
  for (const [table, owner] of owners) {
    if (!modules.has(owner))
      problems.push(`${OWNERS_FILE}: ${table} is owned by ${owner}, no module of ${MODULES}`);
  }

  const violations = new Set<string>();
  for (const path of walk(join(root, MODULES)).filter(isChecked)) {
    const rel = relative(root, path).split('\\').join('/');
    const module = rel.slice(MODULES.length + 1).split('/')[0] as string;
    for (const table of tablesQueried(readFileSync(path, 'utf8'), tables, path.endsWith('.sql'))) {
      const owner = owners.get(table);
      if (owner !== undefined && owner !== module) violations.add(`${rel} ${table}`);
    }
  }
  const allowed = new Set(listLines(readFileSync(join(root, EXCEPTIONS_FILE), 'utf8')));
  for (const v of [...violations].sort()) {
    if (!allowed.has(v)) {
      const [path, table] = v.split(' ');
      problems.push(
        `${path}: queries ${table}, a table of the ${owners.get(table as string)} module (ask it through its index)`,
      );
    }
  }
  for (const entry of [...allowed].sort()) {
    if (!violations.has(entry))
      problems.push(`${EXCEPTIONS_FILE}: "${entry}" is no longer a violation; take the line off`);
  }
  return { problems, violations: violations.size, exceptions: allowed.size };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.argv[2] ?? join(fileURLToPath(import.meta.url), '../..');
  const { problems, exceptions } = checkTableOwners(root);
  for (const p of problems) console.error(`check:tables: ${p}`);
  if (problems.length > 0) process.exit(1);
  console.log(
    `✔ tables: every table has one owner module; ${exceptions} listed cross-module queries still to move`,
  );
}
