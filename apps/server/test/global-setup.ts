import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { pgliteDialect } from '../src/db/pglite-dialect';
import type { DB } from '../src/db/schema';
import { seedIfEmpty } from '../src/db/seed';
import {
  adminPool,
  databaseUrl,
  dropDatabasesWithPrefix,
  dropStaleRunDatabases,
  newRunPrefix,
  quoteIdent,
} from './pg-admin';
import { DEMO_PUBLIC_URL, type TestDatabases } from './test-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    khelaTestDatabases: TestDatabases;
  }
}

/**
 * Prepares the databases the server tests start from, once per run:
 * - PostgreSQL (DATABASE_URL set): two template databases with a name unique to this run, one
 *   migrated (`empty`) and one migrated and seeded with the demo brand (`demo`). Each test copies
 *   one with `CREATE DATABASE x TEMPLATE y`; everything with the run's prefix is dropped at the end.
 * - PGlite (DATABASE_URL unset): the same two states built once and dumped to temp files, so each
 *   test opens its own in-memory database from a dump in about half a second.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const prefix = newRunPrefix(randomBytes(3).toString('hex'));
    const admin = adminPool(url);
    try {
      await dropStaleRunDatabases(admin, 6 * 60 * 60 * 1000);
      for (const template of ['empty', 'demo'] as const) {
        const name = `${prefix}_${template}`;
        await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
        const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), poolSize: 1 });
        try {
          await migrateToLatest(database.db);
          if (template === 'demo')
            await seedIfEmpty(database.db, { mode: 'demo', publicUrl: DEMO_PUBLIC_URL });
        } finally {
          await database.close();
        }
      }
    } catch (error) {
      await dropDatabasesWithPrefix(admin, prefix);
      await admin.end();
      throw error;
    }
    await admin.end();
    project.provide('khelaTestDatabases', { kind: 'postgres', adminUrl: url, prefix });
    return async () => {
      const teardown = adminPool(url);
      try {
        await dropDatabasesWithPrefix(teardown, prefix);
      } finally {
        await teardown.end();
      }
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'khela-test-'));
  const client = await PGlite.create();
  const db = new Kysely<DB>({ dialect: pgliteDialect(client) });
  const dumps = { empty: join(dir, 'empty.tar'), demo: join(dir, 'demo.tar') };
  try {
    await migrateToLatest(db);
    await writeFile(dumps.empty, await dumpOf(client));
    await seedIfEmpty(db, { mode: 'demo', publicUrl: DEMO_PUBLIC_URL });
    await writeFile(dumps.demo, await dumpOf(client));
  } finally {
    await db.destroy();
    await client.close();
  }
  project.provide('khelaTestDatabases', { kind: 'pglite', dumps });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

const dumpOf = async (client: PGlite) => {
  // Uncompressed: larger on disk, but each test loads it faster than a gzip dump.
  const blob = await client.dumpDataDir('none');
  return Buffer.from(await blob.arrayBuffer());
};
