import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { DB } from '../../db/schema';
import { isRetryable, LedgerInvariantError, type PostInput, post, verifyLedger } from './ledger';
import type { WalletService } from './service';
import { newMember } from './test-support';

let t: TestApp;
let wallet: WalletService;

beforeAll(async () => {
  t = await createTestApp();
  wallet = t.app.services.wallet;
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const base = { merchantCode: 'khelabd', currency: 'BDT' } as const;

/** A member with a main wallet holding `amount` (posted from the house account). */
const funded = async (amount: bigint) => {
  const { member } = await newMember(t.db);
  const mainId = await wallet.accountOf({ ...base, kind: 'member_main', memberId: member.id });
  if (amount > 0n) await wallet.grantDemoCredit(member.id, { amount });
  return { member, mainId };
};

const balanceOf = async (accountId: string) =>
  BigInt(
    (
      await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).balance,
  );

const counts = async () => {
  const r = await sql<{ e: string; l: string }>`
    SELECT (SELECT count(*) FROM journal_entry)::text AS e, (SELECT count(*) FROM journal_line)::text AS l`.execute(
    t.db,
  );
  return r.rows[0];
};

const houseId = () => wallet.accountOf({ ...base, kind: 'house' });

/** An adjustment moving `amount` from a member's main wallet to the house account. */
const toHouse = (key: string, mainId: string, house: string, amount: bigint): PostInput => ({
  merchantCode: 'khelabd',
  idempotencyKey: key,
  kind: 'adjustment',
  lines: [
    { accountId: mainId, amount: -amount },
    { accountId: house, amount },
  ],
});

/** A journal entry written by hand, past the ledger's own post (its lines are the caller's). */
const insertHandEntry = (db: Kysely<DB>, id: string) =>
  sql`INSERT INTO journal_entry (id, merchant_code, idempotency_key, kind, request_hash, created_at)
    VALUES (${id}, 'khelabd', ${`hand-${id}`}, 'hand', ${'0'.repeat(64)}, now())`.execute(db);

describe('ledger post', () => {
  it('moves money between accounts and keeps the balances on the rows', async () => {
    const { member, mainId } = await funded(50_000n);
    const vendorId = await wallet.accountOf({
      ...base,
      kind: 'member_vendor',
      memberId: member.id,
      vendorCode: 'PG',
    });
    const result = await wallet.post({
      merchantCode: 'khelabd',
      idempotencyKey: `t-basic-${member.id}`,
      kind: 'transfer',
      lines: [
        { accountId: mainId, amount: -12_345n },
        { accountId: vendorId, amount: 12_345n },
      ],
    });
    expect(result.replayed).toBe(false);
    expect(result.lines.map((l) => [l.amount, l.balanceAfter, l.currency])).toEqual([
      [-12_345n, 37_655n, 'BDT'],
      [12_345n, 12_345n, 'BDT'],
    ]);
    expect(await balanceOf(mainId)).toBe(37_655n);
    expect(await balanceOf(vendorId)).toBe(12_345n);
    const balance = await wallet.balance(member);
    expect(balance.sumBalance).toBe('500.00');
    expect(balance.balance.find((b) => b.accountTypeId === 2)).toMatchObject({
      availBalance: '376.55',
      availBalanceMinor: '37655',
    });
    expect(balance.balance.find((b) => b.accountTypeName === 'PG')?.availBalance).toBe('123.45');
  });

  it('a repeated key answers the first result and writes nothing', async () => {
    const { member, mainId } = await funded(10_000n);
    const house = await houseId();
    const input = {
      merchantCode: 'khelabd',
      idempotencyKey: `t-repeat-${member.id}`,
      kind: 'withdrawal',
      lines: [
        { accountId: mainId, amount: -4_000n },
        { accountId: house, amount: 4_000n },
      ],
    };
    const first = await wallet.post(input);
    const before = await counts();
    // Lines in another order are the same request.
    const again = await wallet.post({ ...input, lines: [...input.lines].reverse() });
    expect(again).toMatchObject({ entryId: first.entryId, replayed: true });
    expect(again.lines).toEqual(first.lines);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(mainId)).toBe(6_000n);
  });

  it('the same key with another amount or account is a conflict and writes nothing', async () => {
    const { member, mainId } = await funded(10_000n);
    const other = await funded(10_000n);
    const house = await houseId();
    const key = `t-conflict-${member.id}`;
    await wallet.post({
      merchantCode: 'khelabd',
      idempotencyKey: key,
      kind: 'withdrawal',
      lines: [
        { accountId: mainId, amount: -1_000n },
        { accountId: house, amount: 1_000n },
      ],
    });
    const before = await counts();
    const houseBefore = await balanceOf(house);
    for (const lines of [
      [
        { accountId: mainId, amount: -2_000n },
        { accountId: house, amount: 2_000n },
      ],
      [
        { accountId: other.mainId, amount: -1_000n },
        { accountId: house, amount: 1_000n },
      ],
    ]) {
      await expect(
        wallet.post({ merchantCode: 'khelabd', idempotencyKey: key, kind: 'withdrawal', lines }),
      ).rejects.toMatchObject({ code: 'idempotency.conflict', status: 409 });
    }
    // Another kind with the same key is another request too.
    await expect(wallet.post(toHouse(key, mainId, house, 1_000n))).rejects.toMatchObject({
      code: 'idempotency.conflict',
    });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(mainId)).toBe(9_000n);
    expect(await balanceOf(other.mainId)).toBe(10_000n);
    expect(await balanceOf(house)).toBe(houseBefore);
  });

  it('never takes a guarded account below zero; the house account may go negative', async () => {
    const { member, mainId } = await funded(500n);
    const house = await houseId();
    const before = await counts();
    await expect(
      wallet.post({
        merchantCode: 'khelabd',
        idempotencyKey: `t-neg-${member.id}`,
        kind: 'withdrawal',
        lines: [
          { accountId: mainId, amount: -501n },
          { accountId: house, amount: 501n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'insufficient.balance', status: 409 });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(mainId)).toBe(500n);
    // The failed key is free: the same request succeeds once the money is there.
    await wallet.grantDemoCredit(member.id, { amount: 1n, key: 'top-up' });
    const ok = await wallet.post({
      merchantCode: 'khelabd',
      idempotencyKey: `t-neg-${member.id}`,
      kind: 'withdrawal',
      lines: [
        { accountId: mainId, amount: -501n },
        { accountId: house, amount: 501n },
      ],
    });
    expect(ok.lines[0]?.balanceAfter).toBe(0n);
    expect(await balanceOf(house)).toBeLessThan(0n);
  });

  it('refuses malformed entries before touching the database', async () => {
    const { member, mainId } = await funded(1_000n);
    const house = await houseId();
    const before = await counts();
    const bad = [
      [{ accountId: mainId, amount: -1n }],
      [
        { accountId: mainId, amount: -1n },
        { accountId: house, amount: 2n },
      ],
      [
        { accountId: mainId, amount: 0n },
        { accountId: house, amount: 0n },
      ],
      [
        { accountId: mainId, amount: -1n },
        { accountId: mainId, amount: 1n },
      ],
      [
        { accountId: mainId, amount: -(2n ** 53n) },
        { accountId: house, amount: 2n ** 53n },
      ],
    ];
    for (const lines of bad) {
      await expect(
        wallet.post({ merchantCode: 'khelabd', idempotencyKey: `t-bad-${member.id}`, kind: 'x', lines }),
      ).rejects.toBeInstanceOf(LedgerInvariantError);
    }
    // Another merchant's account in a khelabd entry.
    const india = await newMember(t.db, { merchantCode: 'khelain' });
    const indiaMain = await wallet.accountOf({
      merchantCode: 'khelain',
      currency: 'INR',
      kind: 'member_main',
      memberId: india.member.id,
    });
    await expect(
      wallet.post({
        merchantCode: 'khelabd',
        idempotencyKey: `t-bad-m-${member.id}`,
        kind: 'x',
        lines: [
          { accountId: mainId, amount: -1n },
          { accountId: indiaMain, amount: 1n },
        ],
      }),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await counts()).toEqual(before);
  });

  it('a reversing entry undoes an entry, once', async () => {
    const { member, mainId } = await funded(3_000n);
    const house = await houseId();
    const entry = await wallet.post(toHouse(`t-rev-${member.id}`, mainId, house, 1_000n));
    const reversal = await wallet.reverse(entry.entryId, { metadata: { reason: 'test' } });
    expect(reversal.kind).toBe('reversal');
    expect(await balanceOf(mainId)).toBe(3_000n);
    expect((await wallet.reverse(entry.entryId)).replayed).toBe(true);
    await expect(
      wallet.reverse(entry.entryId, { idempotencyKey: `another-${member.id}` }),
    ).rejects.toMatchObject({
      code: '23505',
    });
    expect(await balanceOf(mainId)).toBe(3_000n);
  });
});

describe('the database itself', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of entries and lines', async () => {
    const { mainId } = await funded(100n);
    const line = await t.db
      .selectFrom('journal_line')
      .select(['entry_id', 'line_no'])
      .where('account_id', '=', mainId)
      .executeTakeFirstOrThrow();
    const refused = [
      sql`UPDATE journal_line SET amount = amount + 1 WHERE entry_id = ${line.entry_id}`,
      sql`DELETE FROM journal_line WHERE entry_id = ${line.entry_id}`,
      sql`UPDATE journal_entry SET kind = 'other' WHERE id = ${line.entry_id}`,
      sql`DELETE FROM journal_entry WHERE id = ${line.entry_id}`,
      sql`TRUNCATE journal_line`,
      sql`TRUNCATE journal_entry CASCADE`,
      sql`DELETE FROM ledger_account WHERE id = ${mainId}`,
      sql`UPDATE ledger_account SET kind = 'house', guarded = false, member_id = NULL WHERE id = ${mainId}`,
    ];
    for (const statement of refused) {
      await expect(statement.execute(t.db)).rejects.toMatchObject({ code: expect.stringMatching(/^42501$/) });
    }
    expect(await balanceOf(mainId)).toBe(100n);
  });

  it('refuses a negative guarded balance and an unbalanced entry even when written by hand', async () => {
    const { mainId } = await funded(100n);
    const house = await houseId();
    await expect(
      sql`UPDATE ledger_account SET balance = -1 WHERE id = ${mainId}`.execute(t.db),
    ).rejects.toMatchObject({ code: '23514' });
    const id = crypto.randomUUID();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await insertHandEntry(trx, id);
        await sql`INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
          VALUES (${id}, 0, ${mainId}, 'BDT', 5, 105), (${id}, 1, ${house}, 'BDT', -4, 0)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await insertHandEntry(trx, id);
      }),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await t.db.selectFrom('journal_entry').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('refuses, at commit, lines whose account or entry is missing or whose currency is not the account’s', async () => {
    const { mainId } = await funded(100n);
    const house = await houseId();
    const before = await counts();
    const handEntry = async (lines: (id: string) => ReturnType<typeof sql>) => {
      const id = crypto.randomUUID();
      await t.db.transaction().execute(async (trx) => {
        await insertHandEntry(trx, id);
        await lines(id).execute(trx);
      });
    };
    const missing = crypto.randomUUID();
    // An account that does not exist (balanced, so only the reference is wrong).
    await expect(
      handEntry(
        (id) => sql`INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
          VALUES (${id}, 0, ${missing}, 'BDT', 5, 5), (${id}, 1, ${house}, 'BDT', -5, 0)`,
      ),
    ).rejects.toMatchObject({
      code: '23514',
      message: expect.stringMatching(/missing, of another currency/),
    });
    // The account's currency is BDT; the lines say INR (they sum to zero in INR).
    await expect(
      handEntry(
        (id) => sql`INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
          VALUES (${id}, 0, ${mainId}, 'INR', 5, 105), (${id}, 1, ${house}, 'INR', -5, 0)`,
      ),
    ).rejects.toMatchObject({ code: '23514' });
    // Lines of an entry that does not exist.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
          VALUES (${missing}, 0, ${mainId}, 'BDT', 5, 105), (${missing}, 1, ${house}, 'BDT', -5, 0)`.execute(
          trx,
        );
      }),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringMatching(/does not exist/) });
    expect(await counts()).toEqual(before);
  });

  it('sums the lines of an entry in several currencies per currency', async () => {
    const accounts: Record<string, string> = {};
    for (const [currency, owner] of [
      ['BDT', 'a'],
      ['BDT', 'b'],
      ['INR', 'a'],
      ['INR', 'b'],
    ] as const) {
      const id = crypto.randomUUID();
      await sql`INSERT INTO ledger_account (id, merchant_code, currency, kind, owner_key, guarded, created_at)
        VALUES (${id}, 'khelabd', ${currency}, 'payment_clearing', ${`test:${id}`}, false, now())`.execute(
        t.db,
      );
      accounts[`${currency}-${owner}`] = id;
    }
    const entry = (lines: [string, string, number][]) => {
      const id = crypto.randomUUID();
      return t.db.transaction().execute(async (trx) => {
        await insertHandEntry(trx, id);
        for (const [n, [account, currency, amount]] of lines.entries()) {
          await sql`UPDATE ledger_account SET balance = balance + ${amount} WHERE id = ${account}`.execute(
            trx,
          );
          await sql`INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
            VALUES (${id}, ${n}, ${account}, ${currency}, ${amount},
              (SELECT balance FROM ledger_account WHERE id = ${account}))`.execute(trx);
        }
      });
    };
    // Zero in all, but not in each currency.
    await expect(
      entry([
        [accounts['BDT-a'] ?? '', 'BDT', 5],
        [accounts['INR-a'] ?? '', 'INR', -5],
      ]),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringMatching(/does not sum to zero/) });
    await entry([
      [accounts['BDT-a'] ?? '', 'BDT', 5],
      [accounts['BDT-b'] ?? '', 'BDT', -5],
      [accounts['INR-a'] ?? '', 'INR', 3],
      [accounts['INR-b'] ?? '', 'INR', -3],
    ]);
  });

  it('checks a line added later to an entry of another transaction, even when written through the ledger’s own setting', async () => {
    const { member, mainId } = await funded(100n);
    const other = await funded(100n);
    const house = await houseId();
    const entry = await wallet.post(toHouse(`t-late-${member.id}`, mainId, house, 10n));
    const before = await counts();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
          VALUES (${entry.entryId}, 2, ${other.mainId}, 'BDT', 1, 101)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringMatching(/does not sum to zero/) });
    // A new entry in this transaction sets khela.ledger_entry; a line of any other entry is still checked.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await post(trx, toHouse(`t-late-2-${member.id}`, mainId, house, 1n));
        await sql`INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
          VALUES (${entry.entryId}, 2, ${other.mainId}, 'BDT', 1, 101)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringMatching(/does not sum to zero/) });
    expect(await counts()).toEqual(before);
  });

  it('checks a line added to a new entry of the ledger’s own post in the same transaction', async () => {
    const { member, mainId } = await funded(100n);
    const other = await funded(100n);
    const house = await houseId();
    const before = await counts();
    await expect(
      t.db.transaction().execute(async (trx) => {
        const entry = await post(trx, toHouse(`t-same-tx-${member.id}`, mainId, house, 1n));
        // The post proved its entry and cleared the setting that kept its lines from queueing a check.
        const setting = await sql<{
          v: string | null;
        }>`SELECT current_setting('khela.ledger_entry', true) AS v`.execute(trx);
        expect(setting.rows[0]?.v ?? '').toBe('');
        await sql`INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
          VALUES (${entry.entryId}, 2, ${other.mainId}, 'BDT', 1, 101)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringMatching(/does not sum to zero/) });
    expect(await counts()).toEqual(before);
  });

  it('ledger_post proves its own entry: called in SQL past the service’s checks, it refuses a broken one', async () => {
    const { mainId } = await funded(100n);
    const house = await houseId();
    const foreignHouse = await wallet.accountOf({ merchantCode: 'khelain', currency: 'INR', kind: 'house' });
    const before = await counts();
    const call = (accounts: string[], amounts: number[]) =>
      sql`SELECT ledger_post(${crypto.randomUUID()}, 'khelabd', ${`sql-${crypto.randomUUID()}`}, 'adjustment',
        ${'a'.repeat(64)}, NULL, '{}'::jsonb, now(), ${accounts}::text[], ${amounts}::bigint[])`.execute(
        t.db,
      );
    const refusals: [string[], number[], string | RegExp][] = [
      [[mainId], [0], /two lines or more/],
      [[mainId, house], [-1], /two lines or more/],
      [[mainId, mainId], [-1, 1], /each account once/],
      [[mainId, house], [-1, 2], /sum to zero/],
      [[mainId, foreignHouse], [-1, 1], /its own merchant only/],
      [[mainId, crypto.randomUUID()], [-1, 1], /its own merchant only/],
      [[mainId, house], [-101, 101], /go negative/],
    ];
    for (const [accounts, amounts, message] of refusals) {
      await expect(call(accounts, amounts)).rejects.toMatchObject({
        message: expect.stringMatching(message),
      });
    }
    // A zero line breaks the journal's format (its domain), whatever the sum.
    await expect(call([mainId, house], [0, 0])).rejects.toMatchObject({ code: '23514' });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(mainId)).toBe(100n);
  });

  it('refuses an account row that breaks a rule of its kind', async () => {
    const { member } = await newMember(t.db);
    const insert = (over: Record<string, unknown>) => {
      const a = {
        id: crypto.randomUUID(),
        currency: 'BDT',
        kind: 'member_main',
        member_id: member.id,
        vendor_code: null,
        guarded: true,
        ...over,
      };
      return sql`INSERT INTO ledger_account
          (id, merchant_code, currency, kind, member_id, vendor_code, owner_key, guarded, created_at)
        VALUES (${a.id}, 'khelabd', ${a.currency}, ${a.kind}, ${a.member_id}, ${a.vendor_code},
          ${`test:${crypto.randomUUID()}`}, ${a.guarded}, now())`.execute(t.db);
    };
    const refused = [
      { id: 'not-a-uuid' },
      { currency: 'bdt' },
      { kind: 'pocket' },
      { guarded: false },
      { member_id: null },
      { vendor_code: 'PG' },
      { kind: 'member_vendor', vendor_code: 'lower' },
      { kind: 'member_vendor' },
      { kind: 'house', guarded: false },
    ];
    for (const over of refused) {
      await expect(insert(over), JSON.stringify(over)).rejects.toMatchObject({ code: '23514' });
    }
    await insert({ kind: 'house', guarded: false, member_id: null });
    await insert({ kind: 'member_vendor', vendor_code: 'PG_2' });
  });

  it('verify finds a balance that drifted from its lines', async () => {
    const { mainId } = await funded(100n);
    expect((await wallet.verify()).ok).toBe(true);
    await sql`UPDATE ledger_account SET balance = balance + 7 WHERE id = ${mainId}`.execute(t.db);
    const report = await wallet.verify();
    expect(report.ok).toBe(false);
    expect(report.findings.join('\n')).toMatch(/balance 107 but its lines sum to 100/);
    expect(report.findings.join('\n')).toMatch(/account balances sum to 7, not 0/);
    await sql`UPDATE ledger_account SET balance = balance - 7 WHERE id = ${mainId}`.execute(t.db);
    expect(await wallet.verify()).toMatchObject({ ok: true, findings: [] });
  });

  it('posts inside a caller transaction and rolls back with it', async () => {
    const { member, mainId } = await funded(100n);
    const house = await houseId();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await post(trx, {
          merchantCode: 'khelabd',
          idempotencyKey: `t-trx-${member.id}`,
          kind: 'adjustment',
          lines: [
            { accountId: house, amount: -50n },
            { accountId: mainId, amount: 50n },
          ],
        });
        throw new Error('caller fails');
      }),
    ).rejects.toThrow('caller fails');
    expect(await balanceOf(mainId)).toBe(100n);
  });
});

