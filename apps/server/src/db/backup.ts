import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { pgliteDialect } from './pglite-dialect';
import type { DB } from './schema';

/**
 * Backup and restore of the embedded demo database (PGlite; issue 23, ADR 047). A backup is
 * PGlite's own `dumpDataDir` (a gzipped tar of the data folder, taken by the running engine after
 * a checkpoint, so it is consistent) written next to a SHA-256 file. A restore loads the archive
 * into a new folder beside the target, checks the ledger there (the caller's `verifyLedger`, what
 * `npm run ledger:verify` runs), and only then swaps it in; the folder it replaces is kept as
 * `<dir>.before-restore-<time>`. PostgreSQL is backed up with its own tools (docs/operations.md).
 *
 * PGlite is single-process: both refuse while `postmaster.pid` says the folder is open (a
 * running server, or one that was killed: start and stop it once, or pass `force`).
 */

export class BackupError extends Error {}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

const assertClosed = (dataDir: string, force: boolean) => {
  if (!force && existsSync(join(dataDir, 'postmaster.pid')))
    throw new BackupError(
      `${dataDir} is open (postmaster.pid): stop the server first (if it was killed, start and stop it once)`,
    );
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export type BackupResult = { file: string; bytes: number; sha256: string };

/** Writes a backup of the PGlite folder `dataDir` to `file` (default `<outDir>/khela-<time>.tar.gz`). */
export const backupPglite = async (options: {
  dataDir: string;
  file?: string;
  outDir?: string;
  now?: Date;
  force?: boolean;
}): Promise<BackupResult> => {
  const dataDir = resolve(options.dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`no PGlite database in ${dataDir}`);
  assertClosed(dataDir, options.force ?? false);
  const file = resolve(
    options.file ?? join(options.outDir ?? './backups', `khela-${stamp(options.now ?? new Date())}.tar.gz`),
  );
  const client = await PGlite.create({ dataDir });
  let bytes: Uint8Array;
  try {
    await client.query('CHECKPOINT');
    const archive = await client.dumpDataDir('gzip');
    bytes = new Uint8Array(await archive.arrayBuffer());
  } finally {
    await client.close();
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes);
  const digest = sha256(bytes);
  await writeFile(`${file}.sha256`, `${digest}  ${basename(file)}\n`);
  return { file, bytes: bytes.byteLength, sha256: digest };
};

/** The ledger check a restore runs on the restored copy (the wallet's `verifyLedger`). */
export type LedgerCheck = (db: Kysely<DB>) => Promise<{
  ok: boolean;
  findings: string[];
  counts: { accounts: number; entries: number; lines: number };
}>;

export type RestoreResult = {
  dataDir: string;
  /** Where the folder that was there before went (undefined: there was none). */
  previous: string | undefined;
  ledger: { accounts: number; entries: number; lines: number };
};

/**
 * Restores `file` into `dataDir`: checks the archive's SHA-256 file when there is one, loads it
 * into a new folder, verifies the ledger there and swaps it in. Nothing is touched when the
 * archive is damaged or its ledger does not verify.
 */
export const restorePglite = async (options: {
  file: string;
  dataDir: string;
  verifyLedger: LedgerCheck;
  now?: Date;
  force?: boolean;
}): Promise<RestoreResult> => {
  const file = resolve(options.file);
  const dataDir = resolve(options.dataDir);
  if (!existsSync(file)) throw new BackupError(`no backup file ${file}`);
  if (existsSync(dataDir)) assertClosed(dataDir, options.force ?? false);
  const bytes = new Uint8Array(await readFile(file));
  if (existsSync(`${file}.sha256`)) {
    const expected = (await readFile(`${file}.sha256`, 'utf8')).split(/\s+/)[0];
    if (expected !== sha256(bytes)) throw new BackupError(`${file} does not match its .sha256: damaged`);
  }
  const at = options.now ?? new Date();
  const incoming = `${dataDir}.restoring-${stamp(at)}`;
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { recursive: true });
  let ledger: RestoreResult['ledger'];
  try {
    const client = await PGlite.create({
      dataDir: incoming,
      loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }),
    });
    const db = new Kysely<DB>({ dialect: pgliteDialect(client) });
    try {
      const report = await options.verifyLedger(db);
      if (!report.ok)
        throw new BackupError(
          `the backup's ledger does not verify (${report.findings.length} finding(s)):\n  ${report.findings.join('\n  ')}`,
        );
      ledger = report.counts;
    } finally {
      await db.destroy();
      if (!client.closed) {
        await client.query('CHECKPOINT');
        await client.close();
      }
    }
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw error;
  }
  let previous: string | undefined;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    previous = `${dataDir}.before-restore-${stamp(at)}`;
    await rename(dataDir, previous);
  } else await rm(dataDir, { recursive: true, force: true });
  await rename(incoming, dataDir);
  return { dataDir, previous, ledger };
};
