import { describe, expect, it } from 'vitest';
import {
  actTeenPatti,
  dealTeenPatti,
  rakeOf,
  startTeenPatti,
  type TeenPattiAction,
  type TeenPattiHand,
  type TeenPattiRule,
} from './teen-patti-hand';

/** A card of rank 1 (ace) … 13 (king) and suit 0..3. */
const c = (rank: number, suit = 0) => suit * 13 + rank - 1;
const rule: TeenPattiRule = {
  bootMinor: 100n,
  potLimitMinor: 100_000n,
  rakeBp: 500,
  rakeCapMinor: 10_000n,
  a23: 'second',
};
const TRAIL_K: [number, number, number] = [c(13), c(13, 1), c(13, 2)];
const PAIR_9: [number, number, number] = [c(9), c(9, 1), c(4)];
const PAIR_9_SAME: [number, number, number] = [c(9, 2), c(9, 3), c(4, 1)];
const HIGH: [number, number, number] = [c(5), c(3, 1), c(2, 2)];

const table = (hands: [number, number, number][], stack = 10_000n, r = rule) =>
  startTeenPatti(
    r,
    hands.map((_, i) => ({ seatNo: i + 1, stackMinor: stack })),
    hands,
    0,
  ).hand;

const act = (hand: TeenPattiHand, index: number, action: TeenPattiAction) =>
  actTeenPatti(hand, index, action).hand;
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'accepted';
};

describe('teen patti hand: bets', () => {
  it('takes the boot from everyone and lets the first player bet blind 1–2× the boot', () => {
    const hand = table([HIGH, PAIR_9, TRAIL_K]);
    expect(hand.potMinor).toBe(300n);
    expect(hand.players.map((p) => p.stackMinor)).toEqual([9_900n, 9_900n, 9_900n]);
    expect(refusal(() => act(hand, 0, { type: 'bet', amountMinor: 99n }))).toBe('pvp.bet.out.of.range');
    expect(refusal(() => act(hand, 0, { type: 'bet', amountMinor: 201n }))).toBe('pvp.bet.out.of.range');
    expect(refusal(() => act(hand, 1, { type: 'bet', amountMinor: 100n }))).toBe('pvp.not.your.turn');
    const after = act(hand, 0, { type: 'bet', amountMinor: 200n });
    expect(after.potMinor).toBe(500n);
    expect(after.turn).toBe(1);
  });

  it('asks a seen player 2–4× the last blind stake, and at most twice the last chaal', () => {
    // Blind 200 makes the stake 200: a seen chaal is 400..800.
    let hand = act(table([HIGH, PAIR_9, TRAIL_K]), 0, { type: 'bet', amountMinor: 200n });
    hand = act(hand, 1, { type: 'see' });
    expect(refusal(() => act(hand, 1, { type: 'bet', amountMinor: 399n }))).toBe('pvp.bet.out.of.range');
    expect(refusal(() => act(hand, 1, { type: 'bet', amountMinor: 801n }))).toBe('pvp.bet.out.of.range');
    hand = act(hand, 1, { type: 'bet', amountMinor: 600n });
    // A chaal of 600: the next seen player bets 600..1200, a blind one 300..600.
    hand = act(hand, 2, { type: 'see' });
    expect(refusal(() => act(hand, 2, { type: 'bet', amountMinor: 1_201n }))).toBe('pvp.bet.out.of.range');
    expect(refusal(() => act(hand, 2, { type: 'bet', amountMinor: 599n }))).toBe('pvp.bet.out.of.range');
    hand = act(hand, 2, { type: 'bet', amountMinor: 1_200n });
    // Player 0 still blind: stake 600, so 600..1200.
    expect(refusal(() => act(hand, 0, { type: 'bet', amountMinor: 599n }))).toBe('pvp.bet.out.of.range');
    hand = act(hand, 0, { type: 'bet', amountMinor: 600n });
    expect(hand.potMinor).toBe(300n + 200n + 600n + 1_200n + 600n);
  });

  it('ends at the pot limit: every player left shows, the best hand takes the pot less the rake', () => {
    const capped = { ...rule, potLimitMinor: 700n };
    let hand = table([HIGH, PAIR_9, TRAIL_K], 10_000n, capped);
    hand = act(hand, 0, { type: 'bet', amountMinor: 200n }); // pot 500
    // Only 200 left under the limit: a blind bet of 200 is both the least and the most.
    expect(refusal(() => act(hand, 1, { type: 'bet', amountMinor: 201n }))).toBe('pvp.bet.out.of.range');
    hand = act(hand, 1, { type: 'bet', amountMinor: 200n }); // pot 700 = limit
    expect(hand.ended).toEqual({
      reason: 'pot-limit',
      winners: [2],
      payouts: [0n, 0n, 665n],
      rakeMinor: 35n,
    });
  });
});

