import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { generateSchemaTypes, SCHEMA_TYPES_FILE } from './codegen';

/**
 * The checked-in row types (schema.generated.ts) are what the migrations produce: generated again
 * from a freshly migrated database (the run's template) and compared byte for byte.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('empty');
});

afterAll(async () => {
  await database?.close();
});

describe('the generated row types', () => {
  it('match the migrated database (after a schema change: npm run db:types)', async () => {
    const generated = await generateSchemaTypes(database.db);
    expect(generated, 'schema.generated.ts is out of date: run `npm run db:types`').toBe(
      await readFile(SCHEMA_TYPES_FILE, 'utf8'),
    );
    // The narrower types of column-types.ts are in it, and no table of the migrator's own.
    expect(generated).toContain('type: Generated<MemberType>;');
    expect(generated).not.toMatch(/kysely_migration|db_object/);
  });
});
