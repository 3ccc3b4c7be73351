import { beforeAll, describe, expect, it } from 'vitest';
import { createClock, useTestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { fundedMember } from '../wallet/test-support';
import { addFixture, balanceOf, leg, placeBet } from './test-support';

/*
 * Cash-out (ADR 050) over HTTP on one app: offers worked by hand from the fixture's prices (the
 * default rule's margin is 5 %), acceptance with one credit, a price that moved against the
 * member (409 with the new offer, nothing written), a suspended market (no offer), a parlay with
 * a leg won, a resettlement that leaves a cashed-out bet alone, a timed-out member who may still
 * cash out, and cash-out racing the settlement: one of them wins, one credit, the ledger verifies.
 */

const clock = createClock('2026-03-10T10:00:00Z');
const t = useTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
let owner: string;

beforeAll(async () => {
  owner = await staffLogin(t.app, clock, 'owner');
});

const funded = () => fundedMember(t, 'co', 1_000_000n);

const at = (minutes: number) => new Date(Date.parse('2026-03-10T10:00:00Z') + minutes * 60_000);

let fixtureNo = 0;
/** 1X2 at 2.10 / 3.40 / 3.20 and the home −0.75 handicap at 1.90 / 1.90. */
const football = () => {
  fixtureNo += 1;
  return {
    feedKey: `cashout-football-${fixtureNo}`,
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
      {
        kind: 'handicap' as const,
        lineQ: -3,
        selections: [
          { code: 'home' as const, odds: 19_000n },
          { code: 'away' as const, odds: 19_000n },
        ],
      },
    ],
  };
};

const cashOut = (token: string, betId: string, offerMinor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/sportsbook/bets/cashout',
    headers: { authorization: token },
    payload: { betId, offerMinor },
  });

