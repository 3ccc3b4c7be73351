/**
 * The `npm run ledger:verify` command: checks the books of the server's database (DATABASE_URL, else the
 * PGlite folder DATA_DIR, default ./data) and exits 1 on any finding:
 * - every journal entry has two or more lines summing to zero per currency;
 * - all accounts of a merchant and currency sum to zero;
 * - every stored balance equals the sum of its lines;
 * - no guarded (member, pending withdrawal, commission) balance is negative.
 * PGlite is single-process: stop the server first. PostgreSQL can be checked while it runs.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../db/database';
import { verifyLedger } from './ledger';

/** Runs the check; answers the exit status (0 clean, 1 findings, 2 could not check). */
export const runVerifyCli = async (
  env: Record<string, string | undefined>,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> => {
  const url = env.DATABASE_URL;
  const dataDir = resolve(env.DATA_DIR ?? './data');
  if (!url && !existsSync(dataDir)) {
    err(`ledger:verify: no DATABASE_URL and no PGlite data in ${dataDir}`);
    return 2;
  }
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir });
  try {
    const tables = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM information_schema.tables
      WHERE table_name IN ('ledger_account', 'journal_entry', 'journal_line')`.execute(database.db);
    if (tables.rows[0]?.n !== '3') {
      err('ledger:verify: the ledger tables are missing (start the server once to migrate)');
      return 2;
    }
    const report = await verifyLedger(database.db);
    const where = url ? 'PostgreSQL' : `PGlite ${dataDir}`;
    const { accounts, entries, lines } = report.counts;
    out(`ledger:verify on ${where}: ${accounts} accounts, ${entries} entries, ${lines} lines`);
    for (const finding of report.findings) out(`  FAIL ${finding}`);
    out(
      report.ok
        ? 'ledger:verify: OK, the books balance'
        : `ledger:verify: ${report.findings.length} finding(s)`,
    );
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
};
