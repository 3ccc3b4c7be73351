import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { AuthMember } from '../identity';
import { verifyLedger } from './ledger';
import type { WalletService } from './service';
import { newMember } from './test-support';

/**
 * Model-based property: random sequences of credits, debits, wallet transfers, transfers between
 * members, repeated keys and conflicting keys, including ones that must fail. After each run the
 * ledger verifies and every balance equals the model's.
 */
let t: TestApp;
let wallet: WalletService;
let vendorTypes: { code: string; typeId: number }[];

beforeAll(async () => {
  t = await createTestApp();
  wallet = t.app.services.wallet;
  const rows = await t.db
    .selectFrom('vendor')
    .select(['code', 'account_type_id'])
    .where('code', 'in', ['PG', 'JILI'])
    .execute();
  vendorTypes = rows.map((r) => ({ code: r.code, typeId: r.account_type_id }));
});

afterAll(async () => {
  if (!t) return;
  const report = await verifyLedger(t.db);
  await t.close();
  expect(report.findings).toEqual([]);
});

const MEMBERS = 3;
const amount = fc.oneof(
  fc.bigInt({ min: 1n, max: 5_000n }),
  fc.bigInt({ min: 1n, max: 50_000n }),
  fc.constantFrom(1n, 10_000n),
);
const who = fc.nat({ max: MEMBERS - 1 });
const op = fc.oneof(
  fc.record({ type: fc.constant('credit' as const), m: who, amount }),
  fc.record({ type: fc.constant('debit' as const), m: who, amount }),
  fc.record({ type: fc.constant('toVendor' as const), m: who, v: fc.nat({ max: 1 }), amount }),
  fc.record({ type: fc.constant('fromVendor' as const), m: who, v: fc.nat({ max: 1 }), amount }),
  fc.record({ type: fc.constant('pay' as const), m: who, to: who, amount }),
  fc.record({ type: fc.constant('repeat' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('conflict' as const), pick: fc.nat(), amount }),
);

type Op = { kind: string; from: string; to: string; amount: bigint; key: string; member: AuthMember };

let run = 0;

it('random sequences keep the books and match the model', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
      run += 1;
      const base = { merchantCode: 'khelabd', currency: 'BDT' } as const;
      const house = await wallet.accountOf({ ...base, kind: 'house' });
      const members = await Promise.all(Array.from({ length: MEMBERS }, () => newMember(t.db)));
      const mains = await Promise.all(
        members.map((m) => wallet.accountOf({ ...base, kind: 'member_main', memberId: m.member.id })),
      );
      const vendors = await Promise.all(
        members.map((m) =>
          Promise.all(
            vendorTypes.map((v) =>
              wallet.accountOf({ ...base, kind: 'member_vendor', memberId: m.member.id, vendorCode: v.code }),
            ),
          ),
        ),
      );
      const model = new Map<string, bigint>([...mains, ...vendors.flat()].map((id) => [id, 0n]));
      // The house account carries every earlier run: the model starts from its stored balance.
      const houseRow = await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', house)
        .executeTakeFirstOrThrow();
      model.set(house, BigInt(houseRow.balance));
      const done: Op[] = [];
      const guarded = (id: string) => id !== house;

      const vendorTypeOf = (accountId: string) => {
        for (const list of vendors) {
          const index = list.indexOf(accountId);
          if (index >= 0) return vendorTypes[index]?.typeId ?? 0;
        }
        throw new Error('not a vendor wallet');
      };

      /** Applies a move to the model if it can happen; says whether it should succeed. */
      const apply = (from: string, to: string, value: bigint) => {
        const left = (model.get(from) ?? 0n) - value;
        if (guarded(from) && left < 0n) return false;
        if (from === to) return false;
        model.set(from, left);
        model.set(to, (model.get(to) ?? 0n) + value);
        return true;
      };

      const postMove = async (o: Op) => {
        const expected = apply(o.from, o.to, o.amount);
        const attempt =
          o.kind === 'transfer'
            ? (() => {
                const toVendor = mains.includes(o.from);
                const typeId = vendorTypeOf(toVendor ? o.to : o.from);
                return wallet.transfer(
                  o.member,
                  {
                    fromAccountTypeId: toVendor ? 2 : typeId,
                    toAccountTypeId: toVendor ? typeId : 2,
                    amount: o.amount,
                  },
                  o.key,
                );
              })()
            : wallet.post({
                merchantCode: 'khelabd',
                idempotencyKey: o.key,
                kind: o.kind,
                lines: [
                  { accountId: o.from, amount: -o.amount },
                  { accountId: o.to, amount: o.amount },
                ],
              });
        if (expected) {
          await attempt;
          done.push(o);
        } else {
          await expect(attempt).rejects.toMatchObject({ code: 'insufficient.balance' });
        }
      };

      for (const [i, step] of ops.entries()) {
        const key = `p${run}-${i}`;
        switch (step.type) {
          case 'credit': {
            const m = members[step.m]!;
            await postMove({
              kind: 'deposit',
              from: house,
              to: mains[step.m]!,
              amount: step.amount,
              key,
              member: m.member,
            });
            break;
          }
          case 'debit': {
            const m = members[step.m]!;
            await postMove({
              kind: 'withdrawal',
              from: mains[step.m]!,
              to: house,
              amount: step.amount,
              key,
              member: m.member,
            });
            break;
          }
          case 'toVendor':
          case 'fromVendor': {
            const m = members[step.m]!;
            const vendor = vendors[step.m]![step.v]!;
            const main = mains[step.m]!;
            const [from, to] = step.type === 'toVendor' ? [main, vendor] : [vendor, main];
            await postMove({ kind: 'transfer', from, to, amount: step.amount, key, member: m.member });
            break;
          }
          case 'pay': {
            if (step.m === step.to) break;
            const m = members[step.m]!;
            await postMove({
              kind: 'payment',
              from: mains[step.m]!,
              to: mains[step.to]!,
              amount: step.amount,
              key,
              member: m.member,
            });
            break;
          }
          case 'repeat': {
            // The same request again: the first result, no change.
            const first = done[step.pick % Math.max(done.length, 1)];
            if (!first) break;
            const replay =
              first.kind === 'transfer'
                ? await wallet.transfer(
                    first.member,
                    {
                      fromAccountTypeId: mains.includes(first.from) ? 2 : vendorTypeOf(first.from),
                      toAccountTypeId: mains.includes(first.from) ? vendorTypeOf(first.to) : 2,
                      amount: first.amount,
                    },
                    first.key,
                  )
                : await wallet.post({
                    merchantCode: 'khelabd',
                    idempotencyKey: first.key,
                    kind: first.kind,
                    lines: [
                      { accountId: first.from, amount: -first.amount },
                      { accountId: first.to, amount: first.amount },
                    ],
                  });
            expect(replay.replayed).toBe(true);
            break;
          }
          case 'conflict': {
            const first = done[step.pick % Math.max(done.length, 1)];
            if (!first || first.kind === 'transfer' || step.amount === first.amount) break;
            await expect(
              wallet.post({
                merchantCode: 'khelabd',
                idempotencyKey: first.key,
                kind: first.kind,
                lines: [
                  { accountId: first.from, amount: -step.amount },
                  { accountId: first.to, amount: step.amount },
                ],
              }),
            ).rejects.toMatchObject({ code: 'idempotency.conflict' });
            break;
          }
        }
      }

      const rows = await t.db
        .selectFrom('ledger_account')
        .select(['id', 'balance'])
        .where('id', 'in', [...model.keys()])
        .execute();
      for (const row of rows) expect([row.id, BigInt(row.balance)]).toEqual([row.id, model.get(row.id)]);
      const report = await verifyLedger(t.db);
      expect(report.findings).toEqual([]);
    }),
    { numRuns: 40 },
  );
}, 240_000);
