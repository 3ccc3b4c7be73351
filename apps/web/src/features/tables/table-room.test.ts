import { describe, expect, it } from 'vitest';
import { applyMessage, phaseOf, type TableState } from './table-room';

const round = { roundNo: 4, opensAt: 1_000, closesAt: 16_000 } as NonNullable<TableState['round']>;

describe('the table room in the browser', () => {
  it('takes the whole state, then overwrites only the fields a delta names', () => {
    const first = applyMessage(null, { type: 'state', serverTime: 1, round, totals: {}, players: 0 });
    expect(first).toMatchObject({ round: { roundNo: 4 }, players: 0 });
    const next = applyMessage(first, {
      type: 'delta',
      serverTime: 2,
      totals: { dragon: '1000' },
      players: 1,
    });
    expect(next).toMatchObject({
      serverTime: 2,
      round: { roundNo: 4 },
      totals: { dragon: '1000' },
      players: 1,
    });
    // A delta before any state is ignored (the state always comes first on a socket).
    expect(applyMessage(null, { type: 'delta', players: 3 })).toBeNull();
  });

  it('says waiting before the window, betting inside it, dealing after it', () => {
    expect(phaseOf(round, 999)).toBe('waiting');
    expect(phaseOf(round, 1_000)).toBe('betting');
    expect(phaseOf(round, 15_999)).toBe('betting');
    expect(phaseOf(round, 16_000)).toBe('dealing');
    expect(phaseOf(null, 5_000)).toBe('waiting');
  });
});
