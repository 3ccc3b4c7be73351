import { randomUUID } from 'node:crypto';
import { MAX_MINOR } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { mainBalance, staffCall } from './test-support';

/** ADR 029: no balance leaves ±(2^53 − 1) minor units, so every answer carrying one is exact. */
describe('balances stay safe integers', () => {
  let t: TestApp;
  const clock = createClock('2026-11-20T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the second maximum finance credit with 400, writing nothing; the balance stays exact', async () => {
    const finance = await staffLogin(t.app, clock, 'finance');
    const m = await newMember(t.db);
    const credit = (amount: number) =>
      staffCall(
        t.app,
        finance,
        'POST',
        '/bo/api/cashier/adjust',
        { memberId: m.member.id, direction: 'credit', amount, reason: 'bound test' },
        { 'idempotency-key': randomUUID() },
      );
    const house = async () =>
      BigInt(
        (
          await t.db
            .selectFrom('ledger_account')
            .select('balance')
            .where('kind', '=', 'house')
            .where('merchant_code', '=', 'khelabd')
            .where('currency', '=', 'BDT')
            .executeTakeFirstOrThrow()
        ).balance,
      );
    const before = await mainBalance(t.db, m.member.id);
    // The largest credit the house can still pay: it reaches −(2^53 − 1) exactly.
    const houseBefore = await house();
    const amount = BigInt(MAX_MINOR) + houseBefore;
    const first = await credit(Number(amount));
    expect(first.statusCode, first.body).toBe(200);
    expect(await house()).toBe(-BigInt(MAX_MINOR));
    const after = await mainBalance(t.db, m.member.id);
    expect(after).toBe(before + amount);
    const second = await credit(MAX_MINOR);
    expect(second.statusCode, second.body).toBe(400);
    expect(JSON.parse(second.body)).toMatchObject({ success: false, errorCode: 'validation.failed' });
    const one = await credit(1);
    expect(one.statusCode, one.body).toBe(400);
    // Nothing moved, and every balance is a safe integer.
    expect(await mainBalance(t.db, m.member.id)).toBe(after);
    expect(await house()).toBe(-BigInt(MAX_MINOR));
    const balances = await t.db.selectFrom('ledger_account').select('balance').execute();
    expect(
      balances.every(
        (b) => Number.isSafeInteger(Number(b.balance)) && BigInt(Number(b.balance)) === BigInt(b.balance),
      ),
    ).toBe(true);
    expect((await verifyLedger(t.db)).findings).toEqual([]);
  });
});
