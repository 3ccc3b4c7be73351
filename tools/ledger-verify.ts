/**
 * `npm run ledger:verify`: checks the books of the server's database (DATABASE_URL, else the
 * PGlite folder DATA_DIR, default ./data) and exits 1 on any finding:
 * - every journal entry has two or more lines summing to zero per currency;
 * - all accounts of a merchant and currency sum to zero;
 * - every stored balance equals the sum of its lines;
 * - no guarded (member, pending withdrawal, commission) balance is negative.
 * PGlite is single-process: stop the server first. PostgreSQL can be checked while it runs.
 */
import { runVerifyCli } from '../apps/server/src/modules/wallet';

process.exitCode = await runVerifyCli(
  process.env,
  (line) => console.log(line),
  (line) => console.error(line),
).catch((error: unknown) => {
  console.error('ledger:verify failed:', error instanceof Error ? error.message : error);
  return 2;
});
