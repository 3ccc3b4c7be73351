import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { appendAudit } from './audit';
import { runAuditVerifyCli } from './verify-cli';

/** `npm run audit:verify` (tools/audit-verify.ts → runAuditVerifyCli): exit codes and output. */

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const run = async (env: Record<string, string | undefined>) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAuditVerifyCli(
    env,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
};

const freshDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'khela-audit-verify-'));
  dirs.push(dir);
  return dir;
};

describe('audit:verify exit codes', () => {
  it('0 when the chain is intact, 1 with the broken row named, 2 without a database or its tables', async () => {
    const missing = await run({ DATA_DIR: join(tmpdir(), `khela-no-such-${randomUUID()}`) });
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/no DATABASE_URL and no PGlite data/);

    // A database never migrated: nothing to check, which is not "intact".
    const empty = await freshDir();
    const blank = await openDatabase({ kind: 'pglite', dataDir: empty });
    await blank.close();
    const unmigrated = await run({ DATA_DIR: empty });
    expect(unmigrated.code).toBe(2);
    expect(unmigrated.err).toMatch(/the audit tables are missing/);

    const dir = await freshDir();
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await migrateToLatest(database.db);
    const at = new Date('2026-03-10T09:00:00Z');
    for (const body of ['one', 'two', 'three'])
      await database.db
        .transaction()
        .execute((trx) => appendAudit(trx, null, { action: 'test.note', after: { body } }, at));
    await database.close();
    const clean = await run({ DATA_DIR: dir });
    expect(clean.code, clean.out + clean.err).toBe(0);
    expect(clean.out).toContain(`audit:verify on PGlite ${dir}: OK, 3 rows, head `);
    expect(clean.out).toMatch(/head [0-9a-f]{64}$/);

    // Tampering as a superuser would: the append-only triggers off, one row edited.
    const broken = await openDatabase({ kind: 'pglite', dataDir: dir });
    await sql`ALTER TABLE bo_audit DISABLE TRIGGER USER`.execute(broken.db);
    await sql`UPDATE bo_audit SET after = '{"body": "edited"}' WHERE id = 2`.execute(broken.db);
    await sql`ALTER TABLE bo_audit ENABLE TRIGGER USER`.execute(broken.db);
    await broken.close();
    const tampered = await run({ DATA_DIR: dir });
    expect(tampered.code).toBe(1);
    expect(tampered.out).toMatch(
      /BROKEN at row 2: content does not match its hash \(1 rows intact before it\)/,
    );

    // The command line itself (tools/audit-verify.ts) exits with the same status.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'tools/audit-verify.ts'], {
      cwd: resolve(import.meta.dirname, '../../../../..'),
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(cli.status, cli.stdout + cli.stderr).toBe(1);
    expect(cli.stdout).toMatch(/BROKEN at row 2/);
  }, 180_000);
});
