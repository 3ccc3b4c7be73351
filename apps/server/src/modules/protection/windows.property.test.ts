import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { newMember } from '../wallet/test-support';

/**
 * Property: the rolling limit windows against a model. Random stakes at random times against a
 * daily and a weekly wager limit; the model keeps the accepted stakes as a plain list and accepts
 * a stake when, for each limit, the stakes of the window's hours (the current hour and the
 * 23 / 167 before it) plus this one stay within it. The server must accept exactly those.
 */
const HOUR = 3_600_000;
const clock = createClock('2026-05-04T00:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
});

afterAll(async () => {
  await t?.close();
});

type Step = { waitMinutes: number; amount: number };

/** The model: which stakes are accepted, from the accepted list alone. */
const modelAccepts = (
  accepted: { at: number; amount: number }[],
  at: number,
  amount: number,
  limits: { day: number; week: number },
) => {
  const hour = Math.floor(at / HOUR);
  const inWindow = (hours: number) =>
    accepted.filter((s) => Math.floor(s.at / HOUR) > hour - hours).reduce((sum, s) => sum + s.amount, 0);
  return inWindow(24) + amount <= limits.day && inWindow(168) + amount <= limits.week;
};

describe('limit windows', () => {
  it('accepts exactly the stakes the model accepts (daily and weekly wager limits)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          day: fc.integer({ min: 100, max: 2_000 }),
          weekFactor: fc.integer({ min: 1, max: 4 }),
          steps: fc.array(
            fc.record({
              waitMinutes: fc.integer({ min: 0, max: 36 * 60 }),
              amount: fc.integer({ min: 1, max: 900 }),
            }),
            { minLength: 1, maxLength: 14 },
          ),
        }),
        async ({ day, weekFactor, steps }: { day: number; weekFactor: number; steps: Step[] }) => {
          const limits = { day, week: day * weekFactor + 37 };
          const m = await newMember(t.db, { prefix: 'rgprop' });
          const member = { id: m.member.id, merchantCode: 'khelabd' };
          const protection = t.app.services.protection;
          await protection.limits.setLimit(member, {
            kind: 'wager',
            period: 'day',
            amount: BigInt(limits.day),
          });
          await protection.limits.setLimit(member, {
            kind: 'wager',
            period: 'week',
            amount: BigInt(limits.week),
          });
          const accepted: { at: number; amount: number }[] = [];
          for (const step of steps) {
            // Past the play-session idle time too, so the session-time rules stay out of it.
            clock.advance(step.waitMinutes * 60_000);
            const at = clock.now().getTime();
            const expected = modelAccepts(accepted, at, step.amount, limits);
            const got = await t.db
              .transaction()
              .execute((trx) => protection.assertCanStake(trx, member.id, BigInt(step.amount)))
              .then(
                () => true,
                (error: { code?: string }) => {
                  if (error.code !== 'protection.limit') throw error;
                  return false;
                },
              );
            expect(got, `stake ${step.amount} at ${new Date(at).toISOString()}`).toBe(expected);
            if (got) accepted.push({ at, amount: step.amount });
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
