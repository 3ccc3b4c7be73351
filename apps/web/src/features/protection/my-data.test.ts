import { describe, expect, it } from 'vitest';
import { rowsToCsv, tablesOf } from './my-data';

describe('my data as CSV', () => {
  it('quotes commas, quotes and new lines, writes objects as JSON and blanks for null', () => {
    expect(
      rowsToCsv([
        { id: 1, note: 'a,b', said: 'he "won"', at: null },
        { id: 2, note: 'two\nlines', selection: { numbers: [7] } },
      ]),
    ).toBe('id,note,said,at,selection\r\n1,"a,b","he ""won""",,\r\n2,"two\nlines",,,"{""numbers"":[7]}"\r\n');
  });

  it('names every list of rows by its path; an object of plain fields is one row', () => {
    const tables = tablesOf({
      profile: { profile: { username: 'x' }, sessions: [{ ip: '1' }] },
      transactions: [{ kind: 'deposit' }],
      responsibleGaming: { limits: [], events: [{ action: 'limit' }] },
    });
    expect(tables.map((t) => [t.name, t.rows.length])).toEqual([
      ['profile.profile', 1],
      ['profile.sessions', 1],
      ['transactions', 1],
      ['responsibleGaming.limits', 0],
      ['responsibleGaming.events', 1],
    ]);
  });
});
