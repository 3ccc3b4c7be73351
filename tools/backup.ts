/**
 * `npm run backup [-- --out DIR | --file FILE] [--force]`: backs up the embedded demo database
 * (PGlite folder DATA_DIR, default ./data) to `backups/khela-<time>.tar.gz` and its `.sha256`.
 * `npm run restore -- FILE [--force]`: restores such a backup into DATA_DIR after checking its
 * SHA-256 and its ledger (as `npm run ledger:verify`); the folder it replaces is kept beside it
 * as `<DATA_DIR>.before-restore-<time>`. Stop the server first (PGlite is single-process).
 * PostgreSQL (DATABASE_URL): use pg_basebackup and WAL archiving (docs/operations.md).
 */
import { parseArgs } from 'node:util';
import { BackupError, backupPglite, restorePglite } from '../apps/server/src/db/backup';
import { verifyLedger } from '../apps/server/src/modules/wallet';

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    file: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});
const dataDir = process.env.DATA_DIR ?? './data';

const run = async () => {
  if (process.env.DATABASE_URL)
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_basebackup and WAL archiving (docs/operations.md)',
    );
  if (command === 'backup') {
    const result = await backupPglite({
      dataDir,
      file: values.file,
      outDir: values.out,
      force: values.force,
    });
    console.log(`backup: ${result.file} (${result.bytes} bytes, sha256 ${result.sha256})`);
    return 0;
  }
  if (command === 'restore') {
    const file = positionals[0] ?? values.file;
    if (!file) throw new BackupError('restore: name the backup file (npm run restore -- FILE)');
    const result = await restorePglite({ file, dataDir, verifyLedger, force: values.force });
    const { accounts, entries, lines } = result.ledger;
    console.log(
      `restore: ${file} → ${result.dataDir}; ledger:verify OK (${accounts} accounts, ${entries} entries, ${lines} lines)`,
    );
    if (result.previous) console.log(`restore: the folder it replaced is kept at ${result.previous}`);
    return 0;
  }
  throw new BackupError('usage: tools/backup.ts backup [--out DIR | --file FILE] | restore FILE');
};

process.exitCode = await run().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  return error instanceof BackupError ? 1 : 2;
});
