import { describe, expect, it } from 'vitest';
import { adminPool, adminQuery, dropStaleRunDatabases, quoteIdent } from './pg-admin';

const url = process.env.DATABASE_URL as string;

/** The clean-up of databases that killed test runs left behind (PostgreSQL only: `*.pg.test.ts`). */
describe('dropStaleRunDatabases', () => {
  it('drops old run databases and leaves young ones and other names alone', async () => {
    const admin = url;
    const hour = 60 * 60 * 1000;
    const suffix = Math.random().toString(16).slice(2, 8).padEnd(6, '0');
    const old = `khela_test_${(Date.now() - 10 * hour).toString(36)}_${suffix}_demo`;
    const young = `khela_test_${(Date.now() - hour).toString(36)}_${suffix}_demo`;
    const other = `khela_test_other_${suffix}`;
    for (const name of [old, young, other]) await adminQuery(admin, `CREATE DATABASE ${quoteIdent(name)}`);
    const pool = adminPool(admin);
    try {
      const dropped = await dropStaleRunDatabases(pool, 6 * hour);
      expect(dropped).toContain(old);
      expect(dropped).not.toContain(young);
      expect(dropped).not.toContain(other);
      const { rows } = await pool.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname = ANY($1)',
        [[old, young, other]],
      );
      expect(rows.map((r) => r.datname).sort()).toEqual([other, young].sort());
    } finally {
      for (const name of [old, young, other]) await pool.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
      await pool.end();
    }
  });
});
