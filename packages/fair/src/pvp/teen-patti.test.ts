import { describe, expect, it } from 'vitest';
import { betLimits, handCategory, handScore, showWinner, stakeAfter } from './teen-patti';

/** A card of rank 1 (ace) … 13 (king) and suit 0..3. */
const c = (rank: number, suit = 0) => suit * 13 + rank - 1;
const score = (cards: [number, number, number], a23?: 'highest' | 'second' | 'lowest') =>
  handScore(cards, a23);

describe('teen patti hands', () => {
  it('counts every category exactly over the 22,100 hands (A-2-3 a run)', () => {
    const counts: Record<string, number> = {};
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let d = b + 1; d < 52; d++) {
          const category = handCategory(handScore([a, b, d]));
          counts[category] = (counts[category] ?? 0) + 1;
        }
    expect(counts).toEqual({
      trail: 52,
      pure_sequence: 48,
      sequence: 720,
      colour: 1096,
      pair: 3744,
      high: 16440,
    });
  });

  it('ranks hand-picked hands in the order of the rules', () => {
    const ordered: [number, number, number][] = [
      [c(1), c(1, 1), c(1, 2)], // trail of aces
      [c(2), c(2, 1), c(2, 2)], // trail of twos
      [c(1, 3), c(13, 3), c(12, 3)], // pure A-K-Q
      [c(1, 1), c(2, 1), c(3, 1)], // pure A-2-3 (second by default)
      [c(4, 2), c(3, 2), c(2, 2)], // pure 4-3-2
      [c(1), c(13, 1), c(12, 2)], // run A-K-Q
      [c(6), c(5, 1), c(4, 2)], // run 6-5-4
      [c(1, 2), c(10, 2), c(3, 2)], // colour A-10-3
      [c(13, 1), c(9, 1), c(8, 1)], // colour K-9-8
      [c(1), c(1, 1), c(2)], // pair of aces, 2
      [c(13), c(13, 1), c(12)], // pair of kings, queen
      [c(13), c(13, 1), c(11)], // pair of kings, jack
      [c(1), c(13, 1), c(11, 2)], // high A-K-J
      [c(1), c(12, 1), c(11, 2)], // high A-Q-J
      [c(5), c(3, 1), c(2, 2)], // high 5-3-2: the lowest hand
    ];
    const scores = ordered.map((h) => score(h));
    for (let i = 1; i < scores.length; i++) expect(scores[i - 1]).toBeGreaterThan(scores[i] as number);
    // Suits never rank: the same ranks in other suits tie.
    expect(score([c(1, 1), c(13, 2), c(11, 3)])).toBe(score([c(1), c(13, 1), c(11, 2)]));
  });

  it('places A-2-3 as the table says', () => {
    const a23: [number, number, number] = [c(1), c(2, 1), c(3, 2)];
    const akq: [number, number, number] = [c(1), c(13, 1), c(12, 2)];
    const kqj: [number, number, number] = [c(13), c(12, 1), c(11, 2)];
    const low: [number, number, number] = [c(4), c(3, 1), c(2, 2)];
    expect(score(a23, 'highest')).toBeGreaterThan(score(akq, 'highest'));
    expect(score(a23, 'second')).toBeLessThan(score(akq));
    expect(score(a23, 'second')).toBeGreaterThan(score(kqj));
    expect(score(a23, 'lowest')).toBeLessThan(score(low));
  });

  it('gives a show on equal hands to the player who did not ask', () => {
    const h = score([c(9), c(9, 1), c(4)]);
    expect(showWinner(h, h)).toBe('other');
    expect(showWinner(h + 1, h)).toBe('asker');
  });

  it('scores more than a million hands a second', () => {
    const hands: [number, number, number][] = [];
    for (let i = 0; i < 22_100; i++) hands.push([i % 52, (i * 7 + 1) % 52, (i * 13 + 2) % 52]);
    let sink = 0;
    const started = performance.now();
    for (let round = 0; round < 100; round++) for (const h of hands) sink ^= handScore(h);
    const seconds = (performance.now() - started) / 1000;
    expect(sink).not.toBeNaN();
    // 2.21 M hands; a generous bound for a shared, busy machine.
    expect(2_210_000 / seconds).toBeGreaterThan(1_000_000);
  });
});

describe('teen patti betting limits', () => {
  it('blind 1–2× the stake, seen 2–4×, capped by the pot limit', () => {
    expect(betLimits(100n, false, 0n, 100_000n)).toEqual({ min: 100n, max: 200n });
    expect(betLimits(100n, true, 0n, 100_000n)).toEqual({ min: 200n, max: 400n });
    // After a blind 200 the stake is 200; a seen chaal of 600 makes it 300.
    expect(stakeAfter(200n, false)).toBe(200n);
    expect(stakeAfter(600n, true)).toBe(300n);
    expect(betLimits(300n, true, 0n, 100_000n)).toEqual({ min: 600n, max: 1200n });
    expect(betLimits(300n, true, 99_500n, 100_000n)).toEqual({ min: 500n, max: 500n });
  });
});
