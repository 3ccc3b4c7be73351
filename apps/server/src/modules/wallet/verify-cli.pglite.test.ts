import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { ensureAccount, post } from './ledger';
import { runVerifyCli } from './verify-cli';

/** `npm run ledger:verify` (tools/ledger-verify.ts → runVerifyCli): exit codes and output. */

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const run = async (env: Record<string, string | undefined>) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerifyCli(
    env,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
};

describe('ledger:verify exit codes', () => {
  it('0 when the books balance, 1 with the finding named, 2 without a database', async () => {
    const missing = await run({ DATA_DIR: join(tmpdir(), `khela-no-such-${randomUUID()}`) });
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/no DATABASE_URL and no PGlite data/);

    const dir = await mkdtemp(join(tmpdir(), 'khela-verify-'));
    dirs.push(dir);
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await migrateToLatest(database.db);
    await sql`INSERT INTO merchant (code, name, country, currency, currency_symbol, languages, default_language, dial_code, sort)
      VALUES ('khelabd', 'Khela BD', 'BD', 'BDT', '৳', '["bn","en"]', 'bn', '880', 0)`.execute(database.db);
    const at = new Date();
    const house = await ensureAccount(
      database.db,
      { merchantCode: 'khelabd', currency: 'BDT', kind: 'house' },
      at,
    );
    const clearing = await ensureAccount(
      database.db,
      { merchantCode: 'khelabd', currency: 'BDT', kind: 'payment_clearing' },
      at,
    );
    await post(database.db, {
      merchantCode: 'khelabd',
      idempotencyKey: 'verify-cli-test',
      kind: 'adjustment',
      lines: [
        { accountId: house, amount: -500n },
        { accountId: clearing, amount: 500n },
      ],
    });
    await database.close();
    const clean = await run({ DATA_DIR: dir });
    expect(clean.code, clean.out + clean.err).toBe(0);
    expect(clean.out).toMatch(/2 accounts, 1 entries, 2 lines/);
    expect(clean.out).toMatch(/OK, the books balance/);

    // Drift: a stored balance no longer equals its lines.
    const broken = await openDatabase({ kind: 'pglite', dataDir: dir });
    await sql`UPDATE ledger_account SET balance = balance + 7 WHERE id = ${clearing}`.execute(broken.db);
    await broken.close();
    const drift = await run({ DATA_DIR: dir });
    expect(drift.code).toBe(1);
    expect(drift.out).toMatch(/FAIL account .* balance 507 but its lines sum to 500/);
    expect(drift.out).toMatch(/2 finding\(s\)/);
  }, 120_000);
});

describe('every test database is verified when it closes', () => {
  it('close() fails with the findings when a test left the books broken, and still closes', async () => {
    const database = await createTestDatabase('demo');
    const account = await database.db
      .selectFrom('ledger_account')
      .select('id')
      .where('kind', '=', 'member_main')
      .executeTakeFirstOrThrow();
    await sql`UPDATE ledger_account SET balance = balance + 3 WHERE id = ${account.id}`.execute(database.db);
    await expect(database.close()).rejects.toThrow(
      /ledger:verify of test database .*balance \d+ but its lines sum to/s,
    );
    // Closed for good: a second close does nothing more.
    await expect(database.close()).rejects.toThrow(/ledger:verify/);
  });

  it('close() passes on clean books', async () => {
    const database = await createTestDatabase('demo');
    await expect(database.close()).resolves.toBeUndefined();
  });
});
