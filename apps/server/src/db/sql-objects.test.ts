import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { migrateToLatest } from './migrate';
import { readSqlFiles, type SqlFile } from './sql-files';
import { loadSqlObjects, orderSqlObjects, parseSqlObject } from './sql-objects';

const file = (module: string, name: string, text: string): SqlFile => ({ module, name, text });

const fn = (name: string, args = '', body = 'BEGIN RETURN 1; END;') =>
  `CREATE OR REPLACE FUNCTION ${name}(${args}) RETURNS integer LANGUAGE plpgsql AS $$ ${body} $$;\n`;

describe('sql/ files: what they define and the order they are applied in', () => {
  it('reads functions, triggers with their table, domains and requirements', () => {
    const object = parseSqlObject(
      file(
        'wallet',
        'x',
        `-- requires: wallet/y\n${fn('x_one')}CREATE FUNCTION x_trigger() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE CONSTRAINT TRIGGER x_after AFTER INSERT ON journal_line DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.entry_id IS NOT NULL) EXECUTE FUNCTION x_trigger();`,
      ),
    );
    expect(object).toMatchObject({
      name: 'wallet/x',
      requires: ['wallet/y'],
      functions: ['x_one', 'x_trigger'],
      triggers: [{ name: 'x_after', table: 'journal_line' }],
      domains: [],
    });
    expect(object.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a file that defines nothing, mixes domains with code, or keeps a trigger away from its function', () => {
    expect(() => parseSqlObject(file('a', 'empty', '-- CREATE FUNCTION f() in a comment only\n'))).toThrow(
      /defines no function/,
    );
    expect(() => parseSqlObject(file('a', 'mixed', `CREATE DOMAIN d AS text;\n${fn('f')}`))).toThrow(
      /only domains/,
    );
    expect(() =>
      parseSqlObject(
        file('a', 't', `${fn('f')}CREATE TRIGGER t BEFORE DELETE ON x FOR EACH ROW EXECUTE FUNCTION g();`),
      ),
    ).toThrow(/calls g, which another file defines/);
  });

  it('orders by requirement, then by name, and refuses duplicates, unknown requirements and cycles', () => {
    const objects = [
      file('b', 'z', fn('z')),
      file('a', 'late', `-- requires: b/z\n${fn('late')}`),
      file('a', 'early', fn('early')),
    ].map(parseSqlObject);
    expect(orderSqlObjects(objects).map((o) => o.name)).toEqual(['a/early', 'b/z', 'a/late']);
    expect(() =>
      orderSqlObjects([file('a', 'one', fn('f')), file('b', 'two', fn('f'))].map(parseSqlObject)),
    ).toThrow(/function f is defined by both a\/one.sql and b\/two.sql/);
    expect(() =>
      orderSqlObjects([file('a', 'one', `-- requires: a/none\n${fn('f')}`)].map(parseSqlObject)),
    ).toThrow(/requires a\/none, which does not exist/);
    expect(() =>
      orderSqlObjects(
        [
          file('a', 'one', `-- requires: a/two\n${fn('f')}`),
          file('a', 'two', `-- requires: a/one\n${fn('g')}`),
        ].map(parseSqlObject),
      ),
    ).toThrow(/cycle/);
  });

  it("holds every module's files: each function, trigger and domain defined once", () => {
    const { types, code } = loadSqlObjects();
    expect(types.flatMap((o) => o.domains)).toContain('ledger_entry_id');
    const functions = code.flatMap((o) => o.functions);
    expect(new Set(functions).size).toBe(functions.length);
    // wallet_transfer comes after what it calls.
    const order = code.map((o) => o.name);
    expect(order.indexOf('wallet/wallet_transfer')).toBeGreaterThan(order.indexOf('identity/session_member'));
    expect(order.indexOf('wallet/wallet_transfer')).toBeGreaterThan(order.indexOf('wallet/ledger_post'));
  });
});

describe('the migrator applies sql/ files', () => {
  let database: TestDatabase;
  const real = readSqlFiles();
  const functionsNamed = async (name: string) =>
    (
      await sql<{ signature: string }>`SELECT oid::regprocedure::text AS signature FROM pg_proc
        WHERE proname = ${name} ORDER BY 1`.execute(database.db)
    ).rows.map((r) => r.signature);
  const triggersOn = async (table: string) =>
    (
      await sql<{
        name: string;
      }>`SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relname = ${table} AND NOT t.tgisinternal ORDER BY 1`.execute(database.db)
    ).rows.map((r) => r.name);

  beforeAll(async () => {
    database = await createTestDatabase('empty');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('once: a migrated database is current, and a second run applies nothing', async () => {
    expect(await migrateToLatest(database.db)).toEqual({ migrations: [], objects: [] });
    const recorded = await sql<{ name: string }>`SELECT name FROM db_object ORDER BY name`.execute(
      database.db,
    );
    expect(recorded.rows.map((r) => r.name)).toEqual(real.map((f) => `${f.module}/${f.name}`).sort());
  });

  it('again when its text changes: a new signature replaces the old one, nothing else is touched', async () => {
    const extra = file('wallet', 'probe', `${fn('khela_probe', 'a integer')}`);
    const first = await migrateToLatest(database.db, loadSqlObjects([...real, extra]));
    expect(first.objects).toEqual(['wallet/probe']);
    expect(await functionsNamed('khela_probe')).toEqual(['khela_probe(integer)']);
    const changed = file('wallet', 'probe', `${fn('khela_probe', 'a integer, b text')}`);
    expect((await migrateToLatest(database.db, loadSqlObjects([...real, changed]))).objects).toEqual([
      'wallet/probe',
    ]);
    expect(await functionsNamed('khela_probe')).toEqual(['khela_probe(integer,text)']);
    // A file removed: what it defined goes, and its record.
    expect((await migrateToLatest(database.db, loadSqlObjects(real))).objects).toEqual(['-wallet/probe']);
    expect(await functionsNamed('khela_probe')).toEqual([]);
  });

  it('again when something it defines is missing, triggers with their function', async () => {
    const before = await triggersOn('ledger_account');
    expect(before).toEqual([
      'ledger_account_fixed',
      'ledger_account_no_delete',
      'ledger_account_no_truncate',
      'ledger_account_valid',
    ]);
    await sql`DROP TRIGGER ledger_account_fixed ON ledger_account`.execute(database.db);
    await sql`DROP FUNCTION session_member`.execute(database.db);
    const run = await migrateToLatest(database.db);
    expect(run.objects).toEqual(['identity/session_member', 'wallet/ledger_account_fixed']);
    expect(await triggersOn('ledger_account')).toEqual(before);
    expect(await functionsNamed('session_member')).toHaveLength(1);
  });

  it('refuses a change that would drop a trigger of another file, and changes nothing then', async () => {
    // ledger_append_only's triggers are its file's; a file that took the function over without
    // them could not drop it: the run fails whole.
    const withoutAppendOnly = real.filter((f) => f.name !== 'ledger_append_only');
    const thief = file('wallet', 'thief', fn('ledger_append_only'));
    await expect(migrateToLatest(database.db, loadSqlObjects([...withoutAppendOnly, thief]))).rejects.toThrow(
      /trigger \w+\.\w+ calls ledger_append_only of wallet\/thief\.sql: define the trigger in that file/,
    );
    expect(await migrateToLatest(database.db)).toEqual({ migrations: [], objects: [] });
  });
});
