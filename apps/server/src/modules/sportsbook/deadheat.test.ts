import { beforeAll, describe, expect, it } from 'vitest';
import { createClock, useTestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { fundedMember } from '../wallet/test-support';
import { priceOf } from './pricing';
import { resultEvent } from './settle';
import { createFeedSimulator } from './simulator';
import { addFixture, balanceOf, leg, placeBet } from './test-support';

/*
 * Dead heat (issue 21, ADR 055) on one app: a kabaddi match bet whose tie is a dead heat of both
 * sides (2 tied for 1 place: half the stake at full odds, the rest lost), as a single and as a
 * multiple's leg, from the back office's result entry and from the feed's result path; a
 * resettlement into and out of a dead heat posts the differences only. Every expected amount is
 * worked by hand in the comments.
 */

const clock = createClock('2026-03-10T10:00:00Z');
const t = useTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
let owner: string;

beforeAll(async () => {
  owner = await staffLogin(t.app, clock, 'owner');
});

const funded = () => fundedMember(t, 'dh', 1_000_000n);

const at = (minutes: number) => new Date(Date.parse('2026-03-10T10:00:00Z') + minutes * 60_000);

let fixtureNo = 0;
/** A kabaddi match bet at 1.90 home / 2.10 away. */
const kabaddi = () => {
  fixtureNo += 1;
  return {
    feedKey: `deadheat-kabaddi-${fixtureNo}`,
    sportCode: 'kabaddi',
    competitionId: 'kabaddi-pro',
    home: `Raiders ${fixtureNo}`,
    away: `Defenders ${fixtureNo}`,
    startsAt: at(60),
    endsAt: at(120),
    markets: [
      {
        kind: 'match_bet' as const,
        lineQ: null,
        selections: [
          { code: 'home' as const, odds: 19_000n },
          { code: 'away' as const, odds: 21_000n },
        ],
      },
    ],
  };
};
/** Football 1X2 at 2.10 / 3.40 / 3.20. */
const football = () => {
  fixtureNo += 1;
  return {
    feedKey: `deadheat-football-${fixtureNo}`,
    sportCode: 'football',
    competitionId: 'football-bpl',
    home: `Home ${fixtureNo}`,
    away: `Away ${fixtureNo}`,
    startsAt: at(60),
    endsAt: at(150),
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
    ],
  };
};

const result = (eventId: string, home: number, away: number) =>
  t.app.inject({
    method: 'POST',
    url: '/bo/api/sportsbook/events/result',
    headers: { authorization: owner },
    payload: { merchant: 'khelabd', eventId, result: { kind: 'score', home, away }, reason: 'official' },
  });

const place = async (
  token: string,
  key: string,
  kind: 'single' | 'multiple',
  stakeMinor: number,
  legs: { id: string; odds: string }[],
) => {
  const res = await placeBet(t, token, { requestKey: key, kind, stakeMinor, legs: legs.map(leg) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.bet.id as string;
};

const betOf = async (token: string, betId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/sportsbook/bets',
    headers: { authorization: token },
  });
  type Bet = Record<string, unknown> & { id: string; legs: { outcome: string; deadHeat: unknown }[] };
  return (res.json().value as Bet[]).find((b) => b.id === betId) as Bet;
};

const ledgerKeys = async (betId: string) =>
  (
    await t.db
      .selectFrom('journal_entry')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `sportsbook:%:${betId}%`)
      .execute()
  )
    .map((e) => e.idempotency_key)
    .sort();

