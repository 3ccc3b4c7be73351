import { type Kysely, sql } from 'kysely';
import type { SqlDefines, SqlObject, SqlObjects, TriggerName } from './sql-objects';

/** The record of applied sql/ objects: name, SHA-256 of the text applied, what it defines. */
export const OBJECTS_TABLE = 'db_object';

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
type Db = Kysely<any>;

type Applied = { name: string; hash: string; defines: SqlDefines };

/** What the database holds now, in the current schema (extension members aside). */
type Catalogue = {
  functions: Set<string>;
  /** `table.trigger` → the oid of the function it calls. */
  triggers: Map<string, number>;
  domains: Set<string>;
};

const triggerKey = (t: TriggerName) => `${t.table}.${t.name}`;

const readCatalogue = async (db: Db): Promise<Catalogue> => {
  const functions = await sql<{ name: string }>`
    SELECT DISTINCT p.proname AS name FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`.execute(
    db,
  );
  const triggers = await sql<{ name: string; table: string; fn: number }>`
    SELECT t.tgname AS name, c.relname AS table, t.tgfoid::integer AS fn
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace`.execute(db);
  const domains = await sql<{ name: string }>`
    SELECT t.typname AS name FROM pg_type t
    WHERE t.typtype = 'd' AND t.typnamespace = current_schema()::regnamespace`.execute(db);
  return {
    functions: new Set(functions.rows.map((r) => r.name)),
    triggers: new Map(triggers.rows.map((r) => [triggerKey(r), Number(r.fn)])),
    domains: new Set(domains.rows.map((r) => r.name)),
  };
};

const readApplied = async (db: Db) => {
  const { rows } = await sql<Applied>`SELECT name, hash, defines FROM ${sql.id(OBJECTS_TABLE)}`.execute(db);
  return new Map(rows.map((r) => [r.name, r]));
};

/** Is the object applied as it is now: same text, and everything it defines there? */
const isCurrent = (object: SqlObject, applied: Applied | undefined, catalogue: Catalogue) =>
  applied?.hash === object.hash &&
  object.functions.every((f) => catalogue.functions.has(f)) &&
  object.triggers.every((t) => catalogue.triggers.has(triggerKey(t))) &&
  object.domains.every((d) => catalogue.domains.has(d));

const record = (db: Db, object: SqlObject) => {
  const defines: SqlDefines = {
    functions: object.functions,
    triggers: object.triggers,
    domains: object.domains,
  };
  return sql`
    INSERT INTO ${sql.id(OBJECTS_TABLE)} (name, hash, defines, applied_at)
    VALUES (${object.name}, ${object.hash}, ${JSON.stringify(defines)}::jsonb, now())
    ON CONFLICT (name) DO UPDATE SET hash = EXCLUDED.hash, defines = EXCLUDED.defines, applied_at = EXCLUDED.applied_at`.execute(
    db,
  );
};

const dropTriggers = async (db: Db, triggers: TriggerName[], catalogue: Catalogue) => {
  for (const t of triggers) {
    if (!catalogue.triggers.delete(triggerKey(t))) continue;
    await sql`DROP TRIGGER ${sql.id(t.name)} ON ${sql.id(t.table)}`.execute(db);
  }
};

/**
 * Drops every signature of these functions. A trigger still calling one is another file's (its
 * own were dropped first): refused, since dropping the function would take the trigger with it.
 */
const dropFunctions = async (db: Db, names: string[], owner: string, catalogue: Catalogue) => {
  if (names.length === 0) return;
  const { rows } = await sql<{ oid: number; signature: string; name: string }>`
    SELECT p.oid::integer AS oid, p.oid::regprocedure::text AS signature, p.proname AS name FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace AND p.proname = ANY(${names}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`.execute(
    db,
  );
  for (const fn of rows) {
    for (const [trigger, calls] of catalogue.triggers)
      if (calls === Number(fn.oid))
        throw new Error(
          `trigger ${trigger} calls ${fn.name} of ${owner}.sql: define the trigger in that file`,
        );
    await sql`DROP FUNCTION ${sql.raw(fn.signature)}`.execute(db);
    catalogue.functions.delete(fn.name);
  }
};

const union = <T>(a: T[], b: T[] | undefined, key: (x: T) => string) => {
  const seen = new Map(a.map((x) => [key(x), x]));
  for (const x of b ?? []) if (!seen.has(key(x))) seen.set(key(x), x);
  return [...seen.values()];
};

/** Domains, before the migrations. A domain file is idempotent itself (it keeps the columns' type). */
export const applyTypes = async (db: Db, types: SqlObject[]) => {
  const applied = await readApplied(db);
  const catalogue = await readCatalogue(db);
  const done: string[] = [];
  for (const object of types) {
    if (isCurrent(object, applied.get(object.name), catalogue)) continue;
    await sql.raw(object.text).execute(db);
    await record(db, object);
    done.push(object.name);
  }
  return done;
};

/**
 * Functions and triggers, after the migrations; then what a removed file defined is dropped.
 * An object due is replaced whole: its triggers and every signature of its functions, as applied
 * before and as the new text names them, are dropped, then its text runs. So a changed signature
 * or return type leaves nothing behind, and the database holds exactly what the files say.
 */
export const applyCode = async (db: Db, objects: SqlObjects) => {
  const applied = await readApplied(db);
  const catalogue = await readCatalogue(db);
  const current = [...objects.types, ...objects.code];
  const names = new Set(current.map((o) => o.name));
  const stillDefined = {
    functions: new Set(current.flatMap((o) => o.functions)),
    triggers: new Set(current.flatMap((o) => o.triggers.map(triggerKey))),
    domains: new Set(current.flatMap((o) => o.domains)),
  };
  const done: string[] = [];
  for (const object of objects.code) {
    const before = applied.get(object.name);
    if (isCurrent(object, before, catalogue)) continue;
    await dropTriggers(db, union(object.triggers, before?.defines.triggers, triggerKey), catalogue);
    await dropFunctions(
      db,
      union(object.functions, before?.defines.functions, String),
      object.name,
      catalogue,
    );
    await sql.raw(object.text).execute(db);
    await record(db, object);
    done.push(object.name);
    // Now there. A function it defines is no other file's, so its triggers' function ids are
    // never needed by a later drop (0: not read).
    for (const f of object.functions) catalogue.functions.add(f);
    for (const trigger of object.triggers) catalogue.triggers.set(triggerKey(trigger), 0);
  }
  // Files removed since they were applied: what no other file defines now goes too.
  for (const [name, removed] of [...applied].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (names.has(name)) continue;
    const { triggers, functions, domains } = removed.defines;
    await dropTriggers(
      db,
      triggers.filter((t) => !stillDefined.triggers.has(triggerKey(t))),
      catalogue,
    );
    await dropFunctions(
      db,
      functions.filter((f) => !stillDefined.functions.has(f)),
      name,
      catalogue,
    );
    for (const domain of domains.filter((d) => !stillDefined.domains.has(d)))
      await sql`DROP DOMAIN IF EXISTS ${sql.id(domain)}`.execute(db);
    await sql`DELETE FROM ${sql.id(OBJECTS_TABLE)} WHERE name = ${name}`.execute(db);
    done.push(`-${name}`);
  }
  return done;
};
