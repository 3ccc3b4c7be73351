import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { addFixture, balanceOf, leg, placeBet } from './test-support';

/*
 * The sportsbook end to end on one app: the simulator's schedule, a single and a multiple placed
 * through HTTP and debited, odds-change policies, the bet stop, suspension, results entered in
 * the back office and settled once (Asian quarter lines, a half-lost parlay leg), resettlement
 * as deltas, and a cockfight's pari-mutuel pools.
 */

const clock = createClock('2026-03-10T10:00:00Z');
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  owner = await staffLogin(t.app, clock, 'owner');
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const funded = async (amount = 1_000_000n) => {
  const m = await newMember(t.db, { prefix: 'sb' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount });
  return m;
};

const at = (minutes: number) => new Date(Date.parse('2026-03-10T10:00:00Z') + minutes * 60_000);

let fixtureNo = 0;
const football = (startsIn = 30) => {
  fixtureNo += 1;
  return {
    feedKey: `test-football-${fixtureNo}`,
    sportCode: 'football',
    competitionId: 'football-bpl',
    home: `Home ${fixtureNo}`,
    away: `Away ${fixtureNo}`,
    startsAt: at(startsIn),
    endsAt: at(startsIn + 90),
    markets: [
      {
        kind: '1x2' as const,
        lineQ: null,
        selections: [
          { code: 'home' as const, odds: 21_000n },
          { code: 'draw' as const, odds: 34_000n },
          { code: 'away' as const, odds: 32_000n },
        ],
      },
      {
        kind: 'handicap' as const,
        lineQ: -3, // home −0.75
        selections: [
          { code: 'home' as const, odds: 19_000n },
          { code: 'away' as const, odds: 19_000n },
        ],
      },
      {
        kind: 'total' as const,
        lineQ: 9, // 2.25
        selections: [
          { code: 'over' as const, odds: 19_500n },
          { code: 'under' as const, odds: 18_500n },
        ],
      },
    ],
  };
};

const result = (eventId: string, home: number, away: number) =>
  t.app.inject({
    method: 'POST',
    url: '/bo/api/sportsbook/events/result',
    headers: { authorization: owner },
    payload: {
      merchant: 'khelabd',
      eventId,
      result: { kind: 'score', home, away },
      reason: 'official result',
    },
  });

const payoutEntries = (betId: string) =>
  t.db
    .selectFrom('journal_entry')
    .select('idempotency_key')
    .where('idempotency_key', 'like', `sportsbook:%:${betId}%`)
    .execute();

