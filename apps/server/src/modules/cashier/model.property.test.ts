import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { AppError } from '../../http/errors';
import type { Actor } from '../staff';
import { verifyLedger } from '../wallet';
import { newMember, type TestMember } from '../wallet/test-support';

/**
 * Model-based: random sequences of deposits, approvals, rejections, withdrawals (with their
 * rejections and payouts, the member's received / not received with proof, finance's refund and
 * forced receipt), wallet transfers main ↔ vendor wallets (`GCS_walletTransfer`), transfers to the
 * upline and adjustments from several members, run against the real services on a real database,
 * side by side with a plain in-memory model holding main, pending and vendor balances. After every
 * sequence the ledger verifies and every member's balances equal the model's.
 */

let t: TestApp;
let actor: Actor;
let channelId: number;
/** Two vendor wallets: accountTypeId and vendor code. */
let vendors: { typeId: number; code: string }[] = [];
const PASSWORD = 'pay12345';
const PROOF = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('model'),
]);

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
  const staff = await t.db
    .selectFrom('staff')
    .select(['id', 'username'])
    .where('username', '=', 'finance')
    .executeTakeFirstOrThrow();
  actor = {
    id: staff.id,
    username: staff.username,
    role: 'finance',
    ip: '127.0.0.1',
    requestId: randomUUID(),
  };
  channelId = (
    await t.db
      .selectFrom('cashier_channel')
      .select('id')
      .where('merchant_code', '=', 'khelabd')
      .where('code', '=', 'BKASH')
      .executeTakeFirstOrThrow()
  ).id;
  const rows = await t.db
    .selectFrom('vendor')
    .select(['code', 'account_type_id'])
    .where('enabled', '=', true)
    .groupBy(['code', 'account_type_id'])
    .orderBy('account_type_id')
    .limit(2)
    .execute();
  vendors = rows.map((r) => ({ typeId: r.account_type_id, code: r.code }));
  expect(vendors).toHaveLength(2);
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

type Op =
  | { op: 'deposit'; m: number; amount: number }
  | { op: 'approveDeposit'; pick: number }
  | { op: 'rejectDeposit'; pick: number }
  | { op: 'withdraw'; m: number; amount: number }
  | { op: 'rejectWithdrawal'; pick: number }
  | { op: 'payWithdrawal'; pick: number }
  | { op: 'upline'; m: number; amount: number }
  | { op: 'adjust'; m: number; credit: boolean; amount: number }
  | { op: 'walletTransfer'; m: number; v: number; out: boolean; amount: number }
  | { op: 'confirm'; pick: number; received: boolean }
  | { op: 'refund'; pick: number }
  | { op: 'force'; pick: number };

const MEMBERS = 4;
const amount = fc.integer({ min: 5_000, max: 700_000 });
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const pick = fc.nat({ max: 20 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), m: member, amount }),
  fc.record({ op: fc.constant('approveDeposit' as const), pick }),
  fc.record({ op: fc.constant('rejectDeposit' as const), pick }),
  fc.record({ op: fc.constant('withdraw' as const), m: member, amount }),
  fc.record({ op: fc.constant('rejectWithdrawal' as const), pick }),
  fc.record({ op: fc.constant('payWithdrawal' as const), pick }),
  fc.record({ op: fc.constant('upline' as const), m: fc.integer({ min: 1, max: MEMBERS - 1 }), amount }),
  fc.record({ op: fc.constant('adjust' as const), m: member, credit: fc.boolean(), amount }),
  fc.record({
    op: fc.constant('walletTransfer' as const),
    m: member,
    v: fc.integer({ min: 0, max: 1 }),
    out: fc.boolean(),
    amount: fc.integer({ min: 100, max: 400_000 }),
  }),
  fc.record({ op: fc.constant('confirm' as const), pick, received: fc.boolean() }),
  fc.record({ op: fc.constant('refund' as const), pick }),
  fc.record({ op: fc.constant('force' as const), pick }),
);

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

const DEPOSIT_MIN = 20_000;
const DEPOSIT_MAX = 2_500_000;
const WITHDRAW_MIN = 50_000;
const WITHDRAW_MAX = 2_500_000;

