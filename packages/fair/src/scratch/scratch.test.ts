import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../rng';
import { playScratch, SCRATCH_PRIZES, SCRATCH_WEIGHT_TOTAL, scratchRtp, verifyScratch } from './scratch';

const SEEDS = { serverSeed: 'a'.repeat(64), clientSeed: 'golden' };
const countOf = (cells: number[], s: number) => cells.filter((c) => c === s).length;

describe('scratch cards', () => {
  it('has exact RTP 95 % by the weighted table (closed form), stated independently', () => {
    // Σ weight × pays / total, the table written out by hand: 1× 15 000, 2× 8 000, 5× 3 000,
    // 10× 1 500, 20× 500, 50× 200, 100× 60, 1000× 8 of 100 000 tickets.
    const byHand =
      15_000 * 1 + 8_000 * 2 + 3_000 * 5 + 1_500 * 10 + 500 * 20 + 200 * 50 + 60 * 100 + 8 * 1000;
    expect(byHand).toBe(95_000);
    const fromTable = SCRATCH_PRIZES.reduce((sum, p) => sum + p.weight * p.paysX100, 0);
    // paysX100 are hundredths: 95 000 × 100 over 100 000 × 100.
    expect(fromTable * 100).toBe(95 * SCRATCH_WEIGHT_TOTAL * 100);
    expect(scratchRtp()).toMatchObject({ numerator: 19n, denominator: 20n });
    // One ticket in 100 000 / 28 268 wins something.
    expect(SCRATCH_PRIZES.reduce((sum, p) => sum + p.weight, 0)).toBe(28_268);
  });

  it('matches golden vectors from an independent implementation (Python hmac)', () => {
    const ticket = (nonce: number) => playScratch({ ...SEEDS, nonce, betMinor: 100 });
    expect(ticket(0)).toMatchObject({ cells: [4, 7, 7, 0, 3, 6, 2, 3, 1], winSymbol: -1, payoutMinor: 0 });
    expect(ticket(2)).toMatchObject({ cells: [7, 0, 0, 0, 2, 4, 4, 6, 7], winSymbol: 0, payoutMinor: 100 });
    expect(ticket(4)).toMatchObject({
      cells: [4, 2, 1, 0, 7, 0, 5, 6, 0],
      winSymbol: 0,
      winCells: [3, 5, 8],
    });
    expect(ticket(11).cells).toEqual([1, 3, 2, 0, 6, 4, 1, 7, 5]);
  });

  it('a ticket shows exactly three of its winning symbol and no other three alike', () => {
    let wins = 0;
    for (let nonce = 0; nonce < 3_000; nonce++) {
      const t = playScratch({ ...SEEDS, clientSeed: 'shape', nonce, betMinor: 10 });
      expect(t.cells).toHaveLength(9);
      for (let s = 0; s < 8; s++) expect(countOf(t.cells, s)).toBeLessThanOrEqual(s === t.winSymbol ? 3 : 2);
      if (t.winSymbol >= 0) {
        wins += 1;
        expect(countOf(t.cells, t.winSymbol)).toBe(3);
        expect(t.payoutMinor).toBe(((SCRATCH_PRIZES[t.winSymbol]?.paysX100 ?? 0) * 10) / 100);
      } else expect(t.payoutMinor).toBe(0);
    }
    expect(wins).toBeGreaterThan(700);
  });

  it('returns its RTP within 3σ over 100 000 tickets', () => {
    const n = 100_000;
    let total = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      const x = playScratch({ ...SEEDS, clientSeed: 'rtp', nonce, betMinor: 100 }).payoutMinor / 100;
      total += x;
    }
    const mean = total / n;
    // The exact variance: E[x²] = Σ w·m² / total.
    const ex2 =
      SCRATCH_PRIZES.reduce((s, p) => s + p.weight * (p.paysX100 / 100) ** 2, 0) / SCRATCH_WEIGHT_TOTAL;
    const sd = Math.sqrt(ex2 - 0.95 * 0.95);
    expect(Math.abs(mean - 0.95)).toBeLessThan((3 * sd) / Math.sqrt(n));
  });

  it('verifies a ticket and refuses one with a field missing or changed', () => {
    const input = { ...SEEDS, nonce: 2, betMinor: 100, serverSeedHash: commitmentOf(SEEDS.serverSeed) };
    const recorded = { ...playScratch(input) } as Record<string, unknown>;
    expect(verifyScratch({ ...input, recorded }).ok).toBe(true);
    expect(verifyScratch({ ...input, recorded: { ...recorded, winSymbol: null } }).missing).toEqual([
      'winSymbol',
    ]);
    expect(
      verifyScratch({ ...input, recorded: { ...recorded, cells: [0, 0, 0, 1, 1, 2, 2, 3, 3] } }).ok,
    ).toBe(false);
    expect(verifyScratch({ ...input, recorded: null }).ok).toBe(false);
  });
});