describe('the schedule', () => {
  it('keeps every sport going with markets, commitments published and seeds hidden', async () => {
    clock.set(at(0));
    const report = await t.app.services.sportsbook.tick();
    expect(report.scheduled).toBeGreaterThan(10);
    const res = await t.app.inject({ method: 'GET', url: '/wps/sportsbook/events?product=SPORTS' });
    expect(res.statusCode, res.body).toBe(200);
    const { events } = res.json().value as {
      events: { sportCode: string; markets: { kind: string }[]; serverSeed: null; commitment: string }[];
    };
    expect(new Set(events.map((e) => e.sportCode))).toEqual(new Set(['football', 'cricket', 'kabaddi']));
    const match = events.find((e) => e.sportCode === 'football');
    expect(match?.markets.map((m) => m.kind)).toEqual(expect.arrayContaining(['1x2', 'handicap', 'total']));
    expect(match?.serverSeed).toBeNull();
    expect(match?.commitment).toMatch(/^[0-9a-f]{64}$/);
    const esports = (
      await t.app.inject({ method: 'GET', url: '/wps/sportsbook/events?product=ESPORTS' })
    ).json().value;
    expect(new Set(esports.events.map((e: { sportCode: string }) => e.sportCode))).toEqual(
      new Set(['cs2', 'dota2']),
    );
    const fights = (
      await t.app.inject({ method: 'GET', url: '/wps/sportsbook/events?product=COCKFIGHT' })
    ).json().value;
    expect(fights.events[0].markets[0].selections.map((s: { code: string }) => s.code)).toEqual([
      'meron',
      'draw',
      'wala',
    ]);
    // A second tick (or a second node) inserts nothing again.
    expect((await t.app.services.sportsbook.tick()).scheduled).toBe(0);
  });

  it('stops bets at the start and settles from the revealed seed at the end', async () => {
    const m = await funded();
    const list = (await t.app.inject({ method: 'GET', url: '/wps/sportsbook/events?product=SPORTS' })).json()
      .value;
    const event = list.events.find(
      (e: { sportCode: string; status: string }) => e.sportCode === 'football' && e.status === 'scheduled',
    );
    const home = event.markets.find((x: { kind: string }) => x.kind === '1x2').selections[0];
    const res = await placeBet(t, m.token, {
      requestKey: 'sim-1',
      kind: 'single',
      stakeMinor: 10_000,
      legs: [{ selectionId: home.id, odds: home.odds }],
    });
    expect(res.statusCode, res.body).toBe(200);
    clock.set(event.startsAt);
    await t.app.services.sportsbook.tick();
    const late = await placeBet(t, m.token, {
      requestKey: 'sim-2',
      kind: 'single',
      stakeMinor: 10_000,
      legs: [{ selectionId: home.id, odds: home.odds }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('sportsbook.market.closed');
    clock.set(event.endsAt);
    await t.app.services.sportsbook.tick();
    const bets = (
      await t.app.inject({ method: 'GET', url: '/wps/sportsbook/bets', headers: { authorization: m.token } })
    ).json().value;
    expect(bets[0].status).toBe('settled');
    const after = (
      await t.app.inject({ method: 'GET', url: '/wps/sportsbook/results?sportCode=football' })
    ).json().value;
    const done = after.find((e: { id: string }) => e.id === event.id);
    expect(done.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const { home: h, away: a } = done.result;
    const won = h > a;
    expect(bets[0].result).toBe(won ? 'won' : 'lost');
    expect(bets[0].payoutMinor).toBe(won ? String((10_000n * BigInt(home.odds)) / 10_000n) : '0');
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 10_000n + BigInt(bets[0].payoutMinor));
  });
});

describe('betting', () => {
  it('debits a single once per request key and refuses bad slips', async () => {
    clock.set(at(0));
    const m = await funded();
    const a = await addFixture(t, football());
    const b = await addFixture(t, football());
    const home = a.sel('1x2', 'home');
    const body = { requestKey: 'one', kind: 'single' as const, stakeMinor: 10_000, legs: [leg(home)] };
    const first = await placeBet(t, m.token, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value.bet.potentialMinor).toBe('21000');
    const again = await placeBet(t, m.token, body);
    expect(again.json().value).toMatchObject({ replayed: true, bet: { id: first.json().value.bet.id } });
    expect(await balanceOf(t, m.member.id)).toBe(990_000n);
    // The play hooks counted the stake once as SPORTS turnover (play_hourly, ADR 035).
    const played = await t.db
      .selectFrom('play_hourly')
      .select(['product', 'stake_minor', 'bets'])
      .where('member_id', '=', m.member.id)
      .execute();
    expect(played.map((r) => [r.product, String(r.stake_minor), r.bets])).toEqual([['SPORTS', '10000', 1]]);

    const refused = async (payload: Parameters<typeof placeBet>[2], status: number, code: string) => {
      const res = await placeBet(t, m.token, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false, errorCode: code });
    };
    // Two legs of one event; a single with two legs; a stake under the minimum.
    await refused(
      {
        requestKey: 'x1',
        kind: 'multiple',
        stakeMinor: 10_000,
        legs: [leg(home), leg(a.sel('total', 'over', 9))],
      },
      400,
      'sportsbook.bet.invalid',
    );
    await refused(
      { requestKey: 'x2', kind: 'single', stakeMinor: 10_000, legs: [leg(home), leg(b.sel('1x2', 'home'))] },
      400,
      'sportsbook.bet.invalid',
    );
    await refused(
      { requestKey: 'x3', kind: 'single', stakeMinor: 999, legs: [leg(home)] },
      400,
      'sportsbook.stake.out.of.range',
    );
    await refused(
      {
        requestKey: 'x4',
        kind: 'single',
        stakeMinor: 10_000,
        legs: [{ selectionId: '00000000-0000-4000-8000-000000000000', odds: '20000' }],
      },
      404,
      'sportsbook.selection.unavailable',
    );
    expect(await balanceOf(t, m.member.id)).toBe(990_000n);
  });

  it('applies the odds-change policy: higher accepts a better price, none refuses any move', async () => {
    const m = await funded();
    const f = await addFixture(t, football());
    const over = f.sel('total', 'over', 9);
    await t.db.updateTable('sb_selection').set({ odds: 18_000n }).where('id', '=', over.id).execute();
    const worse = await placeBet(t, m.token, {
      requestKey: 'p1',
      kind: 'single',
      stakeMinor: 10_000,
      oddsPolicy: 'higher',
      legs: [leg(over)],
    });
    expect(worse.statusCode).toBe(409);
    expect(worse.json()).toMatchObject({ errorCode: 'sportsbook.odds.changed', value: { odds: '18000' } });
    const any = await placeBet(t, m.token, {
      requestKey: 'p2',
      kind: 'single',
      stakeMinor: 10_000,
      oddsPolicy: 'any',
      legs: [leg(over)],
    });
    expect(any.json().value.bet.legs[0].odds).toBe('18000');
    await t.db.updateTable('sb_selection').set({ odds: 20_000n }).where('id', '=', over.id).execute();
    const none = await placeBet(t, m.token, {
      requestKey: 'p3',
      kind: 'single',
      stakeMinor: 10_000,
      oddsPolicy: 'none',
      legs: [{ selectionId: over.id, odds: '18000' }],
    });
    expect(none.statusCode).toBe(409);
    const better = await placeBet(t, m.token, {
      requestKey: 'p4',
      kind: 'single',
      stakeMinor: 10_000,
      oddsPolicy: 'higher',
      legs: [{ selectionId: over.id, odds: '18000' }],
    });
    expect(better.json().value.bet.potentialMinor).toBe('20000');
  });

  it('refuses bets on a suspended market and takes them again once reopened (audited)', async () => {
    const m = await funded();
    const f = await addFixture(t, football());
    const home = f.sel('1x2', 'home');
    const status = (s: string) =>
      t.app.inject({
        method: 'POST',
        url: '/bo/api/sportsbook/markets/status',
        headers: { authorization: owner },
        payload: { merchant: 'khelabd', marketId: home.marketId, status: s, reason: 'dangerous attack' },
      });
    expect((await status('suspended')).json().value.status).toBe('suspended');
    const res = await placeBet(t, m.token, {
      requestKey: 's1',
      kind: 'single',
      stakeMinor: 10_000,
      legs: [leg(home)],
    });
    expect(res.json().errorCode).toBe('sportsbook.market.closed');
    expect((await status('open')).json().value.status).toBe('open');
    expect(
      (
        await placeBet(t, m.token, {
          requestKey: 's2',
          kind: 'single',
          stakeMinor: 10_000,
          legs: [leg(home)],
        })
      ).statusCode,
    ).toBe(200);
    const audit = await t.db
      .selectFrom('bo_audit')
      .select('action')
      .where('target', '=', home.marketId)
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['sportsbook.market.suspend', 'sportsbook.market.reopen']);
  });
});

describe('settlement', () => {
  it('settles quarter lines and a parlay exactly once, even when raced, and resettles as deltas', async () => {
    const m = await funded();
    const a = await addFixture(t, football());
    const b = await addFixture(t, football());
    const ah = a.sel('handicap', 'home', -3); // home −0.75 at 1.90
    const over = b.sel('total', 'over', 9); // over 2.25 at 1.95
    const single = await placeBet(t, m.token, {
      requestKey: 'q1',
      kind: 'single',
      stakeMinor: 10_000,
      legs: [leg(ah)],
    });
    const parlay = await placeBet(t, m.token, {
      requestKey: 'q2',
      kind: 'multiple',
      stakeMinor: 10_000,
      legs: [leg(ah), leg(over)],
    });
    expect(parlay.json().value.bet.potentialMinor).toBe('37050'); // 100 × 1.90 × 1.95
    const singleId = single.json().value.bet.id;
    const parlayId = parlay.json().value.bet.id;
    expect(await balanceOf(t, m.member.id)).toBe(980_000n);

    // Home wins 2-1: −0.75 is half won, 1.45 (the half at −1.0 pushes).
    const [r1, r2] = await Promise.all([result(a.eventId, 2, 1), result(a.eventId, 2, 1)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 200]);
    expect((await payoutEntries(singleId)).map((e) => e.idempotency_key).sort()).toEqual([
      `sportsbook:payout:${singleId}`,
      `sportsbook:stake:${singleId}`,
    ]);
    expect(await balanceOf(t, m.member.id)).toBe(980_000n + 14_500n);
    // The parlay waits for its second leg: 2 goals on over 2.25 is a half loss (0.5).
    await Promise.all([
      result(b.eventId, 1, 1),
      t.app.services.sportsbook.tick(),
      t.app.services.sportsbook.tick(),
    ]);
    const bets = (
      await t.app.inject({ method: 'GET', url: '/wps/sportsbook/bets', headers: { authorization: m.token } })
    ).json().value;
    const p = bets.find((x: { id: string }) => x.id === parlayId);
    expect(p).toMatchObject({ status: 'settled', result: 'half_lost', payoutMinor: '7250' }); // 100 × 1.45 × 0.5
    expect(p.legs.map((l: { outcome: string }) => l.outcome)).toEqual(['half_win', 'half_loss']);
    expect(await balanceOf(t, m.member.id)).toBe(980_000n + 14_500n + 7_250n);
    await t.app.services.sportsbook.tick();
    expect(await balanceOf(t, m.member.id)).toBe(1_001_750n);

    // Corrected to 3-1: −0.75 wins in full (1.90): the single +4,500, the parlay 100 × 1.90 × 0.5 = 95.00 (+2,250).
    const fix = await result(a.eventId, 3, 1);
    expect(fix.json().value).toEqual({ resettled: true, betsChanged: 2, deltaMinor: '6750' });
    expect(await balanceOf(t, m.member.id)).toBe(1_001_750n + 6_750n);
    // Corrected again to 1-1: the single loses (−19,000), the parlay too (−9,500).
    const back = await result(a.eventId, 1, 1);
    expect(back.json().value).toEqual({ resettled: true, betsChanged: 2, deltaMinor: '-28500' });
    expect(await balanceOf(t, m.member.id)).toBe(980_000n);
    const keys = (await payoutEntries(singleId)).map((e) => e.idempotency_key);
    expect(keys).toHaveLength(4); // stake, payout, two resettlements
  });

  it('pays forty bets once each when the result, the job and the ready-bets pass all race', async () => {
    const f = await addFixture(t, football());
    const over = f.sel('total', 'over', 9); // 1.95
    const members = await Promise.all(Array.from({ length: 8 }, () => funded()));
    for (const [i, m] of members.entries())
      for (let k = 0; k < 5; k += 1) {
        const res = await placeBet(t, m.token, {
          requestKey: `race-${i}-${k}`,
          kind: 'single',
          stakeMinor: 1_000 * (k + 1),
          legs: [leg(over)],
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    const book = t.app.services.sportsbook;
    await Promise.all([
      result(f.eventId, 2, 1),
      book.tick(),
      result(f.eventId, 2, 1),
      book.settleReadyBets(),
      book.settleReadyBets(),
    ]);
    await book.tick();
    // Each member staked 1+2+3+4+5 = 15.00 at 1.95 on 3 goals: 29.25 back, once.
    for (const m of members) expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 15_000n + 29_250n);
    const payouts = await t.db
      .selectFrom('journal_entry')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('idempotency_key', 'like', 'sportsbook:payout:%')
      .where(
        'idempotency_key',
        'in',
        (
          await t.db.selectFrom('sb_bet_leg').select('bet_id').where('selection_id', '=', over.id).execute()
        ).map((r) => `sportsbook:payout:${r.bet_id}`),
      )
      .executeTakeFirstOrThrow();
    expect(Number(payouts.n)).toBe(40);
  });

  it('a Trixie: four bets at the unit stake, paid by the doubles and treble that win', async () => {
    const m = await funded();
    const [a, b, c] = [
      await addFixture(t, football()),
      await addFixture(t, football()),
      await addFixture(t, football()),
    ];
    const legs = [a, b, c].map((f) => leg(f.sel('1x2', 'home'))); // 2.10 each
    const res = await placeBet(t, m.token, {
      requestKey: 'trixie',
      kind: 'system',
      stakeMinor: 1_000,
      legs,
      systemSizes: [3, 2],
    });
    expect(res.statusCode, res.body).toBe(200);
    // Three doubles at 10.00 × 4.41 and the treble at 10.00 × 9.261: 132.30 + 92.61.
    expect(res.json().value.bet).toMatchObject({
      kind: 'system',
      stakeMinor: '4000',
      potentialMinor: '22491',
      systemSizes: [2, 3],
    });
    expect(await balanceOf(t, m.member.id)).toBe(996_000n);
    await result(a.eventId, 1, 0);
    await result(b.eventId, 2, 1);
    await result(c.eventId, 0, 0);
    // Only the double a × b wins: 10.00 × 2.10 × 2.10 = 44.10.
    expect(await balanceOf(t, m.member.id)).toBe(996_000n + 4_410n);
    const refused = await placeBet(t, m.token, {
      requestKey: 'trixie-2',
      kind: 'system',
      stakeMinor: 1_000,
      legs: legs.slice(0, 2),
      systemSizes: [2],
    });
    expect(refused.json().errorCode).toBe('sportsbook.bet.invalid');
  });

  it('voids a market: the single is refunded and the leg counts 1.00 in a parlay', async () => {
    const m = await funded();
    const a = await addFixture(t, football());
    const b = await addFixture(t, football());
    const home = a.sel('1x2', 'home');
    await placeBet(t, m.token, { requestKey: 'v1', kind: 'single', stakeMinor: 10_000, legs: [leg(home)] });
    await placeBet(t, m.token, {
      requestKey: 'v2',
      kind: 'multiple',
      stakeMinor: 10_000,
      legs: [leg(home), leg(b.sel('1x2', 'away'))],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/bo/api/sportsbook/markets/void',
      headers: { authorization: owner },
      payload: { merchant: 'khelabd', marketId: home.marketId, reason: 'obvious odds error' },
    });
    expect(res.json().value.status).toBe('voided');
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 20_000n + 10_000n);
    await result(b.eventId, 0, 2);
    expect(await balanceOf(t, m.member.id)).toBe(990_000n + 32_000n); // 100 × 1.00 × 3.20
  });
});

describe('cockfight', () => {
  const fight = () => {
    fixtureNo += 1;
    return {
      feedKey: `test-fight-${fixtureNo}`,
      sportCode: 'cockfight',
      competitionId: 'cockfight-arena',
      home: 'Meron',
      away: 'Wala',
      startsAt: at(3),
      endsAt: at(4),
      markets: [
        {
          kind: 'cockfight' as const,
          lineQ: null,
          pariMutuel: true,
          selections: [
            { code: 'meron' as const, odds: 19_000n },
            { code: 'wala' as const, odds: 19_000n },
            { code: 'draw' as const, odds: 90_000n },
          ],
        },
      ],
    };
  };
  const fightResult = (eventId: string, winner: string) =>
    t.app.inject({
      method: 'POST',
      url: '/bo/api/sportsbook/events/result',
      headers: { authorization: owner },
      payload: { merchant: 'khelabd', eventId, result: { kind: 'fight', winner }, reason: 'arena' },
    });

  it('pays Meron from both pools less 5 %, returns Meron/Wala on a draw, pays Draw 8:1', async () => {
    clock.set(at(0));
    const [meron, wala, draw] = [await funded(), await funded(), await funded()];
    const f1 = await addFixture(t, fight());
    await placeBet(t, meron.token, {
      requestKey: 'c1',
      kind: 'single',
      stakeMinor: 60_000,
      legs: [leg(f1.sel('cockfight', 'meron'))],
    });
    await placeBet(t, wala.token, {
      requestKey: 'c1',
      kind: 'single',
      stakeMinor: 40_000,
      legs: [leg(f1.sel('cockfight', 'wala'))],
    });
    await placeBet(t, draw.token, {
      requestKey: 'c1',
      kind: 'single',
      stakeMinor: 10_000,
      legs: [leg(f1.sel('cockfight', 'draw'))],
    });
    await fightResult(f1.eventId, 'meron');
    // 600 × (1000 × 0.95) / 600 = 950.00
    expect(await balanceOf(t, meron.member.id)).toBe(1_000_000n - 60_000n + 95_000n);
    expect(await balanceOf(t, wala.member.id)).toBe(960_000n);
    expect(await balanceOf(t, draw.member.id)).toBe(990_000n);

    const f2 = await addFixture(t, fight());
    await placeBet(t, meron.token, {
      requestKey: 'c2',
      kind: 'single',
      stakeMinor: 60_000,
      legs: [leg(f2.sel('cockfight', 'meron'))],
    });
    await placeBet(t, wala.token, {
      requestKey: 'c2',
      kind: 'single',
      stakeMinor: 40_000,
      legs: [leg(f2.sel('cockfight', 'wala'))],
    });
    await placeBet(t, draw.token, {
      requestKey: 'c2',
      kind: 'single',
      stakeMinor: 10_000,
      legs: [leg(f2.sel('cockfight', 'draw'))],
    });
    await fightResult(f2.eventId, 'draw');
    expect(await balanceOf(t, meron.member.id)).toBe(1_035_000n);
    expect(await balanceOf(t, wala.member.id)).toBe(960_000n);
    expect(await balanceOf(t, draw.member.id)).toBe(990_000n - 10_000n + 90_000n);
  });

  it('cancels a fight whose side would pay 1.07 or less, refunding every bet', async () => {
    const [meron, wala] = [await funded(), await funded()];
    const f = await addFixture(t, fight());
    await placeBet(t, meron.token, {
      requestKey: 'c3',
      kind: 'single',
      stakeMinor: 95_000,
      legs: [leg(f.sel('cockfight', 'meron'))],
    });
    await placeBet(t, wala.token, {
      requestKey: 'c3',
      kind: 'single',
      stakeMinor: 5_000,
      legs: [leg(f.sel('cockfight', 'wala'))],
    });
    await fightResult(f.eventId, 'meron'); // Meron would pay 1000 × 0.95 / 950 = 1.00
    expect(await balanceOf(t, meron.member.id)).toBe(1_000_000n);
    expect(await balanceOf(t, wala.member.id)).toBe(1_000_000n);
  });
});