describe('retries', () => {
  it('runs a transaction again after a serialization failure or deadlock, a bounded number of times', async () => {
    const { member, mainId } = await funded(1_000n);
    const house = await houseId();
    let failures = 2;
    let calls = 0;
    // The real database, except that the first attempts fail as PostgreSQL reports it.
    const bound = <T extends object>(target: T, prop: string | symbol) => {
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    };
    const flaky = new Proxy(t.db, {
      get(target, prop) {
        if (prop !== 'getExecutor') return bound(target, prop);
        return () =>
          new Proxy(target.getExecutor(), {
            get(executor, name) {
              if (name !== 'executeQuery') return bound(executor, name);
              return async (...args: Parameters<typeof executor.executeQuery>) => {
                calls += 1;
                if (failures-- > 0)
                  throw Object.assign(new Error('deadlock detected'), {
                    code: calls === 1 ? '40P01' : '40001',
                  });
                return executor.executeQuery(...args);
              };
            },
          });
      },
    }) as Kysely<DB>;
    const input = {
      merchantCode: 'khelabd',
      idempotencyKey: `t-retry-${member.id}`,
      kind: 'withdrawal',
      lines: [
        { accountId: mainId, amount: -10n },
        { accountId: house, amount: 10n },
      ],
    };
    await post(flaky, input);
    expect(calls).toBe(3);
    expect(await balanceOf(mainId)).toBe(990n);
    failures = 100;
    calls = 0;
    await expect(
      post(flaky, { ...input, idempotencyKey: `t-retry2-${member.id}` }, { maxAttempts: 4 }),
    ).rejects.toMatchObject({
      code: '40001',
    });
    expect(calls).toBe(4);
    expect(isRetryable({ code: '23505' })).toBe(false);
    expect(await balanceOf(mainId)).toBe(990n);
  });
});
