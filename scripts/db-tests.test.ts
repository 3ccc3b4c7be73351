import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseTests } from './db-tests.ts';

let root = '';
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'khela-db-tests-'));
  put('apps/server/test/helpers.ts', 'export const createTestApp = async () => ({});\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('server tests that touch the database', () => {
  it('finds the helpers, named services, own databases, and helpers reached through support modules', () => {
    put('apps/server/src/modules/a/a.test.ts', "import { createTestApp } from '../../../test/helpers';\n");
    put('apps/server/src/modules/b/b.pg.test.ts', "import { x } from './pure';\n");
    put('apps/server/src/modules/c/c.redis.test.ts', '');
    put('apps/server/src/modules/d/d.test.ts', 'const url = process.env.DATABASE_URL;\n');
    put(
      'apps/server/src/modules/e/suite.ts',
      "import { createTestApp } from '../../../test/helpers';\nexport const run = () => createTestApp();\n",
    );
    put('apps/server/src/modules/e/support.ts', "export { run } from './suite';\n");
    put('apps/server/src/modules/e/e.test.ts', "import { run } from './support';\n");
    put('apps/server/src/modules/f/pure.ts', 'export const x = 1;\n');
    put('apps/server/src/modules/f/f.test.ts', "import { x } from './pure';\n");
    put('apps/server/test/http.test.ts', "import { createTestApp } from './helpers';\n");
    // PGlite by design (its own folder on disk): the same test on both passes, so never listed.
    put('apps/server/test/backup.pglite.test.ts', "import { openDatabase } from '../src/db/database';\n");
    expect(databaseTests(root)).toEqual([
      'apps/server/src/modules/a/a.test.ts',
      'apps/server/src/modules/b/b.pg.test.ts',
      'apps/server/src/modules/c/c.redis.test.ts',
      'apps/server/src/modules/d/d.test.ts',
      'apps/server/src/modules/e/e.test.ts',
      'apps/server/test/http.test.ts',
    ]);
  });

  it('an import cycle between support modules ends', () => {
    put('apps/server/src/m/one.ts', "import { two } from './two';\nexport const one = 1;\n");
    put('apps/server/src/m/two.ts', "import { one } from './one';\nexport const two = 2;\n");
    put('apps/server/src/m/m.test.ts', "import { one } from './one';\n");
    expect(databaseTests(root)).toEqual([]);
  });
});
