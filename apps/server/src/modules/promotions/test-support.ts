import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { App } from '../../app';
import type { DB } from '../../db/schema';
import { type AuthMember, insertMember } from '../identity';
import { PLAY_PRODUCTS, type PlayProduct } from './play-types';

/**
 * Test support: an independent model of a member's wallet under one bonus, written from the
 * rules of docs/decisions/036 and not from the implementation: money sits in two pots that a stake
 * empties in the promotion's order, progress is the exact sum Σ stake × weight / 100 (kept as its
 * numerator), and completion moves the bonus pot into the cash pot once.
 */

export type ModelTerms = {
  order: 'cash_first' | 'bonus_first';
  weights: Partial<Record<PlayProduct, number>>;
  maxBet: bigint;
  requirement: bigint;
};
export type ModelState = {
  cash: bigint;
  bonus: bigint;
  /** Σ stake × weight (percent): progress × 100. */
  progress100: bigint;
  status: 'active' | 'completed' | 'forfeited';
  converted: bigint | null;
  returned: bigint | null;
};
export type ModelOp =
  | { op: 'bet'; product: PlayProduct; amount: bigint; win: bigint }
  | { op: 'void'; product: PlayProduct; amount: bigint }
  | { op: 'forfeit' };
export type ModelOutcome = 'ok' | 'max.bet' | 'insufficient' | 'none';

const min = (a: bigint, b: bigint) => (a < b ? a : b);

export const modelStart = (cash: bigint, bonus: bigint): ModelState => ({
  cash,
  bonus,
  progress100: 0n,
  status: 'active',
  converted: null,
  returned: null,
});

/** One operation on the model; returns the new state and what the member would be told. */
export const modelStep = (s: ModelState, t: ModelTerms, o: ModelOp): [ModelState, ModelOutcome] => {
  const next = { ...s };
  if (o.op === 'forfeit') {
    if (s.status !== 'active') return [s, 'none'];
    next.returned = next.bonus;
    next.bonus = 0n;
    next.status = 'forfeited';
    return [next, 'ok'];
  }
  const active = s.status === 'active';
  if (active && o.amount > t.maxBet) return [s, 'max.bet'];
  const pots: ('cash' | 'bonus')[] = !active
    ? ['cash']
    : t.order === 'bonus_first'
      ? ['bonus', 'cash']
      : ['cash', 'bonus'];
  const available = pots.reduce((sum, p) => sum + next[p], 0n);
  if (o.amount > available) return [s, 'insufficient'];
  let owed = o.amount;
  for (const pot of pots) {
    const used = min(next[pot], owed);
    next[pot] -= used;
    owed -= used;
  }
  const weight = BigInt(t.weights[o.product] ?? 0);
  if (active) {
    next.progress100 += o.amount * weight;
    if (next.progress100 >= t.requirement * 100n) {
      next.converted = next.bonus;
      next.cash += next.bonus;
      next.bonus = 0n;
      next.status = 'completed';
    }
  }
  if (o.op === 'bet') next.cash += o.win;
  else {
    // The stake comes back as cash; while the bonus is active its weighted part leaves the progress.
    next.cash += o.amount;
    if (next.status === 'active') {
      const back = next.progress100 - o.amount * weight;
      next.progress100 = back < 0n ? 0n : back;
    }
  }
  return [next, 'ok'];
};

// ------------------------------------------------------------ the server side, for the DB tests

/** A promotion body for the designer, with defaults a test overrides. */
export const ruleBody = (over: Record<string, unknown> = {}) => ({
  merchant: 'khelabd',
  code: 'welcome',
  kind: 'first_deposit',
  active: true,
  startsAt: null,
  endsAt: null,
  frequency: 'once',
  percentBp: 5_000,
  fixedMinor: 0,
  capMinor: 200_000,
  minDepositMinor: 50_000,
  wageringBase: 'bonus',
  multiplier: 10,
  weights: { RNG: 100, LIVE: 10, SPORTS: 50 },
  maxBetMinor: 20_000,
  expiryHours: 72,
  spendingOrder: 'cash_first',
  withdrawPolicy: 'forfeit',
  texts: {
    en: { title: 'Welcome bonus', body: '50% of your first deposit' },
    bn: { title: 'স্বাগতম বোনাস', body: '' },
  },
  ...over,
});