describe('sportsbook dead heat', () => {
  it('prices a match bet counting a tie as half a win: 45/45/10 at 5 % margin → 0.95 / 0.50 = 1.90', () => {
    const model = [
      { home: 30, away: 20, weight: 9 },
      { home: 20, away: 30, weight: 9 },
      { home: 25, away: 25, weight: 2 },
    ];
    expect(priceOf(model, { kind: 'match_bet', lineQ: null }, 'home', 500)).toBe(19_000n);
    // A winner market voids the tie instead: (0.95 − 0.10) / 0.45 = 1.888… → 1.88.
    expect(priceOf(model, { kind: 'winner', lineQ: null }, 'home', 500)).toBe(18_800n);
  });

  it('offers the kabaddi match bet from the simulator, ties included in its model', () => {
    const fixtures = createFeedSimulator().fixtures(at(0), at(60), () => 'ab'.repeat(32));
    const game = fixtures.find((f) => f.sportCode === 'kabaddi');
    expect(game?.markets.map((m) => m.kind)).toEqual(['match_bet', 'handicap', 'total']);
  });

  it('divides the stake of a dead-heated single: 2 tied for 1 place', async () => {
    const m = await funded();
    const f = await addFixture(t, kabaddi());
    const home = await place(m.token, 'd1', 'single', 10_000, [f.sel('match_bet', 'home')]);
    const away = await place(m.token, 'd2', 'single', 5_001, [f.sel('match_bet', 'away')]);
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 15_001n);
    const res = await result(f.eventId, 30, 30);
    expect(res.statusCode, res.body).toBe(200);
    // Home: 10 000 ÷ 2 × 1.90 = 9 500. Away: 5 001 ÷ 2 × 2.10 = 5 251.05 → 5 251 (floored, the house keeps 0.05).
    expect(await betOf(m.token, home)).toMatchObject({
      status: 'settled',
      result: 'dead_heat',
      payoutMinor: '9500',
    });
    expect(await betOf(m.token, away)).toMatchObject({
      status: 'settled',
      result: 'dead_heat',
      payoutMinor: '5251',
    });
    expect((await betOf(m.token, home)).legs[0]).toMatchObject({
      outcome: 'win',
      deadHeat: { places: 1, tied: 2 },
    });
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 15_001n + 9_500n + 5_251n);
    // Settling again pays nothing more.
    expect(await t.app.services.sportsbook.settleReadyBets()).toBe(0);
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 15_001n + 9_500n + 5_251n);
    expect(await ledgerKeys(home)).toEqual([`sportsbook:payout:${home}`, `sportsbook:stake:${home}`]);
  });

  it('counts a dead-heated leg as o ÷ 2 in a multiple, recorded by the feed’s result path', async () => {
    const m = await funded();
    const a = await addFixture(t, football());
    const b = await addFixture(t, kabaddi());
    const parlay = await place(m.token, 'd3', 'multiple', 1_001, [
      a.sel('1x2', 'home'),
      b.sel('match_bet', 'away'),
    ]);
    // The feed's path (the tick's resultEvent): home wins the football, the kabaddi ties.
    const deps = t.app.services.sportsbook.settleDeps;
    expect(await resultEvent(deps, a.eventId, { kind: 'score', home: 2, away: 0 })).toBe(true);
    expect(await resultEvent(deps, b.eventId, { kind: 'score', home: 34, away: 34 })).toBe(true);
    // 1 001 × 2.10 × 2.10 ÷ 2 = 2 207.205 → 2 207.
    expect(await betOf(m.token, parlay)).toMatchObject({
      status: 'settled',
      result: 'won',
      payoutMinor: '2207',
    });
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 1_001n + 2_207n);
    const events = await t.app.inject({
      method: 'GET',
      url: '/bo/api/sportsbook/events?merchant=khelabd&product=SPORTS',
      headers: { authorization: owner },
    });
    const kab = (
      events.json().value as {
        id: string;
        markets: { kind: string; selections: { code: string; deadHeat: unknown }[] }[];
      }[]
    ).find((e) => e.id === b.eventId);
    expect(kab?.markets[0]?.selections.map((s) => [s.code, s.deadHeat])).toEqual([
      ['home', { places: 1, tied: 2 }],
      ['away', { places: 1, tied: 2 }],
    ]);
  });

  it('resettles into and out of a dead heat as differences only', async () => {
    const m = await funded();
    const f = await addFixture(t, kabaddi());
    const g = await addFixture(t, football());
    const home = await place(m.token, 'd4', 'single', 10_000, [f.sel('match_bet', 'home')]);
    const away = await place(m.token, 'd5', 'single', 5_000, [f.sel('match_bet', 'away')]);
    const parlay = await place(m.token, 'd6', 'multiple', 2_000, [
      f.sel('match_bet', 'home'),
      g.sel('1x2', 'home'),
    ]);
    const staked = 1_000_000n - 17_000n;
    expect((await result(g.eventId, 1, 0)).statusCode).toBe(200);
    // Home wins 32-30: home 10 000 × 1.90 = 19 000; away loses; parlay 2 000 × 1.90 × 2.10 = 7 980.
    expect((await result(f.eventId, 32, 30)).statusCode).toBe(200);
    expect(await balanceOf(t, m.member.id)).toBe(staked + 19_000n + 7_980n);
    // Corrected to 30-30: home 9 500 (−9 500), away 5 000 ÷ 2 × 2.10 = 5 250 (+5 250),
    // parlay 2 000 × 1.90 ÷ 2 × 2.10 = 3 990 (−3 990): −8 240 in all.
    const fix = await result(f.eventId, 30, 30);
    expect(fix.json().value).toEqual({ resettled: true, betsChanged: 3, deltaMinor: '-8240' });
    expect(await balanceOf(t, m.member.id)).toBe(staked + 9_500n + 5_250n + 3_990n);
    expect(await betOf(m.token, away)).toMatchObject({ result: 'dead_heat', payoutMinor: '5250' });
    // The same result again changes nothing and posts nothing.
    const same = await result(f.eventId, 30, 30);
    expect(same.json().value).toEqual({ resettled: true, betsChanged: 0, deltaMinor: '0' });
    // Back to a plain away win 30-31: home −9 500, away +5 250 (10 500 in all), parlay −3 990.
    const back = await result(f.eventId, 30, 31);
    expect(back.json().value).toEqual({ resettled: true, betsChanged: 3, deltaMinor: '-8240' });
    expect(await balanceOf(t, m.member.id)).toBe(staked + 10_500n);
    expect(await betOf(m.token, home)).toMatchObject({ result: 'lost', payoutMinor: '0' });
    expect((await betOf(m.token, home)).legs[0]).toMatchObject({ outcome: 'loss', deadHeat: null });
    expect(await ledgerKeys(away)).toEqual([
      `sportsbook:resettle:${away}:2`,
      `sportsbook:resettle:${away}:4`,
      `sportsbook:stake:${away}`,
    ]);
    expect(await betOf(m.token, parlay)).toMatchObject({ result: 'lost' });
  });
});
