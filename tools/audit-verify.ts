/**
 * `npm run audit:verify`: recomputes the hash chain of the staff audit log (DATABASE_URL, else the
 * PGlite folder DATA_DIR, default ./data) and exits 1 naming the first edited, deleted or
 * reordered row. PGlite is single-process: stop the server first.
 */
import { runAuditVerifyCli } from '../apps/server/src/modules/staff';

process.exitCode = await runAuditVerifyCli(
  process.env,
  (line) => console.log(line),
  (line) => console.error(line),
).catch((error: unknown) => {
  console.error('audit:verify failed:', error instanceof Error ? error.message : error);
  return 2;
});
