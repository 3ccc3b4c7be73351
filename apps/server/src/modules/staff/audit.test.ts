import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { appendAudit, canonicalJson, verifyChain } from './audit';
import { bo, staffLogin } from './test-support';
import { verifyAuditOn } from './verify-cli';

describe('hash-chained staff audit log', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createClock>;
  beforeEach(async () => {
    clock = createClock('2026-03-04T09:00:00Z');
    t = await createTestApp({ now: clock.now });
    const owner = await staffLogin(t.app, clock, 'owner');
    for (const body of ['one', 'two', 'three']) {
      await bo(t.app, owner, {
        method: 'POST',
        url: '/bo/api/members/notes',
        payload: { memberId: 1, body },
      });
    }
  });
  afterEach(async () => {
    await t.close();
  });

  /** Tampering as the superuser would: triggers off, the change, triggers on again. */
  const withTriggersOff = async (...statements: ReturnType<typeof sql>[]) => {
    await sql`ALTER TABLE bo_audit DISABLE TRIGGER USER`.execute(t.db);
    for (const statement of statements) await statement.execute(t.db);
    await sql`ALTER TABLE bo_audit ENABLE TRIGGER USER`.execute(t.db);
  };

  it('keys canonical JSON in order at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":2,"f":1}]},"b":1}',
    );
  });

  it('verifies an intact chain', async () => {
    expect(await verifyChain(t.db)).toMatchObject({ ok: true, rows: 4 });
    const lines: string[] = [];
    expect(
      await verifyAuditOn(
        t.db,
        'test',
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(0);
    expect(lines[0]).toContain('OK, 4 rows');
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(sql`UPDATE bo_audit SET action = 'x' WHERE id = 2`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM bo_audit WHERE id = 2`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE bo_audit`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('catches an edited row', async () => {
    await withTriggersOff(sql`UPDATE bo_audit SET after = '{"noteId": 1, "body": "edited"}' WHERE id = 3`);
    expect(await verifyChain(t.db)).toMatchObject({
      ok: false,
      brokenAt: '3',
      reason: 'content does not match its hash',
    });
    const lines: string[] = [];
    expect(
      await verifyAuditOn(
        t.db,
        'test',
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(1);
    expect(lines[0]).toContain('BROKEN at row 3');
  });

  it('catches a deleted row, in the middle or at the end', async () => {
    await withTriggersOff(sql`DELETE FROM bo_audit WHERE id = 2`);
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, brokenAt: '2' });
  });

  it('catches the last row deleted (the head names it)', async () => {
    await withTriggersOff(sql`DELETE FROM bo_audit WHERE id = 4`);
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, brokenAt: '4' });
  });

  it('catches reordered rows', async () => {
    await withTriggersOff(
      sql`UPDATE bo_audit SET id = 1000 WHERE id = 2`,
      sql`UPDATE bo_audit SET id = 2 WHERE id = 3`,
      sql`UPDATE bo_audit SET id = 3 WHERE id = 1000`,
    );
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, brokenAt: '2' });
  });

  it('stays linear when many writers append at once', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db
          .transaction()
          .execute((trx) => appendAudit(trx, null, { action: 'test.parallel', after: { i } }, clock.now())),
      ),
    );
    expect(await verifyChain(t.db)).toMatchObject({ ok: true, rows: 16 });
  });
});
