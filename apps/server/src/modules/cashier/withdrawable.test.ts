import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { newMember, type TestMember } from '../wallet/test-support';
import { memberCall } from './test-support';

/**
 * Withdrawable funds: demo credit and bonuses are spent last (cashier/service.ts withdrawableOf).
 * Movements are posted straight through the ledger, as the games and the cashier post them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
});
afterAll(async () => {
  await t?.close();
});

const base = { merchantCode: 'khelabd', currency: 'BDT' } as const;
const accounts = async (m: TestMember) => {
  const w = t.app.services.wallet;
  return {
    main: await w.accountOf({ ...base, kind: 'member_main', memberId: m.member.id }),
    vendor: await w.accountOf({ ...base, kind: 'member_vendor', memberId: m.member.id, vendorCode: 'JILI' }),
    house: await w.accountOf({ ...base, kind: 'house' }),
    clearing: await w.accountOf({ ...base, kind: 'payment_clearing' }),
  };
};

/** One movement `from` → `to` of `amount` minor units, of entry kind `kind`. */
const move = (kind: string, from: string, to: string, amount: bigint) =>
  t.app.services.wallet.post({
    merchantCode: 'khelabd',
    idempotencyKey: `withdrawable-test:${randomUUID()}`,
    kind,
    lines: [
      { accountId: from, amount: -amount },
      { accountId: to, amount },
    ],
  });

const funds = async (m: TestMember) => {
  const f = await t.app.services.cashier.withdrawableOf(m.member);
  return { balance: f.balance, withdrawable: f.withdrawable };
};

describe('withdrawable funds: demo credit and bonuses are spent last', () => {
  it('demo credit lost in bets, then a deposit: the deposit is withdrawable (HTTP and a real withdrawal)', async () => {
    const m = await newMember(t.db);
    const a = await accounts(m);
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 1_000_000n });
    await move('game.bet', a.main, a.house, 600_000n);
    await move('game.bet', a.main, a.house, 400_000n);
    await move('deposit', a.clearing, a.main, 50_000n);
    expect(await funds(m)).toEqual({ balance: 50_000n, withdrawable: 50_000n });

    const info = await memberCall(t.app, m.token, 'GET', '/wps/cashier/withdraw/info');
    expect(JSON.parse(info.body).value).toMatchObject({ balanceMinor: '50000', withdrawableMinor: '50000' });
    await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
      newPassword: 'pay12345',
      confirmPassword: 'pay12345',
    });
    await memberCall(t.app, m.token, 'POST', '/wps/cashier/payout-account', {
      payeeName: 'Spent Last',
      channel: 'BKASH',
      number: '01711112222',
      paymentPassword: 'pay12345',
    });
    const res = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', {
      amount: 50_000,
      paymentPassword: 'pay12345',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await funds(m)).toEqual({ balance: 0n, withdrawable: 0n });
  });

  it('a bonus lost, then a deposit: the deposit is withdrawable', async () => {
    const m = await newMember(t.db);
    const a = await accounts(m);
    await move('bonus.welcome', a.house, a.main, 20_000n);
    await move('game.bet', a.main, a.house, 20_000n);
    await move('deposit', a.clearing, a.main, 70_000n);
    expect(await funds(m)).toEqual({ balance: 70_000n, withdrawable: 70_000n });
  });

  it('bets take the deposit first: demo credit left over is still locked', async () => {
    const m = await newMember(t.db);
    const a = await accounts(m);
    await move('deposit', a.clearing, a.main, 50_000n);
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 1_000_000n });
    await move('game.bet', a.main, a.house, 50_000n);
    expect(await funds(m)).toEqual({ balance: 1_000_000n, withdrawable: 0n });
  });

  it('winnings are withdrawable, the locked part shrinks only to what is left', async () => {
    const m = await newMember(t.db);
    const a = await accounts(m);
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 1_000_000n });
    await move('game.bet', a.main, a.house, 100_000n);
    await move('game.win', a.house, a.main, 300_000n);
    // Locked: 10,000 - 1,000 lost = 9,000; balance 12,000; winnings 3,000 withdrawable.
    expect(await funds(m)).toEqual({ balance: 1_200_000n, withdrawable: 300_000n });
  });

  it('moving demo credit to a vendor wallet and back does not unlock it', async () => {
    const m = await newMember(t.db);
    const a = await accounts(m);
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 1_000_000n });
    await move('transfer', a.main, a.vendor, 1_000_000n);
    await move('transfer', a.vendor, a.main, 600_000n);
    expect(await funds(m)).toEqual({ balance: 600_000n, withdrawable: 0n });
    await move('deposit', a.clearing, a.main, 50_000n);
    expect(await funds(m)).toEqual({ balance: 650_000n, withdrawable: 50_000n });
    // A vendor-wallet loss takes the unlocked 500 first, then locked money.
    await move('game.bet', a.vendor, a.house, 400_000n);
    expect(await funds(m)).toEqual({ balance: 650_000n, withdrawable: 0n });
  });

  it('without any locked credit, everything in the main wallet is withdrawable', async () => {
    const m = await newMember(t.db);
    const a = await accounts(m);
    await move('deposit', a.clearing, a.main, 80_000n);
    await move('transfer', a.main, a.vendor, 30_000n);
    expect(await funds(m)).toEqual({ balance: 50_000n, withdrawable: 50_000n });
  });
});
