import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAY_PRODUCTS, type PlayProduct } from './play-types';
import { type ModelOp, type ModelState, type ModelTerms, modelStart, modelStep, opArb } from './test-support';
import { afterRefund, bonusAmountOf, decideStake, progressOf, requirementOf } from './wagering';

/**
 * The wagering arithmetic the listener runs (decideStake, afterRefund) against the independent
 * model of test-support.ts over 10,000 random bet sequences: cash, bonus, progress, the moment of
 * conversion and the amount converted agree to the minor unit after every step.
 */

type Impl = {
  cash: bigint;
  bonus: bigint;
  centi: bigint;
  status: ModelState['status'];
  converted: bigint | null;
  returned: bigint | null;
};

/** The implementation's functions driven as the listener and a money vertical drive them. */
const implStep = (s: Impl, t: ModelTerms, o: ModelOp): [Impl, string] => {
  if (o.op === 'forfeit') {
    if (s.status !== 'active') return [s, 'none'];
    return [{ ...s, bonus: 0n, returned: s.bonus, status: 'forfeited' }, 'ok'];
  }
  const next = { ...s };
  if (s.status === 'active') {
    if (o.amount > t.maxBet) return [s, 'max.bet'];
    const d = decideStake({
      order: t.order,
      weights: t.weights,
      product: o.product,
      stake: o.amount,
      cash: s.cash,
      bonus: s.bonus,
      wageredCenti: s.centi,
      requirement: t.requirement,
    });
    // The vertical's debit from main fails when main (with what was moved) is short: all rolls back.
    if (s.cash + d.take < o.amount) return [s, 'insufficient'];
    next.bonus -= d.take;
    next.cash += d.take - o.amount;
    next.centi = d.wageredCenti;
    if (d.completes) {
      next.converted = next.bonus;
      next.cash += next.bonus;
      next.bonus = 0n;
      next.status = 'completed';
    }
  } else {
    if (o.amount > s.cash) return [s, 'insufficient'];
    next.cash -= o.amount;
  }
  if (o.op === 'bet') next.cash += o.win;
  else {
    next.cash += o.amount;
    if (next.status === 'active') next.centi = afterRefund(next.centi, t.weights, o.product, o.amount);
  }
  return [next, 'ok'];
};

const termsArb: fc.Arbitrary<
  ModelTerms & {
    deposit: bigint;
    base: 'bonus' | 'deposit_bonus';
    multiplier: number;
    percentBp: number;
    cap: bigint;
  }
> = fc
  .record({
    order: fc.constantFrom('cash_first' as const, 'bonus_first' as const),
    weights: fc.record(
      Object.fromEntries(PLAY_PRODUCTS.map((p) => [p, fc.integer({ min: 0, max: 100 })])) as Record<
        PlayProduct,
        fc.Arbitrary<number>
      >,
      { requiredKeys: [] },
    ),
    maxBet: fc.bigInt({ min: 100n, max: 5_000n }),
    deposit: fc.bigInt({ min: 0n, max: 20_000n }),
    base: fc.constantFrom('bonus' as const, 'deposit_bonus' as const),
    multiplier: fc.integer({ min: 1, max: 10 }),
    percentBp: fc.integer({ min: 1, max: 20_000 }),
    cap: fc.bigInt({ min: 0n, max: 10_000n }),
  })
  .map((t) => ({ ...t, requirement: 0n }));

describe('wagering arithmetic against an independent model', () => {
  it('agrees with the model over 10,000 random bet sequences, to the minor unit', () => {
    fc.assert(
      fc.property(termsArb, fc.array(opArb, { minLength: 1, maxLength: 40 }), (raw, ops) => {
        const bonus = bonusAmountOf(
          { percentBp: raw.percentBp, fixedMinor: 0n, capMinor: raw.cap },
          raw.deposit,
        );
        // The model's own reading of the rule: percent of the deposit, at most the cap (0: none).
        const modelBonus = (() => {
          const exact = (raw.deposit * BigInt(raw.percentBp)) / 10_000n;
          return raw.cap === 0n ? exact : exact > raw.cap ? raw.cap : exact;
        })();
        expect(bonus).toBe(modelBonus);
        // A claim of a zero bonus is refused (claims.ts): no bonus, no wagering.
        fc.pre(bonus > 0n);
        const requirement = requirementOf(raw.base, raw.deposit, bonus, raw.multiplier);
        expect(requirement).toBe(
          BigInt(raw.multiplier) * (raw.base === 'bonus' ? modelBonus : raw.deposit + modelBonus),
        );
        const terms: ModelTerms = { ...raw, requirement };
        let model = modelStart(raw.deposit, bonus);
        let impl: Impl = {
          cash: raw.deposit,
          bonus,
          centi: 0n,
          status: 'active',
          converted: null,
          returned: null,
        };
        let conversions = 0;
        for (const op of ops) {
          const [m, said] = modelStep(model, terms, op);
          const [i, told] = implStep(impl, terms, op);
          if (m.status === 'completed' && model.status !== 'completed') conversions += 1;
          model = m;
          impl = i;
          expect(told).toBe(said);
          expect(impl.cash).toBe(model.cash);
          expect(impl.bonus).toBe(model.bonus);
          expect(impl.status).toBe(model.status);
          expect(impl.converted).toBe(model.converted);
          expect(impl.returned).toBe(model.returned);
          if (model.status === 'active') expect(impl.centi).toBe(model.progress100);
          expect(impl.cash >= 0n && impl.bonus >= 0n).toBe(true);
          // Progress shown to people never claims more than was wagered.
          const p = progressOf(impl.centi, requirement);
          expect(p.wagered * 100n <= impl.centi).toBe(true);
          if (impl.status === 'active') expect(p.remaining > 0n).toBe(true);
        }
        expect(conversions <= 1).toBe(true);
      }),
      { numRuns: 10_000, maxSkipsPerRun: 100 },
    );
  });

  it('a max bet refusal changes nothing, whatever the balances', () => {
    const terms: ModelTerms = {
      order: 'bonus_first',
      weights: { RNG: 100 },
      maxBet: 500n,
      requirement: 10_000n,
    };
    const [state, said] = modelStep(modelStart(1_000n, 1_000n), terms, {
      op: 'bet',
      product: 'RNG',
      amount: 501n,
      win: 0n,
    });
    expect(said).toBe('max.bet');
    expect(state).toEqual(modelStart(1_000n, 1_000n));
  });
});