describe('cashier model', () => {
  it('keeps the ledger and every balance equal to the model', async () => {
    const cashier = t.app.services.cashier;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
        // Fresh members per run: member 0 is the upline of the others.
        const ms: TestMember[] = [];
        for (let i = 0; i < MEMBERS; i++) ms.push(await newMember(t.db, { prefix: 'mdl' }));
        for (let i = 1; i < MEMBERS; i++)
          await t.db
            .updateTable('member')
            .set({ upline_id: ms[0]?.member.id })
            .where('id', '=', ms[i]?.member.id ?? 0)
            .execute();
        for (const m of ms) {
          await cashier.bindPayoutAccount(m.member, {
            payeeName: 'Model',
            channel: 'BKASH',
            number: '01700000000',
          });
          await cashier.setPaymentPassword(m.member, { newPassword: PASSWORD });
        }
        const proofs = await Promise.all(ms.map((m) => cashier.upload(m.member, PROOF)));
        const main = ms.map(() => 0n);
        const pending = ms.map(() => 0n);
        /** vendor[member][v]: the model's vendor wallet balances. */
        const vendor = ms.map(() => [0n, 0n]);
        const deposits: { id: string; m: number; amount: bigint; status: 'pending' | 'done' }[] = [];
        const withdrawals: {
          id: string;
          m: number;
          amount: bigint;
          status: 'open' | 'distributed' | 'not_received' | 'done';
        }[] = [];
        const of = (i: number) => {
          const m = ms[i];
          if (!m) throw new Error('no member');
          return m;
        };

        for (const op of ops) {
          switch (op.op) {
            case 'deposit': {
              const a = BigInt(op.amount);
              const code = await codeOf(
                cashier
                  .createDeposit(
                    of(op.m).member,
                    { channelId, amount: a, reference: `M${randomUUID().slice(0, 12)}` },
                    randomUUID(),
                  )
                  .then((d) => deposits.push({ id: d.id, m: op.m, amount: a, status: 'pending' })),
              );
              expect(code).toBe(
                op.amount < DEPOSIT_MIN || op.amount > DEPOSIT_MAX ? 'cashier.amount.range' : null,
              );
              break;
            }
            case 'approveDeposit':
            case 'rejectDeposit': {
              const open = deposits.filter((d) => d.status === 'pending');
              const d = open[op.pick % Math.max(open.length, 1)];
              if (!d) break;
              if (op.op === 'approveDeposit') {
                await cashier.bo.approveDeposit(actor, d.id);
                main[d.m] = (main[d.m] ?? 0n) + d.amount;
              } else {
                await cashier.bo.rejectDeposit(actor, d.id, 'model rejects');
              }
              d.status = 'done';
              // A second decision is always refused.
              expect(await codeOf(cashier.bo.approveDeposit(actor, d.id))).toBe('cashier.state');
              break;
            }
            case 'withdraw': {
              const a = BigInt(op.amount);
              const expected =
                op.amount < WITHDRAW_MIN || op.amount > WITHDRAW_MAX
                  ? 'cashier.amount.range'
                  : a > (main[op.m] ?? 0n)
                    ? 'withdrawable.insufficient'
                    : null;
              const code = await codeOf(
                cashier
                  .withdraw(of(op.m).member, { amount: a, paymentPassword: PASSWORD }, randomUUID())
                  .then((w) => withdrawals.push({ id: w.id, m: op.m, amount: a, status: 'open' })),
              );
              expect(code).toBe(expected);
              if (code === null) {
                main[op.m] = (main[op.m] ?? 0n) - a;
                pending[op.m] = (pending[op.m] ?? 0n) + a;
              }
              break;
            }
            case 'rejectWithdrawal':
            case 'payWithdrawal': {
              const open = withdrawals.filter((w) => w.status === 'open');
              const w = open[op.pick % Math.max(open.length, 1)];
              if (!w) break;
              if (op.op === 'rejectWithdrawal') {
                await cashier.bo.withdrawalAction(actor, {
                  id: w.id,
                  action: 'reject',
                  reason: 'model rejects',
                });
                main[w.m] = (main[w.m] ?? 0n) + w.amount;
                w.status = 'done';
              } else {
                await cashier.bo.withdrawalAction(actor, { id: w.id, action: 'approve' });
                await cashier.bo.withdrawalAction(actor, { id: w.id, action: 'issue' });
                w.status = 'distributed';
              }
              pending[w.m] = (pending[w.m] ?? 0n) - w.amount;
              break;
            }
            case 'confirm': {
              const open = withdrawals.filter((w) => w.status === 'distributed');
              const w = open[op.pick % Math.max(open.length, 1)];
              if (!w) break;
              await cashier.confirmWithdrawal(
                of(w.m).member,
                op.received
                  ? { id: w.id, answer: 'received' }
                  : { id: w.id, answer: 'not_received', proofId: proofs[w.m]?.id },
              );
              w.status = op.received ? 'done' : 'not_received';
              break;
            }
            case 'refund': {
              const open = withdrawals.filter((w) => w.status === 'not_received');
              const w = open[op.pick % Math.max(open.length, 1)];
              if (!w) break;
              await cashier.bo.withdrawalAction(actor, {
                id: w.id,
                action: 'refund',
                reason: 'model: bounced',
              });
              main[w.m] = (main[w.m] ?? 0n) + w.amount;
              w.status = 'done';
              break;
            }
            case 'force': {
              const open = withdrawals.filter(
                (w) => w.status === 'distributed' || w.status === 'not_received',
              );
              const w = open[op.pick % Math.max(open.length, 1)];
              if (!w) break;
              // Forced receipt closes the confirmation and moves no money (ADR 011).
              await cashier.bo.withdrawalAction(actor, {
                id: w.id,
                action: 'force_receipt',
                reason: 'model: paid',
              });
              w.status = 'done';
              break;
            }
            case 'walletTransfer': {
              const a = BigInt(op.amount);
              const typeId = vendors[op.v]?.typeId ?? 0;
              const balances = vendor[op.m] as bigint[];
              const from = op.out ? (main[op.m] ?? 0n) : (balances[op.v] ?? 0n);
              const expected = a > from ? 'insufficient.balance' : null;
              const code = await codeOf(
                t.app.services.wallet.transfer(
                  of(op.m).member,
                  op.out
                    ? { fromAccountTypeId: 2, toAccountTypeId: typeId, amount: a }
                    : { fromAccountTypeId: typeId, toAccountTypeId: 2, amount: a },
                  randomUUID(),
                ),
              );
              expect(code).toBe(expected);
              if (code === null) {
                main[op.m] = (main[op.m] ?? 0n) + (op.out ? -a : a);
                balances[op.v] = (balances[op.v] ?? 0n) + (op.out ? a : -a);
              }
              break;
            }
            case 'upline': {
              const a = BigInt(op.amount);
              const expected = a > (main[op.m] ?? 0n) ? 'withdrawable.insufficient' : null;
              const code = await codeOf(
                cashier.transferUpline(
                  of(op.m).member,
                  { amount: a, paymentPassword: PASSWORD },
                  randomUUID(),
                ),
              );
              expect(code).toBe(expected);
              if (code === null) {
                main[op.m] = (main[op.m] ?? 0n) - a;
                main[0] = (main[0] ?? 0n) + a;
              }
              break;
            }
            case 'adjust': {
              const a = BigInt(op.amount);
              const expected = !op.credit && a > (main[op.m] ?? 0n) ? 'insufficient.balance' : null;
              const code = await codeOf(
                cashier.bo.adjust(
                  actor,
                  {
                    memberId: of(op.m).member.id,
                    direction: op.credit ? 'credit' : 'debit',
                    amount: a,
                    reason: 'model adjustment',
                  },
                  randomUUID(),
                ),
              );
              expect(code).toBe(expected);
              if (code === null) main[op.m] = (main[op.m] ?? 0n) + (op.credit ? a : -a);
              break;
            }
          }
        }

        for (const [i, m] of ms.entries()) {
          const accounts = await t.db
            .selectFrom('ledger_account')
            .select(['kind', 'vendor_code', 'balance'])
            .where('member_id', '=', m.member.id)
            .execute();
          const bal = (kind: string, code?: string) =>
            BigInt(
              accounts.find((a) => a.kind === kind && (code === undefined || a.vendor_code === code))
                ?.balance ?? '0',
            );
          expect(bal('member_main')).toBe(main[i]);
          expect(bal('pending_withdrawal')).toBe(pending[i]);
          for (const [v, w] of vendors.entries()) expect(bal('member_vendor', w.code)).toBe(vendor[i]?.[v]);
          // No demo credit or bonus in the model: everything in the main wallet is withdrawable.
          expect((await cashier.withdrawableOf(m.member)).withdrawable).toBe(main[i]);
        }
        const report = await verifyLedger(t.db);
        expect(report.findings).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
