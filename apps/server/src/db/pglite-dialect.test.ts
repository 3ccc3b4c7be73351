import { PGlite } from '@electric-sql/pglite';
import { type Generated, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDialect } from './pglite-dialect';

type CounterDB = { counter: { id: number; value: number }; log: { id: Generated<number>; step: string } };

/** PGlite has one session: the dialect must hand it to one transaction at a time. */
describe('PGlite dialect', () => {
  let client: PGlite;
  let db: Kysely<CounterDB>;

  beforeAll(async () => {
    client = await PGlite.create();
    db = new Kysely<CounterDB>({ dialect: pgliteDialect(client) });
    await sql`CREATE TABLE counter (id integer PRIMARY KEY, value integer NOT NULL);
      INSERT INTO counter VALUES (1, 0);
      CREATE TABLE log (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, step text NOT NULL)`.execute(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await client?.close();
  });

  const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

  it('serialises concurrent read-then-write transactions', async () => {
    const runs = 25;
    await Promise.all(
      Array.from({ length: runs }, (_, i) =>
        db.transaction().execute(async (trx) => {
          const { value } = await trx
            .selectFrom('counter')
            .select('value')
            .where('id', '=', 1)
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('log')
            .values({ step: `begin ${i}` })
            .execute();
          // Yield to the event loop: without the mutex another transaction would run its read here.
          await pause();
          await trx
            .updateTable('counter')
            .set({ value: value + 1 })
            .where('id', '=', 1)
            .execute();
          await trx
            .insertInto('log')
            .values({ step: `end ${i}` })
            .execute();
        }),
      ),
    );
    const { value } = await db
      .selectFrom('counter')
      .select('value')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(value).toBe(runs);
    // Each transaction's begin is followed directly by its own end.
    const steps = (await db.selectFrom('log').select('step').orderBy('id').execute()).map((r) => r.step);
    for (let i = 0; i < steps.length; i += 2) {
      expect(steps[i + 1]).toBe(steps[i]?.replace('begin', 'end'));
    }
  });

  it('rolls back a failed transaction without blocking the next one', async () => {
    const before = await db
      .selectFrom('counter')
      .select('value')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const failing = db.transaction().execute(async (trx) => {
      await trx.updateTable('counter').set({ value: 1000 }).where('id', '=', 1).execute();
      await pause();
      throw new Error('boom');
    });
    const next = db
      .transaction()
      .execute(async (trx) =>
        trx.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow(),
      );
    await expect(failing).rejects.toThrow('boom');
    // The second transaction never saw the uncommitted write of the first.
    expect((await next).value).toBe(before.value);
    const after = await db
      .selectFrom('counter')
      .select('value')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(after.value).toBe(before.value);
  });

  it('keeps plain queries out of an open transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const trx = db.transaction().execute(async (tx) => {
      await tx.updateTable('counter').set({ value: -1 }).where('id', '=', 1).execute();
      await held;
      throw new Error('undo');
    });
    await pause();
    const outside = db.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
    release();
    await expect(trx).rejects.toThrow('undo');
    expect((await outside).value).not.toBe(-1);
  });

  it('runs several statements in one unparameterised query', async () => {
    await sql`UPDATE counter SET value = value + 1 WHERE id = 1; UPDATE counter SET value = value + 1 WHERE id = 1`.execute(
      db,
    );
    const rows = await sql<{ n: number }>`SELECT 1 AS n; SELECT 2 AS n`.execute(db);
    expect(rows.rows).toEqual([{ n: 2 }]);
  });
});
