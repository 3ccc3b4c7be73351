import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { newMember } from '../wallet/test-support';
import { cashierCounts, cashierSteps, mainBalance, memberCall, staffCall } from './test-support';

/**
 * Cashier state changes: the push on each of them (to every open tab of the member), the
 * auto-confirm window in the operator's minutes, forced receipt, and trial accounts at finance.
 */

let t: TestApp;
let base: string;
const clock = createClock('2026-11-20T10:00:00Z');
let finance: string;
let steps: ReturnType<typeof cashierSteps>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  finance = await staffLogin(t.app, clock, 'finance');
  steps = cashierSteps(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
});

/** A WebSocket of the member that counts the balance pushes it hears. */
const socketOf = (token: string) =>
  new Promise<{ pushes: () => number; waitFor: (n: number) => Promise<void>; close: () => void }>(
    (resolve, reject) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/wps/ws?token=${token}`);
      let count = 0;
      const waiters: { n: number; done: () => void }[] = [];
      socket.onmessage = (event) => {
        const { type } = JSON.parse(String(event.data)) as { type: string };
        if (type === 'ready')
          resolve({
            pushes: () => count,
            waitFor: (n) =>
              count >= n
                ? Promise.resolve()
                : new Promise<void>((ok, fail) => {
                    const timer = setTimeout(() => fail(new Error(`only ${count} of ${n} pushes`)), 5000);
                    waiters.push({
                      n,
                      done: () => {
                        clearTimeout(timer);
                        ok();
                      },
                    });
                  }),
            close: () => socket.close(),
          });
        if (type === 'balance') {
          count += 1;
          for (const w of waiters.filter((x) => count >= x.n)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.done();
          }
        }
      };
      socket.onerror = () => reject(new Error('socket error'));
    },
  );

describe('push on every cashier state change, in every open tab', () => {
  it('deposit reject, withdrawal approve, issue, force_receipt and auto-confirm each reach both sockets of the member', async () => {
    const m = await newMember(t.db);
    await steps.ready(m, 2_000_000n);
    const tabA = await socketOf(m.token);
    const tabB = await socketOf(m.token);
    const expectPush = async (label: string, action: () => Promise<unknown>) => {
      const [a, b] = [tabA.pushes(), tabB.pushes()];
      await action();
      await Promise.all([tabA.waitFor(a + 1), tabB.waitFor(b + 1)]).catch((error: Error) => {
        throw new Error(`${label}: ${error.message}`);
      });
    };
    // Deposit request, then finance rejects it: no money moves, the list still refreshes.
    const deposit = steps.ok(
      await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
        channelId: await steps.channelId(),
        amount: 50_000,
        reference: `PUSH${randomUUID().slice(0, 8)}`,
      }),
    );
    await expectPush('deposit reject', async () =>
      steps.ok(
        await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/reject', {
          id: deposit.id,
          reason: 'no such payment',
        }),
      ),
    );
    const w = await steps.withdraw(m, 60_000);
    await expectPush('withdrawal approve', () => steps.act(finance, String(w.id), 'approve'));
    await expectPush('withdrawal issue', () => steps.act(finance, String(w.id), 'issue'));
    await expectPush('force_receipt', () =>
      steps.act(finance, String(w.id), 'force_receipt', 'paid, see bank slip'),
    );

    const w2 = await steps.withdraw(m, 60_000);
    await steps.act(finance, String(w2.id), 'approve');
    await steps.act(finance, String(w2.id), 'issue');
    clock.advance(31 * 60_000);
    await expectPush('auto-confirm', async () => {
      expect(await t.app.services.cashier.autoConfirmWithdrawals()).toBe(1);
    });
    tabA.close();
    tabB.close();
  });
});

describe('auto-confirm in the operator-configured minutes', () => {
  it('set 10 minutes, issue: nothing after 9, exactly one auto_received after 11', async () => {
    // Staff sessions end after idle time: sign in again after the clock jumped.
    finance = await staffLogin(t.app, clock, 'finance');
    const owner = await staffLogin(t.app, clock, 'owner');
    steps.ok(
      await staffCall(t.app, owner, 'PUT', '/bo/api/cashier/settings', {
        merchant: 'khelabd',
        withdrawMin: 50_000,
        withdrawMax: 2_500_000,
        autoConfirmMinutes: 10,
      }),
    );
    const m = await newMember(t.db);
    await steps.ready(m, 1_000_000n);
    const w = await steps.withdraw(m, 70_000);
    await steps.act(finance, String(w.id), 'approve');
    const issued = await steps.act(finance, String(w.id), 'issue');
    expect(issued.autoConfirmAt).toBe(Number(issued.distributedAt) + 10 * 60_000);
    const autoEvents = () =>
      t.db
        .selectFrom('cashier_withdrawal_event')
        .select('id')
        .where('withdrawal_id', '=', String(w.id))
        .where('confirmation', '=', 'auto_received')
        .execute();

    clock.advance(9 * 60_000);
    expect(await t.app.services.cashier.autoConfirmWithdrawals()).toBe(0);
    expect(await autoEvents()).toHaveLength(0);

    clock.advance(2 * 60_000);
    expect(await t.app.services.cashier.autoConfirmWithdrawals()).toBe(1);
    expect(await t.app.services.cashier.autoConfirmWithdrawals()).toBe(0);
    expect(await autoEvents()).toHaveLength(1);
    const detail = steps.ok(
      await memberCall(t.app, m.token, 'GET', `/wps/cashier/withdrawals/detail?id=${String(w.id)}`),
    );
    expect(detail).toMatchObject({
      status: 'issued',
      confirmation: 'auto_received',
      awaitingConfirmation: false,
    });
  });
});

describe('forced receipt', () => {
  it('closes the confirmation and moves no money (the payout left at issue; ADR 011)', async () => {
    finance = await staffLogin(t.app, clock, 'finance');
    const m = await newMember(t.db);
    await steps.ready(m, 1_000_000n);
    const w = await steps.withdraw(m, 100_000);
    await steps.act(finance, String(w.id), 'approve');
    await steps.act(finance, String(w.id), 'issue');
    const before = await cashierCounts(t.db);
    const balance = await mainBalance(t.db, m.member.id);
    const forced = await steps.act(finance, String(w.id), 'force_receipt', 'bank confirms the credit');
    expect(forced).toMatchObject({ status: 'issued', confirmation: 'forced' });
    expect(await mainBalance(t.db, m.member.id)).toBe(balance);
    expect(await cashierCounts(t.db)).toEqual({ ...before, audit: before.audit + 1 });
  });
});

describe('trial accounts at finance', () => {
  it('refuses adjust of a type 4 (trial) account in both directions; nothing written', async () => {
    finance = await staffLogin(t.app, clock, 'finance');
    const trial = await newMember(t.db, { type: 4, prefix: 'guest' });
    await t.app.services.wallet.grantDemoCredit(trial.member.id, { amount: 100_000n });
    const before = await cashierCounts(t.db);
    for (const direction of ['credit', 'debit']) {
      const res = await staffCall(
        t.app,
        finance,
        'POST',
        '/bo/api/cashier/adjust',
        { memberId: trial.member.id, direction, amount: 10_000, reason: 'trial top-up' },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, errorCode: 'in_need_true_account' });
    }
    expect(await cashierCounts(t.db)).toEqual(before);
    expect(await mainBalance(t.db, trial.member.id)).toBe(100_000n);
  });
});