const offerOf = async (token: string, betId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/sportsbook/bets?status=open',
    headers: { authorization: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  const bet = (res.json().value as { id: string; cashOutMinor: string | null }[]).find((b) => b.id === betId);
  return bet?.cashOutMinor ?? null;
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

const creditsOf = async (betId: string) =>
  (
    await t.db
      .selectFrom('journal_entry')
      .select(['idempotency_key', 'kind'])
      .where('idempotency_key', '=', `sportsbook:payout:${betId}`)
      .execute()
  ).map((e) => e.kind);

const single = async (token: string, s: { id: string; odds: string }, key: string) => {
  const res = await placeBet(t, token, {
    requestKey: key,
    kind: 'single',
    stakeMinor: 10_000,
    legs: [leg(s)],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.bet.id as string;
};

const setOdds = (id: string, odds: bigint) =>
  t.db.updateTable('sb_selection').set({ odds }).where('id', '=', id).execute();

describe('sportsbook cash-out', () => {
  it('offers from the current prices and pays the accepted offer once', async () => {
    const m = await funded();
    const f = await addFixture(t, football());
    const home = f.sel('handicap', 'home', -3);
    const betId = await single(m.token, home, 'c1');
    // 1.90 / 1.90 unchanged: 10 000 × 1.90 / 2.00 × 0.95 = 9 025.
    expect(await offerOf(m.token, betId)).toBe('9025');
    // Home shortens to 1.50, away 2.60: 10 000 × 1.90 / 1.5769… × 0.95 = 11 446.34 → 11 446.
    await setOdds(home.id, 15_000n);
    await setOdds(f.sel('handicap', 'away', -3).id, 26_000n);
    expect(await offerOf(m.token, betId)).toBe('11446');
    const res = await cashOut(m.token, betId, '11446');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      offerMinor: '11446',
      balanceMinor: '1001446',
      bet: { status: 'settled', result: 'cashed_out', payoutMinor: '11446', cashOutMinor: null },
    });
    expect(await balanceOf(t, m.member.id)).toBe(1_001_446n);
    expect(await creditsOf(betId)).toEqual(['sportsbook.cashout']);
    // Again: the bet is settled, nothing more is paid; the result later pays nothing either.
    const again = await cashOut(m.token, betId, '11446');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'sportsbook.cashout.unavailable' });
    expect((await result(f.eventId, 3, 0)).statusCode).toBe(200);
    expect(await balanceOf(t, m.member.id)).toBe(1_001_446n);
    expect(await creditsOf(betId)).toEqual(['sportsbook.cashout']);
    // A corrected result (resettlement) leaves the cashed-out bet as it was.
    const resettled = await result(f.eventId, 0, 3);
    expect(resettled.json().value).toMatchObject({ resettled: true, betsChanged: 0 });
    expect(await balanceOf(t, m.member.id)).toBe(1_001_446n);
  });

  it('refuses with 409 and the new offer when the price moved against the member, writing nothing', async () => {
    const m = await funded();
    const f = await addFixture(t, football());
    const home = f.sel('handicap', 'home', -3);
    const betId = await single(m.token, home, 'c2');
    expect(await offerOf(m.token, betId)).toBe('9025');
    // Home drifts to 2.60, away 1.50: 10 000 × 1.90 / 2.7333… × 0.95 = 6 603.65 → 6 603.
    await setOdds(home.id, 26_000n);
    await setOdds(f.sel('handicap', 'away', -3).id, 15_000n);
    const moved = await cashOut(m.token, betId, '9025');
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({
      success: false,
      errorCode: 'sportsbook.cashout.changed',
      value: { offerMinor: '6603' },
    });
    expect(await balanceOf(t, m.member.id)).toBe(990_000n);
    expect(await creditsOf(betId)).toEqual([]);
    expect(await offerOf(m.token, betId)).toBe('6603');
    // Asking for less than the offer now is accepted at the offer now.
    const ok = await cashOut(m.token, betId, '6000');
    expect(ok.json().value).toMatchObject({ offerMinor: '6603', balanceMinor: '996603' });
  });

  it('offers nothing while a leg’s market is suspended, and nothing for another member’s bet', async () => {
    const m = await funded();
    const other = await funded();
    const f = await addFixture(t, football());
    const home = f.sel('1x2', 'home');
    const betId = await single(m.token, home, 'c3');
    // 1X2 at 2.10 / 3.40 / 3.20: Σ 1/o = 6185/5712; 10 000 × 5712/6185 × 0.95 = 8 773.48 → 8 773.
    expect(await offerOf(m.token, betId)).toBe('8773');
    const suspend = await t.app.inject({
      method: 'POST',
      url: '/bo/api/sportsbook/markets/status',
      headers: { authorization: owner },
      payload: { merchant: 'khelabd', marketId: home.marketId, status: 'suspended', reason: 'goal check' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(await offerOf(m.token, betId)).toBeNull();
    const refused = await cashOut(m.token, betId, '8773');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'sportsbook.cashout.unavailable' });
    const notHers = await cashOut(other.token, betId, '1');
    expect(notHers.statusCode).toBe(404);
    expect(await balanceOf(t, m.member.id)).toBe(990_000n);
    expect(await creditsOf(betId)).toEqual([]);
  });

  it('cashes out a parlay whose first leg has won, counting that leg at its odds', async () => {
    const m = await funded();
    const a = await addFixture(t, football());
    const b = await addFixture(t, football());
    const placed = await placeBet(t, m.token, {
      requestKey: 'c4',
      kind: 'multiple',
      stakeMinor: 10_000,
      legs: [leg(a.sel('handicap', 'home', -3)), leg(b.sel('1x2', 'home'))],
    });
    const betId = placed.json().value.bet.id as string;
    expect((await result(a.eventId, 2, 0)).statusCode).toBe(200); // home −0.75 at 2–0: won
    // 10 000 × 1.90 (won) × 5712/6185 (1X2 home at fair odds) × 0.95 = 16 669.60 → 16 669.
    expect(await offerOf(m.token, betId)).toBe('16669');
    const res = await cashOut(m.token, betId, '16669');
    expect(res.json().value).toMatchObject({ offerMinor: '16669', bet: { result: 'cashed_out' } });
    expect(await balanceOf(t, m.member.id)).toBe(1_006_669n);
  });

  it('lets a member who has taken a time-out still cash out (a withdrawal-side action)', async () => {
    const m = await funded();
    const f = await addFixture(t, football());
    const betId = await single(m.token, f.sel('handicap', 'home', -3), 'c5');
    await t.app.services.protection.pauses.pause(
      { id: m.member.id, merchantCode: 'khelabd' },
      { type: 'timeout', days: 7, allMerchants: false },
    );
    // The pause ended the sessions; a session that survived (another node) is what reaches the route.
    await t.db
      .updateTable('member_session')
      .set({ revoked_at: null })
      .where('member_id', '=', m.member.id)
      .execute();
    const stake = await placeBet(t, m.token, {
      requestKey: 'c5b',
      kind: 'single',
      stakeMinor: 10_000,
      legs: [leg(f.sel('handicap', 'away', -3))],
    });
    expect(stake.statusCode).toBe(403);
    const res = await cashOut(m.token, betId, '9025');
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t, m.member.id)).toBe(999_025n);
  });

  it('racing the settlement, exactly one of cash-out and settlement pays, once', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round += 1) {
      const m = await funded();
      const f = await addFixture(t, football());
      const betId = await single(m.token, f.sel('handicap', 'home', -3), `race-${round}`);
      const homeWins = round % 2 === 0;
      const [cash, settled] = await Promise.all([
        cashOut(m.token, betId, '9025'),
        result(f.eventId, homeWins ? 2 : 0, homeWins ? 0 : 2),
      ]);
      expect(settled.statusCode, settled.body).toBe(200);
      await t.app.services.sportsbook.settleReadyBets();
      const bet = await t.db
        .selectFrom('sb_bet')
        .select(['status', 'result', 'payout_minor'])
        .where('id', '=', betId)
        .executeTakeFirstOrThrow();
      expect(bet.status).toBe('settled');
      const credits = await creditsOf(betId);
      const balance = await balanceOf(t, m.member.id);
      if (cash.statusCode === 200) {
        expect([bet.result, String(bet.payout_minor)]).toEqual(['cashed_out', '9025']);
        expect(credits).toEqual(['sportsbook.cashout']);
        expect(balance).toBe(999_025n);
      } else {
        expect(cash.statusCode).toBe(409);
        expect(bet.result).toBe(homeWins ? 'won' : 'lost');
        expect(credits).toEqual(homeWins ? ['sportsbook.payout'] : []);
        expect(balance).toBe(homeWins ? 1_009_000n : 990_000n);
      }
      outcomes.push(String(bet.result));
    }
    expect(outcomes).toHaveLength(12);
  }, 120_000);

  it('takes the margin of the rule the bet was placed under; the back office finds cashed-out bets', async () => {
    const m = await funded();
    const f = await addFixture(t, football());
    const before = await single(m.token, f.sel('handicap', 'home', -3), 'c6');
    const setRule = (enabled: boolean, marginBp: number) =>
      t.app.inject({
        method: 'POST',
        url: '/bo/api/sportsbook/rules/cashout',
        headers: { authorization: owner },
        payload: { merchant: 'khelabd', enabled, marginBp, reason: 'cash-out margin review' },
      });
    const ten = await setRule(true, 1_000);
    expect(ten.statusCode, ten.body).toBe(200);
    expect(ten.json().value).toMatchObject({ enabled: true, marginBp: 1_000 });
    const after = await single(m.token, f.sel('handicap', 'away', -3), 'c7');
    // The same 1.90 / 1.90 price: 10 000 × 0.95 less 5 % (the old rule) = 9 025, less 10 % = 8 550.
    expect(await offerOf(m.token, before)).toBe('9025');
    expect(await offerOf(m.token, after)).toBe('8550');
    expect((await cashOut(m.token, after, '8550')).statusCode).toBe(200);
    const found = await t.app.inject({
      method: 'GET',
      url: `/bo/api/sportsbook/bets?merchant=khelabd&memberId=${m.member.id}&result=cashed_out`,
      headers: { authorization: owner },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().value).toEqual([
      expect.objectContaining({
        id: after,
        memberId: m.member.id,
        result: 'cashed_out',
        payoutMinor: '8550',
      }),
    ]);
    const audit = await t.db
      .selectFrom('bo_audit')
      .select(['action'])
      .where('action', '=', 'sportsbook.rule.cashout')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
    // Switched off: bets placed from now on have no offer.
    expect((await setRule(false, 1_000)).statusCode).toBe(200);
    const off = await single(m.token, f.sel('1x2', 'home'), 'c8');
    expect(await offerOf(m.token, off)).toBeNull();
    expect(await offerOf(m.token, before)).toBe('9025');
  });
});
