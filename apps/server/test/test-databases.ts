import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/database';
import { verifyLedger } from '../src/modules/wallet';
import { adminQuery, databaseUrl, dropDatabase, isObjectInUse, quoteIdent } from './pg-admin';

/** The public URL the template databases are seeded with. */
export const DEMO_PUBLIC_URL = 'http://localhost:8080';

/** What the global set-up hands to each test file (see global-setup.ts). */
export type TestDatabases =
  | { kind: 'postgres'; adminUrl: string; prefix: string }
  | { kind: 'pglite'; dumps: { empty: string; demo: string } };

/** `demo`: migrated and seeded with the demo brand. `empty`: migrated only. */
export type Template = 'demo' | 'empty';

export type TestDatabase = Database & { name: string };

const dumpCache = new Map<string, Promise<Buffer>>();

/**
 * `close()` of every test database: first `verifyLedger` (issue 6: "ledger:verify after every test
 * suite"), then the real close; findings fail the caller (the test file's afterAll) after the
 * database is closed, so a broken ledger in any test file fails the run. A second close is a no-op.
 */
const verifiedClose = (database: Database, name: string, close: () => Promise<void>) => {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      let failure: Error | undefined;
      try {
        const report = await verifyLedger(database.db);
        if (!report.ok)
          failure = new Error(
            `ledger:verify of test database ${name} found ${report.findings.length} problem(s):\n  ${report.findings.join('\n  ')}`,
          );
      } catch (error) {
        failure = new Error(`ledger:verify of test database ${name} could not run: ${String(error)}`, {
          cause: error,
        });
      }
      await close();
      if (failure) throw failure;
    })();
    return closing;
  };
};

/**
 * A database of its own for one test (or one test file): a copy of a template database on
 * PostgreSQL, an in-memory PGlite loaded from the template's dump otherwise. `close()` verifies
 * the ledger, closes it and, on PostgreSQL, drops it.
 */
export const createTestDatabase = async (template: Template = 'demo'): Promise<TestDatabase> => {
  const setup = inject('khelaTestDatabases');
  if (setup.kind === 'pglite') {
    const path = setup.dumps[template];
    let dump = dumpCache.get(path);
    if (!dump) {
      dump = readFile(path);
      dumpCache.set(path, dump);
    }
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([await dump]) });
    const name = `pglite:${template}`;
    return { ...database, name, close: verifiedClose(database, name, database.close) };
  }

  const name = `${setup.prefix}_${randomBytes(5).toString('hex')}`;
  const create = `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(`${setup.prefix}_${template}`)}`;
  // Two copies of one template started at the same instant can collide ("being accessed by
  // other users"); wait a moment and try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(setup.adminUrl, create);
      break;
    } catch (error) {
      if (!isObjectInUse(error) || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(setup.adminUrl, name),
    poolSize: 4,
  });
  return {
    ...database,
    name,
    close: verifiedClose(database, name, async () => {
      await database.close();
      await dropDatabase(setup.adminUrl, name);
    }),
  };
};

/**
 * Another pool of `poolSize` connections on a test database, for tests whose statements must run
 * truly in parallel or on one connection: PostgreSQL only (PGlite has one session), so undefined
 * on PGlite. The caller closes it before the database.
 */
export const openPostgresPool = async (database: TestDatabase, poolSize: number) => {
  const setup = inject('khelaTestDatabases');
  if (setup.kind !== 'postgres') return undefined;
  return openDatabase({ kind: 'postgres', url: databaseUrl(setup.adminUrl, database.name), poolSize });
};
