import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BackupError, backupPglite, restorePglite } from '../src/db/backup';
import { type Database, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/db/seed';
import { MERCHANTS } from '../src/db/seed/settings';
import { ensureAccount, post, verifyLedger } from '../src/modules/wallet';
import { newMember } from '../src/modules/wallet/test-support';

/**
 * `npm run backup` / `npm run restore` of the embedded demo database (issue 23, ADR 047): a real
 * PGlite folder with one member credited 5,000, backed up; then 7,000 more credited; restored. The
 * folder holds the state of the backup again (5,000, one entry), the ledger verifies, the replaced
 * folder is kept aside. A damaged archive and an open folder are refused without touching anything.
 */
let work = '';

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * The folder to back up: the test run's migrated, empty template loaded into it when the run has
 * PGlite templates (a fresh PGlite folder migrated here costs a minute on a busy machine), else
 * created and migrated here; one merchant seeded.
 */
const sourceDatabase = async (dataDir: string) => {
  const setup = inject('khelaTestDatabases');
  const database =
    setup.kind === 'pglite'
      ? await openDatabase({
          kind: 'pglite',
          dataDir,
          loadDataDir: new Blob([await readFile(setup.dumps.empty)]),
        })
      : await openDatabase({ kind: 'pglite', dataDir });
  await migrateToLatest(database.db);
  await seedIfEmpty(database.db, {
    mode: 'production',
    publicUrl: 'http://127.0.0.1',
    production: { brandName: 'Khela', merchant: MERCHANTS[0]! },
  });
  return database;
};

const credit = async (database: Database, memberId: number, amount: bigint, key: string) => {
  const at = new Date();
  const base = { merchantCode: 'khelabd', currency: 'BDT' } as const;
  const house = await ensureAccount(database.db, { ...base, kind: 'house' }, at);
  const main = await ensureAccount(database.db, { ...base, kind: 'member_main', memberId }, at);
  await post(database.db, {
    merchantCode: 'khelabd',
    idempotencyKey: `backup-test:${key}`,
    kind: 'demo.credit',
    lines: [
      { accountId: house, amount: -amount },
      { accountId: main, amount },
    ],
  });
};

const mainBalance = async (database: Database, memberId: number) => {
  const row = await database.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'member_main')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
};

const entries = async (database: Database) =>
  Number(
    (
      await database.db
        .selectFrom('journal_entry')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('backup and restore of the embedded database', () => {
  it('restores the backed-up state, verifies the ledger and keeps the replaced folder', async () => {
    work = await mkdtemp(join(tmpdir(), 'khela-backup-'));
    const dataDir = join(work, 'data');
    const first = await sourceDatabase(dataDir);
    const { member } = await newMember(first.db, { prefix: 'bak' });
    await credit(first, member.id, 5_000n, 'first');
    const entriesAtBackup = await entries(first);

    // An open folder is refused (a running server holds it).
    await expect(backupPglite({ dataDir, outDir: join(work, 'backups') })).rejects.toThrow(BackupError);
    await first.close();

    const backup = await backupPglite({ dataDir, outDir: join(work, 'backups') });
    expect(backup.file).toMatch(/khela-.+\.tar\.gz$/);
    expect((await readFile(`${backup.file}.sha256`, 'utf8')).split(' ')[0]).toBe(backup.sha256);

    const later = await openDatabase({ kind: 'pglite', dataDir });
    await credit(later, member.id, 7_000n, 'later');
    expect(await mainBalance(later, member.id)).toBe(12_000n);
    await later.close();

    // A damaged copy (one byte changed) is refused by its checksum; the folder stays as it is.
    const damaged = join(work, 'damaged.tar.gz');
    const bytes = await readFile(backup.file);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
    await writeFile(damaged, bytes);
    await writeFile(`${damaged}.sha256`, `${backup.sha256}  damaged.tar.gz\n`);
    await expect(restorePglite({ file: damaged, dataDir, verifyLedger })).rejects.toThrow(/damaged/);

    const restored = await restorePglite({ file: backup.file, dataDir, verifyLedger });
    expect(restored.ledger.entries).toBe(entriesAtBackup);
    expect(restored.previous).toBeDefined();
    expect(existsSync(restored.previous ?? '')).toBe(true);

    const after = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await mainBalance(after, member.id)).toBe(5_000n);
      expect(await entries(after)).toBe(entriesAtBackup);
      const report = await verifyLedger(after.db);
      expect(report.findings).toEqual([]);
    } finally {
      await after.close();
    }
    // The replaced folder (the later state) is kept whole beside it.
    expect(existsSync(join(restored.previous ?? '', 'PG_VERSION'))).toBe(true);
  }, 300_000);
});
