import { createHash } from 'node:crypto';
import { readSqlFiles, type SqlFile } from './sql-files';

/** A trigger, named as PostgreSQL names it: per table. */
export type TriggerName = { name: string; table: string };

/** What one file defines: the migrator drops these before it applies a new text of the file. */
export type SqlDefines = { functions: string[]; triggers: TriggerName[]; domains: string[] };

/**
 * One file of database code (`modules/<module>/sql/<name>.sql`), named `<module>/<name>`: the
 * functions, triggers or domains it defines, the objects it must follow (`-- requires: a/b`
 * lines) and the SHA-256 of its text, which the migrator records when it applies the file.
 */
export type SqlObject = SqlDefines & { name: string; text: string; hash: string; requires: string[] };

const IDENT = '([a-z_][a-z0-9_]*)';
const FUNCTION = new RegExp(`\\bCREATE\\s+(?:OR\\s+REPLACE\\s+)?FUNCTION\\s+${IDENT}\\s*\\(`, 'gi');
const TRIGGER = new RegExp(
  `\\bCREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:CONSTRAINT\\s+)?TRIGGER\\s+${IDENT}\\s[^;]*?\\bON\\s+${IDENT}[^;]*?\\bEXECUTE\\s+(?:FUNCTION|PROCEDURE)\\s+${IDENT}`,
  'gi',
);
const DOMAIN = new RegExp(`\\bCREATE\\s+DOMAIN\\s+${IDENT}`, 'gi');
const REQUIRES = /^--\s*requires:\s*(\S+)\s*$/gm;

/** The text without its `--` comments: definitions are read from the statements only. */
const withoutComments = (text: string) => text.replace(/--[^\n]*/g, '');

/** Reads what a file defines and requires; refuses a file that breaks the rules of sql/ files. */
export const parseSqlObject = (file: SqlFile): SqlObject => {
  const name = `${file.module}/${file.name}`;
  const code = withoutComments(file.text);
  const functions = [...code.matchAll(FUNCTION)].map((m) => (m[1] as string).toLowerCase());
  const triggerMatches = [...code.matchAll(TRIGGER)];
  const triggers = triggerMatches.map((m) => ({
    name: (m[1] as string).toLowerCase(),
    table: (m[2] as string).toLowerCase(),
  }));
  const domains = [...code.matchAll(DOMAIN)].map((m) => (m[1] as string).toLowerCase());
  const requires = [...file.text.matchAll(REQUIRES)].map((m) => m[1] as string);
  if (functions.length + triggers.length + domains.length === 0)
    throw new Error(`${name}.sql defines no function, trigger or domain`);
  if (domains.length > 0 && functions.length + triggers.length > 0)
    throw new Error(
      `${name}.sql: a file of domains holds only domains (they are applied before the migrations)`,
    );
  if (new Set(functions).size !== functions.length)
    throw new Error(`${name}.sql defines a function twice (one signature per function name)`);
  for (const m of triggerMatches) {
    const fn = (m[3] as string).toLowerCase();
    if (!functions.includes(fn))
      throw new Error(
        `${name}.sql: trigger ${m[1]} calls ${fn}, which another file defines: keep a trigger with its function`,
      );
  }
  return {
    name,
    text: file.text,
    hash: createHash('sha256').update(file.text, 'utf8').digest('hex'),
    requires,
    functions,
    triggers,
    domains,
  };
};

/**
 * Orders the objects so that each comes after those it requires, and otherwise by name: the same
 * order on every run. Refuses a name defined by two files, an unknown requirement and a cycle.
 */
export const orderSqlObjects = (objects: SqlObject[]): SqlObject[] => {
  const byName = new Map(objects.map((o) => [o.name, o]));
  const definedBy = new Map<string, string>();
  for (const o of objects) {
    const keys = [
      ...o.functions.map((f) => `function ${f}`),
      ...o.triggers.map((t) => `trigger ${t.name} on ${t.table}`),
      ...o.domains.map((d) => `domain ${d}`),
    ];
    for (const key of keys) {
      const other = definedBy.get(key);
      if (other !== undefined) throw new Error(`${key} is defined by both ${other}.sql and ${o.name}.sql`);
      definedBy.set(key, o.name);
    }
    for (const required of o.requires)
      if (!byName.has(required)) throw new Error(`${o.name}.sql requires ${required}, which does not exist`);
  }
  const ordered: SqlObject[] = [];
  const placed = new Set<string>();
  const pending = [...objects].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  while (pending.length > 0) {
    const next = pending.findIndex((o) => o.requires.every((r) => placed.has(r)));
    if (next < 0)
      throw new Error(`sql/ files require each other in a cycle: ${pending.map((o) => o.name).join(', ')}`);
    const [object] = pending.splice(next, 1) as [SqlObject];
    ordered.push(object);
    placed.add(object.name);
  }
  return ordered;
};

/**
 * Every module's database code, in the order it is applied: `types` (domains, before the
 * migrations: tables may use them) and `code` (functions and their triggers, after them).
 */
export const loadSqlObjects = (files: SqlFile[] = readSqlFiles()) => {
  const ordered = orderSqlObjects(files.map(parseSqlObject));
  return {
    types: ordered.filter((o) => o.domains.length > 0),
    code: ordered.filter((o) => o.domains.length === 0),
  };
};

export type SqlObjects = ReturnType<typeof loadSqlObjects>;