describe('teen patti hand: show, side-show, pack, timer', () => {
  it('allows a show only between the last two; the asker pays the least bet and loses a tie', () => {
    let hand = table([PAIR_9, PAIR_9_SAME, HIGH]);
    expect(refusal(() => act(hand, 0, { type: 'show' }))).toBe('pvp.show.not.allowed');
    hand = act(hand, 0, { type: 'pack' });
    expect(hand.turn).toBe(1);
    hand = act(hand, 1, { type: 'pack' });
    // One left: the hand ends, the pot (the three boots) less 5 % goes to player 2.
    expect(hand.ended).toEqual({ reason: 'last', winners: [2], payouts: [0n, 0n, 285n], rakeMinor: 15n });

    let tie = table([PAIR_9, PAIR_9_SAME]);
    tie = act(tie, 0, { type: 'show' }); // blind asker pays the boot: pot 300
    expect(tie.ended).toEqual({ reason: 'show', winners: [1], payouts: [0n, 285n], rakeMinor: 15n });
    expect(tie.players.map((p) => p.stackMinor)).toEqual([9_800n, 9_900n + 285n]);
  });

  it('side-shows only between seen players with the previous one; the lower hand packs, the asker loses a tie', () => {
    let hand = table([PAIR_9, HIGH, PAIR_9_SAME, TRAIL_K]);
    hand = act(hand, 0, { type: 'bet', amountMinor: 100n });
    hand = act(hand, 1, { type: 'see' });
    // Player 0 (the previous one) is blind: no side-show.
    expect(refusal(() => act(hand, 1, { type: 'sideshow' }))).toBe('pvp.sideshow.not.allowed');
    hand = act(hand, 1, { type: 'bet', amountMinor: 200n }); // stake 100
    hand = act(hand, 2, { type: 'see' });
    hand = act(hand, 2, { type: 'sideshow' }); // pays 200, asks player 1
    expect(hand.sideShow).toEqual({ from: 2, to: 1 });
    expect(hand.turn).toBe(1);
    expect(refusal(() => act(hand, 1, { type: 'bet', amountMinor: 200n }))).toBe('pvp.action.invalid');
    const accepted = act(hand, 1, { type: 'sideshow-answer', accept: true });
    // Pair of nines beats the high card: player 1 packs, player 3 acts next.
    expect(accepted.players.map((p) => p.packed)).toEqual([false, true, false, false]);
    expect(accepted.turn).toBe(3);
    const refused = act(hand, 1, { type: 'timeout' });
    expect(refused.players.map((p) => p.packed)).toEqual([false, false, false, false]);
    expect(refused.turn).toBe(3);

    // A tie on a side-show: the asker packs.
    let tie = table([HIGH, PAIR_9, PAIR_9_SAME]);
    tie = act(tie, 0, { type: 'pack' });
    tie = act(tie, 1, { type: 'see' });
    tie = act(tie, 1, { type: 'bet', amountMinor: 200n });
    tie = act(tie, 2, { type: 'see' });
    // Two left: a side-show is not allowed (that is a show).
    expect(refusal(() => act(tie, 2, { type: 'sideshow' }))).toBe('pvp.sideshow.not.allowed');
    let four = table([PAIR_9, PAIR_9_SAME, HIGH]);
    four = act(four, 0, { type: 'see' });
    four = act(four, 0, { type: 'bet', amountMinor: 200n });
    four = act(four, 1, { type: 'see' });
    four = act(four, 1, { type: 'sideshow' });
    four = act(four, 0, { type: 'sideshow-answer', accept: true });
    expect(four.players.map((p) => p.packed)).toEqual([false, true, false]);
  });

  it('lets a player pack out of turn (leaving), dropping a side-show that waits on them', () => {
    let hand = table([PAIR_9, HIGH, TRAIL_K]);
    hand = act(hand, 2, { type: 'pack' });
    expect(hand.turn).toBe(0);
    hand = act(hand, 1, { type: 'pack' });
    expect(hand.ended?.winners).toEqual([0]);
  });

  it('packs a player whose turn timed out', () => {
    const hand = act(table([HIGH, PAIR_9]), 0, { type: 'timeout' });
    expect(hand.ended?.winners).toEqual([1]);
  });
});