export const promoSteps = (app: App, db: Kysely<DB>) => {
  const w = app.services.wallet;
  const account = (memberId: number, kind: 'member_main' | 'member_bonus') =>
    w.accountOf({ merchantCode: 'khelabd', currency: 'BDT', kind, memberId });
  const balance = async (memberId: number, kind: 'member_main' | 'member_bonus') => {
    const id = await account(memberId, kind);
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return BigInt(row.balance);
  };
  /** An approved deposit through the cashier's own service (what a gateway's webhook does). */
  const deposit = async (member: AuthMember, amount: bigint) => {
    const channel = await db
      .selectFrom('cashier_channel')
      .select('id')
      .where('merchant_code', '=', 'khelabd')
      .where('code', '=', 'BKASH')
      .executeTakeFirstOrThrow();
    const d = await app.services.cashier.createDeposit(
      member,
      { channelId: channel.id, amount, reference: `T${randomUUID().slice(0, 10).replace(/-/g, '')}` },
      randomUUID(),
    );
    await db.transaction().execute((trx) => app.services.cashier.approveDepositIn(trx, d.id, 'test'));
    return d.id;
  };
  /**
   * A bet as a money vertical makes it: the play hook's stake (the wagering listener) and then the
   * debit of main, in one transaction; a win is a later credit. Answers the refusal's code, if any.
   */
  const bet = async (memberId: number, product: string, amount: bigint, win = 0n) => {
    const ref = randomUUID();
    const main = await account(memberId, 'member_main');
    const house = await w.accountOf({ merchantCode: 'khelabd', currency: 'BDT', kind: 'house' });
    try {
      await db.transaction().execute(async (trx) => {
        const move = {
          memberId,
          merchantCode: 'khelabd',
          product: product as 'RNG',
          amount,
          source: 'test',
          ref,
        };
        await app.services.promotions.wagering.stake?.(trx, move);
        await w.post(
          {
            merchantCode: 'khelabd',
            idempotencyKey: `test-stake:${ref}`,
            kind: 'game.stake',
            lines: [
              { accountId: main, amount: -amount },
              { accountId: house, amount },
            ],
          },
          trx,
        );
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      return code ?? 'insufficient';
    }
    if (win > 0n)
      await w.post({
        merchantCode: 'khelabd',
        idempotencyKey: `test-win:${ref}`,
        kind: 'game.win',
        lines: [
          { accountId: house, amount: -win },
          { accountId: main, amount: win },
        ],
      });
    return 'ok';
  };
  /** A stake given back: the refund hook and the credit, in one transaction. */
  const voided = async (memberId: number, product: string, amount: bigint) => {
    const ref = randomUUID();
    const main = await account(memberId, 'member_main');
    const house = await w.accountOf({ merchantCode: 'khelabd', currency: 'BDT', kind: 'house' });
    await db.transaction().execute(async (trx) => {
      const move = {
        memberId,
        merchantCode: 'khelabd',
        product: product as 'RNG',
        amount,
        source: 'test',
        ref,
      };
      await app.services.promotions.wagering.refund?.(trx, move);
      await w.post(
        {
          merchantCode: 'khelabd',
          idempotencyKey: `test-refund:${ref}`,
          kind: 'game.refund',
          lines: [
            { accountId: house, amount: -amount },
            { accountId: main, amount },
          ],
        },
        trx,
      );
    });
  };
  const bonusRow = (memberId: number) =>
    db
      .selectFrom('promo_bonus')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('granted_at', 'desc')
      .executeTakeFirst();
  return { balance, deposit, bet, voided, bonusRow, account };
};

/** Random operations of a member under a bonus: bets (with a win), voided bets, forfeits. */
const product = fc.constantFrom<PlayProduct>(...PLAY_PRODUCTS);
const amount = fc.bigInt({ min: 1n, max: 5_000n });
export const opArb: fc.Arbitrary<ModelOp> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant('bet' as const),
      product,
      amount,
      win: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 12_000n })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('void' as const), product, amount }) },
  { weight: 1, arbitrary: fc.constant({ op: 'forfeit' as const }) },
);

let pairs = 0;
/**
 * A referrer (with a referral code) and a friend who registered with it from the referrer's IP:
 * the friend is "under review" (ADR 048) until staff decide (ADR 051).
 */
export const flaggedReferral = async (db: Kysely<DB>, merchantCode = 'khelabd') => {
  pairs += 1;
  const tag = `${process.pid % 1000}p${pairs}`;
  const ip = `10.99.${process.pid % 200}.${pairs % 250}`;
  const code = `FL${tag.toUpperCase()}`.replace(/[^A-Z0-9]/g, 'Z').slice(0, 20);
  const base = {
    merchantCode,
    mobile: null,
    email: null,
    passwordHash: null,
    type: 0 as const,
    uplineId: null,
    nickname: 'referral',
    now: new Date(),
    lastLoginAt: null,
    registerIp: ip,
  };
  const referrer = await insertMember(db, { ...base, username: `flr${tag}` });
  await db
    .insertInto('referral_code')
    .values({ member_id: referrer.id, merchant_code: merchantCode, code, created_at: new Date() })
    .execute();
  const friend = await insertMember(db, { ...base, username: `flf${tag}`, referralCode: code });
  return { referrerId: referrer.id, friendId: friend.id, code };
};
