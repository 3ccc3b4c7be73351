import { describe, expect, it } from 'vitest';
import {
  canCombine,
  combinedOdds,
  lineText,
  previewReturn,
  type SlipLeg,
  systemOf,
  totalStakeOf,
} from './slip';

const leg = (eventId: string, odds: string, pariMutuel = false): SlipLeg => ({
  selectionId: `${eventId}-${odds}`,
  eventId,
  event: eventId,
  market: '1x2',
  pick: 'home',
  odds,
  pariMutuel,
});

describe('the bet slip', () => {
  it('combines legs of distinct events only, never a pool side', () => {
    expect(canCombine([leg('a', '19000')])).toBe(false);
    expect(canCombine([leg('a', '19000'), leg('b', '21000')])).toBe(true);
    expect(canCombine([leg('a', '19000'), leg('a', '21000')])).toBe(false);
    expect(canCombine([leg('a', '19000'), leg('b', '21000', true)])).toBe(false);
  });
  it('previews the exact return: 100.00 on 1.86 × 1.96 is 364.56; singles add up', () => {
    const legs = [leg('a', '18600'), leg('b', '19600')];
    expect(previewReturn(legs, 10_000n, 'multiple')).toBe(36_456n);
    expect(previewReturn(legs, 10_000n, 'single')).toBe(18_600n + 19_600n);
    expect(previewReturn([leg('c', '19000', true)], 10_000n, 'single')).toBeNull();
    expect(combinedOdds(legs)).toBe('3.64');
  });
  it('writes lines with the side’s sign', () => {
    expect(lineText('handicap', -3, 'home')).toBe('-0.75');
    expect(lineText('handicap', -3, 'away')).toBe('+0.75');
    expect(lineText('total', 9, 'over')).toBe('2.25');
    expect(lineText('1x2', null, 'home')).toBe('');
  });
  it('offers the full-cover system of 3..8 legs: a Trixie is 4 bets, a Goliath 247', () => {
    const three = [leg('a', '21000'), leg('b', '21000'), leg('c', '21000')];
    expect(systemOf(three)).toMatchObject({ name: 'trixie', sizes: [2, 3], count: 4 });
    expect(systemOf(three.slice(0, 2))).toBeNull();
    const eight = Array.from({ length: 8 }, (_, i) => leg(`e${i}`, '20000'));
    expect(systemOf(eight)?.count).toBe(247);
    expect(totalStakeOf(three, 1_000n, 'system')).toBe(4_000n);
    // Three doubles at 10.00 × 4.41 and the treble 10.00 × 9.261: 132.30 + 92.61.
    expect(previewReturn(three, 1_000n, 'system')).toBe(22_491n);
  });
});