describe('teen patti hand: money', () => {
  it('rakes 5 % floored, capped', () => {
    expect(rakeOf(399n, rule)).toBe(19n);
    expect(rakeOf(1_000_000n, rule)).toBe(10_000n);
  });

  it('pot in = payouts + rake to the minor unit over 1,000 simulated hands', () => {
    // A small linear congruential generator picks the players' actions (not the cards' randomness).
    let x = 12345;
    const pick = (n: number) => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return x % n;
    };
    const seed = 'a'.repeat(64);
    for (let h = 0; h < 1_000; h++) {
      const players = 2 + (h % 5);
      const stacks = Array.from({ length: players }, (_, i) => 500n + BigInt(pick(5000) + i));
      const start = startTeenPatti(
        {
          ...rule,
          potLimitMinor: 3_000n + BigInt(pick(20_000)),
          rakeBp: pick(1000),
          rakeCapMinor: BigInt(pick(500)),
        },
        stacks.map((s, i) => ({ seatNo: i + 1, stackMinor: s })),
        dealTeenPatti({ serverSeed: seed, clientSeed: 'pvp-sim', nonce: h + 1 }, players),
        h,
      );
      let hand = start.hand;
      let paidIn = start.paid.reduce((a, p) => a + p.amountMinor, 0n);
      for (let step = 0; step < 500 && !hand.ended; step++) {
        const i = hand.turn;
        const options: TeenPattiAction[] = [
          { type: 'see' },
          { type: 'bet', amountMinor: BigInt(100 + pick(900)) },
          { type: 'pack' },
          { type: 'show' },
          { type: 'sideshow' },
          { type: 'sideshow-answer', accept: pick(2) === 0 },
          { type: 'timeout' },
        ];
        const action = options[pick(10) < 6 ? 1 : pick(options.length)] as TeenPattiAction;
        try {
          const next = actTeenPatti(hand, i, action);
          paidIn += next.paid.reduce((a, p) => a + p.amountMinor, 0n);
          hand = next.hand;
        } catch {
          // A refused action changes nothing; try another.
        }
      }
      if (!hand.ended) hand = actTeenPatti(hand, hand.turn, { type: 'timeout' }).hand;
      while (!hand.ended) hand = actTeenPatti(hand, hand.turn, { type: 'timeout' }).hand;
      const { payouts, rakeMinor } = hand.ended;
      expect(paidIn).toBe(hand.potMinor);
      expect(payouts.reduce((a, p) => a + p, 0n) + rakeMinor).toBe(hand.potMinor);
      // No chip made or lost: the stacks after plus the rake are the stacks before.
      const after = hand.players.reduce((a, p) => a + p.stackMinor, 0n);
      expect(after + rakeMinor).toBe(stacks.reduce((a, s) => a + s, 0n));
      expect(hand.players.every((p) => p.stackMinor >= 0n)).toBe(true);
    }
  });

  it('deals distinct cards from the committed seed, the same every time', () => {
    const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'pvp-t1', nonce: 7 };
    const a = dealTeenPatti(seeds, 6).flat();
    expect(new Set(a).size).toBe(18);
    expect(dealTeenPatti(seeds, 6).flat()).toEqual(a);
    expect(dealTeenPatti({ ...seeds, nonce: 8 }, 6).flat()).not.toEqual(a);
  });
});
