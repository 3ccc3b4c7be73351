import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { generateSchemaTypes, SCHEMA_TYPES_FILE } from './codegen';

/**
 * The checked-in row types (schema.generated.ts and schema/*.generated.ts, one file per owning
 * module) are what the migrations produce: generated again from a freshly migrated database (the
 * run's template) and compared byte for byte, file by file, with no file left over.
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
    const files = await generateSchemaTypes(database.db);
    for (const [path, text] of files)
      expect(text, `${path} is out of date: run \`npm run db:types\``).toBe(await readFile(path, 'utf8'));
    expect(files.has(SCHEMA_TYPES_FILE)).toBe(true);
    const dir = fileURLToPath(new URL('./schema/', import.meta.url));
    const checkedIn = (await readdir(dir)).filter((name) => name.endsWith('.generated.ts'));
    expect(checkedIn.map((name) => join(dir, name)).sort()).toEqual(
      [...files.keys()].filter((path) => path !== SCHEMA_TYPES_FILE).sort(),
    );
    const generated = [...files.values()].join('\n');
    // The narrower types of column-types.ts are in it, and no table of the migrator's own.
    expect(generated).toContain('type: Generated<MemberType>;');
    expect(generated).not.toMatch(/kysely_migration|db_object/);
  });
});
