import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/database';
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
 * A database of its own for one test (or one test file): a copy of a template database on
 * PostgreSQL, an in-memory PGlite loaded from the template's dump otherwise. `close()` closes it
 * and, on PostgreSQL, drops it.
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
    return { ...database, name: `pglite:${template}` };
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
    close: async () => {
      await database.close();
      await dropDatabase(setup.adminUrl, name);
    },
  };
};
