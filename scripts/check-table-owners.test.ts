import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkTableOwners, schemaTables, tablesQueried } from './check-table-owners.ts';

let root = '';
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const mod = (name: string, file: string) => `apps/server/src/modules/${name}/${file}`;
const TABLES = ['member', 'member_session', 'ledger_account'];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'khela-tables-'));
  put(
    'apps/server/src/db/schema.generated.ts',
    `// @generated\nexport interface Member { id: number }\nexport interface DB {\n  ledger_account: Ledger;\n  member: Member;\n  member_session: S;\n}\n`,
  );
  put(
    'scripts/table-owners.txt',
    '# owners\nmember identity\nmember_session identity\nledger_account wallet\n',
  );
  put('scripts/table-access-exceptions.txt', '# none\n');
  put(mod('identity', 'store.ts'), "db.selectFrom('member as m').innerJoin('member_session', 'x', 'y');\n");
  put(mod('wallet', 'store.ts'), "db.insertInto('ledger_account');\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('table owners check', () => {
  it('reads the tables of the generated DB interface only', () => {
    expect(
      schemaTables(`export interface X {\n  a: 1;\n}\nexport interface DB {\n  b_c: T;\n  d: U;\n}\n`),
    ).toEqual(['b_c', 'd']);
  });

  it('finds Kysely and raw SQL query sites but not comments or longer names', () => {
    expect(tablesQueried("db.updateTable('member').set({})", TABLES, false)).toEqual(['member']);
    expect(tablesQueried('sql`SELECT 1 FROM ledger_account a`', TABLES, false)).toEqual(['ledger_account']);
    expect(tablesQueried('// read from member here\nconst x = 1;', TABLES, false)).toEqual([]);
    expect(tablesQueried("db.selectFrom('member_session')", TABLES, false)).toEqual(['member_session']);
    expect(tablesQueried('-- update member\nSELECT * FROM member_session;', TABLES, true)).toEqual([
      'member_session',
    ]);
  });

  it('passes a tree where each module queries its own tables', () => {
    expect(checkTableOwners(root).problems).toEqual([]);
  });

  it('fails on a query of another module’s table, and passes once it is listed as an exception', () => {
    put(mod('wallet', 'names.ts'), "export const q = (db) => db.selectFrom('member').selectAll();\n");
    expect(checkTableOwners(root).problems).toEqual([
      'apps/server/src/modules/wallet/names.ts: queries member, a table of the identity module (ask it through its index)',
    ]);
    put('scripts/table-access-exceptions.txt', 'apps/server/src/modules/wallet/names.ts member\n');
    expect(checkTableOwners(root)).toMatchObject({ problems: [], violations: 1, exceptions: 1 });
  });

  it('fails on a stale exception, a table without an owner and an owner that is no module', () => {
    put('scripts/table-access-exceptions.txt', 'apps/server/src/modules/wallet/store.ts member\n');
    put('scripts/table-owners.txt', 'member identity\nledger_account ledger\n');
    expect(checkTableOwners(root).problems).toEqual([
      'member_session: a table without an owner (add it to scripts/table-owners.txt)',
      'scripts/table-owners.txt: ledger_account is owned by ledger, no module of apps/server/src/modules',
      'apps/server/src/modules/wallet/store.ts: queries ledger_account, a table of the ledger module (ask it through its index)',
      'scripts/table-access-exceptions.txt: "apps/server/src/modules/wallet/store.ts member" is no longer a violation; take the line off',
    ]);
  });

  it('leaves tests and test support aside', () => {
    put(mod('wallet', 'wallet.test.ts'), "db.selectFrom('member')\n");
    put(mod('wallet', 'test-support.ts'), "db.deleteFrom('member')\n");
    expect(checkTableOwners(root).problems).toEqual([]);
  });
});
