import { describe, expect, it } from 'vitest';
import { ISSUES_AHEAD_MS } from './generate-issues';
import { issueDrawingAt, issuesDue } from './schedule';

describe('issue schedule', () => {
  it('a simulated 7-day clock of 1-minute issues leaves no issue missing or doubled', () => {
    const rule = { intervalSeconds: 60, lockSeconds: 10 };
    const start = Date.parse('2026-03-01T00:00:00Z');
    const end = start + 7 * 86_400_000;
    const seen = new Map<string, number>();
    let t = start;
    let seed = 7;
    while (t < end) {
      for (const issue of issuesDue(rule, new Date(t), ISSUES_AHEAD_MS)) {
        const known = seen.get(issue.issueNo);
        if (known !== undefined) expect(known).toBe(issue.drawsAt.getTime());
        seen.set(issue.issueNo, issue.drawsAt.getTime());
      }
      // Job runs 1 to 600 s apart (a slow node, a pause): never more than the look-ahead.
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      t += 1000 + (seed % 600_000);
    }
    const draws = [...seen.values()].sort((a, b) => a - b);
    // Every minute from the first draw to the last, once.
    expect(new Set(draws).size).toBe(draws.length);
    for (let i = 1; i < draws.length; i++) expect(draws[i]! - draws[i - 1]!).toBe(60_000);
    expect(draws[0]).toBe(start + 60_000);
    expect(draws.length).toBeGreaterThanOrEqual(7 * 1440);
    // Numbers: the day's index, the midnight draw the day before's last.
    expect(issueDrawingAt(rule, start + 60_000).issueNo).toBe('20260301-0001');
    expect(issueDrawingAt(rule, start + 86_400_000).issueNo).toBe('20260301-1440');
    expect(issueDrawingAt(rule, start + 86_400_000 + 60_000).issueNo).toBe('20260302-0001');
  });

  it('opens at the previous draw, locks before its own', () => {
    const issue = issueDrawingAt(
      { intervalSeconds: 300, lockSeconds: 30 },
      Date.parse('2026-03-01T10:05:00Z'),
    );
    expect(issue.opensAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(issue.locksAt.toISOString()).toBe('2026-03-01T10:04:30.000Z');
    expect(issue.issueNo).toBe('20260301-0121');
  });
});
