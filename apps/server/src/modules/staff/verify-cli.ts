/**
 * The `npm run audit:verify` command: recomputes the staff audit hash chain of the server's
 * database (DATABASE_URL, else the PGlite folder DATA_DIR, default ./data) and names the first
 * edited, deleted or reordered row. PGlite is single-process: stop the server first.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../../db/database';
import type { DB } from '../../db/schema';
import { verifyChain } from './audit';

/** Checks an open database; answers the exit status (0 intact, 1 broken, 2 could not check). */
export const verifyAuditOn = async (
  db: Kysely<DB>,
  where: string,
  out: (line: string) => void,
  err: (line: string) => void,
) => {
  const tables = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM information_schema.tables
    WHERE table_name IN ('bo_audit', 'bo_audit_head')`.execute(db);
  if (tables.rows[0]?.n !== '2') {
    err('audit:verify: the audit tables are missing (start the server once to migrate)');
    return 2;
  }
  const result = await verifyChain(db);
  if (result.ok) {
    out(`audit:verify on ${where}: OK, ${result.rows} rows, head ${result.head}`);
    return 0;
  }
  out(
    `audit:verify on ${where}: BROKEN at row ${result.brokenAt}: ${result.reason} (${result.rows} rows intact before it)`,
  );
  return 1;
};

export const runAuditVerifyCli = async (
  env: Record<string, string | undefined>,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> => {
  const url = env.DATABASE_URL;
  const dataDir = resolve(env.DATA_DIR ?? './data');
  if (!url && !existsSync(dataDir)) {
    err(`audit:verify: no DATABASE_URL and no PGlite data in ${dataDir}`);
    return 2;
  }
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir });
  try {
    return await verifyAuditOn(database.db, url ? 'PostgreSQL' : `PGlite ${dataDir}`, out, err);
  } finally {
    await database.close();
  }
};
