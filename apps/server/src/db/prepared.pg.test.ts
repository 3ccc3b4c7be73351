import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openPostgresPool, type TestDatabase } from '../../test/helpers';
import type { Database } from './database';
import { PREPARED } from './prepared';

/**
 * `PREPARED` statements are named statements on PostgreSQL, parsed once per connection
 * (`*.pg.test.ts`: runs when DATABASE_URL is set). One connection, so that every call meets the
 * statements the earlier ones prepared.
 */
let database: TestDatabase;
let one: Database;

beforeAll(async () => {
  database = await createTestDatabase('demo');
  const pool = await openPostgresPool(database, 1);
  if (!pool) throw new Error('*.pg.test.ts needs DATABASE_URL');
  one = pool;
});

afterAll(async () => {
  await one?.close();
  await database?.close();
});

const prepared = async () =>
  (
    await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements ORDER BY statement`.execute(
      one.db,
    )
  ).rows.map((r) => r.statement);

describe('PREPARED statements on PostgreSQL', () => {
  it('prepares a marked statement once per connection and answers every call with its own parameters', async () => {
    const marked = (n: number) => sql<{ twice: number }>`${PREPARED} SELECT ${n}::integer * 2 AS twice`;
    expect((await marked(2).execute(one.db)).rows).toEqual([{ twice: 4 }]);
    expect((await marked(21).execute(one.db)).rows).toEqual([{ twice: 42 }]);
    const statements = await prepared();
    expect(statements.filter((s) => s.includes('::integer * 2 AS twice'))).toHaveLength(1);
  });

  it('leaves unmarked statements unnamed', async () => {
    await sql`SELECT ${3}::integer + 1 AS unmarked_sum`.execute(one.db);
    expect((await prepared()).some((s) => s.includes('unmarked_sum'))).toBe(false);
  });

  it('a refused marked statement is answered as an error, and the next call still works', async () => {
    const divide = (n: number) => sql<{ q: number }>`${PREPARED} SELECT 10 / ${n}::integer AS q`;
    await expect(divide(0).execute(one.db)).rejects.toMatchObject({ code: '22012' });
    expect((await divide(5).execute(one.db)).rows).toEqual([{ q: 2 }]);
  });
});
