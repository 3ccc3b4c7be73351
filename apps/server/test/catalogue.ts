import { type Kysely, sql } from 'kysely';

/**
 * What a database's schema is, as a comparable value: functions (signature, result, language,
 * volatility, settings, body by md5), triggers (their full definition, enabled or not),
 * constraints (of tables and domains, with their definition and state), domains, columns, indexes,
 * extensions, and the migrations and sql/ objects recorded. Object ids and times are left out:
 * two databases built differently but holding the same schema give equal snapshots.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema.
export const catalogueSnapshot = async (db: Kysely<any>) => {
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;
  return {
    functions: await rows(sql`
      SELECT p.oid::regprocedure::text AS signature, pg_get_function_result(p.oid) AS result,
        l.lanname AS language, p.provolatile AS volatility, p.proconfig AS settings, md5(p.prosrc) AS body
      FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
      WHERE p.pronamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`),
    triggers: await rows(sql`
      SELECT c.relname AS table, t.tgname AS name, pg_get_triggerdef(t.oid) AS definition, t.tgenabled AS enabled
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
      ORDER BY 1, 2`),
    constraints: await rows(sql`
      SELECT coalesce(c.conrelid::regclass::text, c.contypid::regtype::text) AS owner, c.conname AS name,
        c.contype AS type, pg_get_constraintdef(c.oid) AS definition, c.convalidated AS validated,
        c.condeferrable AS deferrable, c.condeferred AS deferred
      FROM pg_constraint c WHERE c.connamespace = 'public'::regnamespace
      ORDER BY 1, 2`),
    domains: await rows(sql`
      SELECT t.typname AS name, format_type(t.typbasetype, t.typtypmod) AS base, t.typnotnull AS not_null,
        t.typdefault AS default
      FROM pg_type t WHERE t.typtype = 'd' AND t.typnamespace = 'public'::regnamespace
      ORDER BY 1`),
    columns: await rows(sql`
      SELECT c.relname AS table, a.attnum AS position, a.attname AS name,
        format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
        pg_get_expr(d.adbin, d.adrelid) AS default
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm')
        AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY 1, 2`),
    indexes: await rows(sql`
      SELECT tablename AS table, indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = 'public' ORDER BY 1, 2`),
    extensions: await rows(sql`SELECT extname AS name FROM pg_extension ORDER BY 1`),
    migrations: await rows(sql`SELECT name FROM kysely_migration ORDER BY 1`),
    objects: (
      await rows<{ present: boolean }>(sql`SELECT to_regclass('db_object') IS NOT NULL AS present`)
    )[0]?.present
      ? await rows(sql`SELECT name, hash, defines FROM db_object ORDER BY 1`)
      : [],
  };
};
