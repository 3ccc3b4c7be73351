import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { catalogueSnapshot } from '../../test/catalogue';
import { adminQuery, databaseUrl, dropDatabase, quoteIdent } from '../../test/pg-admin';
import { type Database, openDatabase } from './database';
import { migrateToLatest } from './migrate';

/**
 * A database migrated before the modules' database code moved out of the migrations (main at
 * 0cf4c18: `test/fixtures/migrated-before-sql-objects.sql`, its pg_dump) and then upgraded ends up
 * with exactly the schema of a database migrated fresh: the same functions (bodies by md5),
 * triggers, constraints, domains, columns and indexes (docs/decisions/025-database-code-in-modules.md).
 */
const setup = inject('khelaTestDatabases');
const made: string[] = [];
const open: Database[] = [];

const newDatabase = async () => {
  if (setup.kind !== 'postgres') throw new Error('*.pg.test.ts needs DATABASE_URL');
  const name = `${setup.prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(setup.adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
  made.push(name);
  const url = databaseUrl(setup.adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  open.push(database);
  return { url, database };
};

afterAll(async () => {
  for (const database of open) await database.close();
  if (setup.kind === 'postgres') for (const name of made) await dropDatabase(setup.adminUrl, name);
});

describe('a database migrated before the database code moved into the modules', () => {
  it('upgrades to exactly the schema of a fresh one, and a second run changes nothing', async () => {
    const fresh = await newDatabase();
    const freshRun = await migrateToLatest(fresh.database.db);
    expect(freshRun.objects.length).toBeGreaterThan(10);

    const old = await newDatabase();
    // pg_dump's own session settings (an empty search_path) stay in this client.
    const loader = new pg.Client({ connectionString: old.url });
    await loader.connect();
    try {
      await loader.query(
        await readFile(
          new URL('../../test/fixtures/migrated-before-sql-objects.sql', import.meta.url),
          'utf8',
        ),
      );
    } finally {
      await loader.end();
    }
    const before = await catalogueSnapshot(old.database.db);
    // Not the same schema yet: the old wallet_transfer, no session_member, no record of objects.
    expect(before.functions.map((f) => (f as { signature: string }).signature)).toContain(
      'wallet_transfer(text,integer,timestamp with time zone,timestamp with time zone,timestamp with time zone,integer[],integer,text,text,text,text,text,text,text,jsonb,timestamp with time zone,text[],bigint[])',
    );
    expect(before).not.toEqual(await catalogueSnapshot(fresh.database.db));

    const upgrade = await migrateToLatest(old.database.db);
    expect(upgrade.objects).toEqual(freshRun.objects);
    expect(await catalogueSnapshot(old.database.db)).toEqual(await catalogueSnapshot(fresh.database.db));

    expect(await migrateToLatest(old.database.db)).toEqual({ migrations: [], objects: [] });
    expect(await migrateToLatest(fresh.database.db)).toEqual({ migrations: [], objects: [] });
  });
});
