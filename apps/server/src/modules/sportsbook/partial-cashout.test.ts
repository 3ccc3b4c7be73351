import { beforeAll, describe, expect, it } from 'vitest';
import { createClock, useTestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { fundedMember } from '../wallet/test-support';
import { addFixture, balanceOf, leg, placeBet } from './test-support';

/*
 * Partial cash-out (issue 21, ADR 055) over HTTP on one app: part of a single's stake taken out
 * at ⌊offer × part ÷ stake⌋, the bet running on with the rest (potential and liability lowered)
 * and then settled on the rest only, won or lost; a parlay; the replay of a request key; the
 * refusals (part too small or too large, a price moved against the member, a suspended market,
 * another member's bet); a partial cash-out racing the result. Offers worked by hand as in
 * cashout.test.ts (the default rule: minimum stake 10.00, cash-out margin 5 %).
 */

const clock = createClock('2026-03-10T10:00:00Z');
const t = useTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
let owner: string;

beforeAll(async () => {
  owner = await staffLogin(t.app, clock, 'owner');
});

const funded = () => fundedMember(t, 'pc', 1_000_000n);

const at = (minutes: number) => new Date(Date.parse('2026-03-10T10:00:00Z') + minutes * 60_000);

let fixtureNo = 0;
/** 1X2 at 2.10 / 3.40 / 3.20 and the home −0.75 handicap at 1.90 / 1.90. */
const football = () => {
  fixtureNo += 1;
  return {
    feedKey: `partial-football-${fixtureNo}`,
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

const partial = (token: string, body: { betId: string; requestKey: string; part: number; offer: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/sportsbook/bets/cashout/partial',
    headers: { authorization: token },
    payload: {
      betId: body.betId,
      requestKey: body.requestKey,
      stakePartMinor: body.part,
      offerMinor: body.offer,
    },
  });

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
  legs: { id: string; odds: string }[],
  stakeMinor = 10_000,
) => {
  const res = await placeBet(t, token, {
    requestKey: key,
    kind: legs.length === 1 ? 'single' : 'multiple',
    stakeMinor,
    legs: legs.map(leg),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.bet.id as string;
};

const betOf = async (token: string, betId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/sportsbook/bets',
    headers: { authorization: token },
  });
  return (res.json().value as { id: string }[]).find((b) => b.id === betId) as Record<string, unknown>;
};

const liabilityOf = async (selectionId: string) =>
  BigInt(
    (
      await t.db
        .selectFrom('sb_selection')
        .select('liability_minor')
        .where('id', '=', selectionId)
        .executeTakeFirstOrThrow()
    ).liability_minor,
  );

const cashOutRows = async (betId: string) =>
  t.db
    .selectFrom('sb_bet_cashout')
    .select(['stake_part_minor', 'value_minor'])
    .where('bet_id', '=', betId)
    .execute();

const setOdds = (id: string, odds: bigint) =>
  t.db.updateTable('sb_selection').set({ odds }).where('id', '=', id).execute();

describe('sportsbook partial cash-out', () => {
  it('takes part of a single out, keeps the rest running, and settles a win on the rest only', async () => {
    const m = await funded();
    const f = await addFixture(t, football());
    const home = f.sel('handicap', 'home', -3);
    const betId = await place(m.token, 'p1', [home]);
    // Offer: 10 000 × 1.90 / 2.00 (fair) × 0.95 = 9 025. Part 4 000 → 9 025 × 4 000 / 10 000 = 3 610.
    expect(await betOf(m.token, betId)).toMatchObject({
      cashOutMinor: '9025',
      cashOutPart: { minMinor: '1000', maxMinor: '9000' }, // the minimum stake 10.00, leaving 10.00
    });
    expect(await liabilityOf(home.id)).toBe(19_000n);
    const res = await partial(m.token, { betId, requestKey: 'k1', part: 4_000, offer: '9025' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      replayed: false,
      valueMinor: '3610',
      offerMinor: '9025',
      balanceMinor: '993610',
      bet: {
        status: 'open',
        stakeMinor: '6000',
        potentialMinor: '11400', // 6 000 × 1.90
        cashedOutStakeMinor: '4000',
        cashedOutMinor: '3610',
        cashOutMinor: '5415', // 6 000 × 1.90 / 2.00 × 0.95
        partialCashOuts: [{ stakePartMinor: '4000', valueMinor: '3610' }],
      },
    });
    expect(await liabilityOf(home.id)).toBe(11_400n);
    // The same request key again: the first answer, nothing paid.
    const replay = await partial(m.token, { betId, requestKey: 'k1', part: 4_000, offer: '9025' });
    expect(replay.json().value).toMatchObject({ replayed: true, valueMinor: '3610', balanceMinor: '993610' });
    expect(await balanceOf(t, m.member.id)).toBe(993_610n);
    expect(await cashOutRows(betId)).toHaveLength(1);
    // A second part with a new key: 1 000 of 6 000 at 5 415 → 902.5 → 902 (floored).
    const second = await partial(m.token, { betId, requestKey: 'k2', part: 1_000, offer: '5415' });
    expect(second.json().value).toMatchObject({
      valueMinor: '902',
      bet: { stakeMinor: '5000', potentialMinor: '9500' },
    });
    expect(await liabilityOf(home.id)).toBe(9_500n);
    // Home wins 3-0 (−0.75 won): 5 000 × 1.90 = 9 500 on the rest only.
    expect((await result(f.eventId, 3, 0)).statusCode).toBe(200);
    expect(await betOf(m.token, betId)).toMatchObject({
      status: 'settled',
      result: 'won',
      payoutMinor: '9500',
      cashedOutMinor: '4512',
    });
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 10_000n + 3_610n + 902n + 9_500n);
    const keys = (
      await t.db
        .selectFrom('journal_entry')
        .select(['idempotency_key', 'kind'])
        .where('idempotency_key', 'like', `sportsbook:%:${betId}%`)
        .orderBy('idempotency_key')
        .execute()
    ).map((e) => `${e.kind} ${e.idempotency_key}`);
    expect(keys).toEqual([
      `sportsbook.cashout.partial sportsbook:cashout:${betId}:k1`,
      `sportsbook.cashout.partial sportsbook:cashout:${betId}:k2`,
      `sportsbook.payout sportsbook:payout:${betId}`,
      `sportsbook.stake sportsbook:stake:${betId}`,
    ]);
  });

  it('settles a loss after a partial cash-out: the member keeps only what the part paid', async () => {
    const m = await funded();
    const f = await addFixture(t, football());
    const betId = await place(m.token, 'p2', [f.sel('handicap', 'home', -3)]);
    // 9 025 × 3 000 / 10 000 = 2 707.5 → 2 707.
    const res = await partial(m.token, { betId, requestKey: 'k1', part: 3_000, offer: '9025' });
    expect(res.json().value).toMatchObject({ valueMinor: '2707', bet: { stakeMinor: '7000' } });
    expect((await result(f.eventId, 0, 1)).statusCode).toBe(200);
    expect(await betOf(m.token, betId)).toMatchObject({
      status: 'settled',
      result: 'lost',
      payoutMinor: '0',
    });
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 10_000n + 2_707n);
  });

  it('cashes out part of a parlay and pays the rest at the combined odds', async () => {
    const m = await funded();
    const a = await addFixture(t, football());
    const b = await addFixture(t, football());
    const betId = await place(m.token, 'p3', [a.sel('1x2', 'home'), b.sel('1x2', 'home')]);
    // Each leg: 2.10 over fair 2.10 × 6185/5712 → 5712/6185; 10 000 × (5712/6185)² × 0.95 = 8 102.65 → 8 102.
    expect(await betOf(m.token, betId)).toMatchObject({ cashOutMinor: '8102', potentialMinor: '44100' });
    const res = await partial(m.token, { betId, requestKey: 'k1', part: 5_000, offer: '8102' });
    // 8 102 × 5 000 / 10 000 = 4 051; the rest 5 000 × 2.10 × 2.10 = 22 050.
    expect(res.json().value).toMatchObject({
      valueMinor: '4051',
      bet: { stakeMinor: '5000', potentialMinor: '22050' },
    });
    expect(await liabilityOf(a.sel('1x2', 'home').id)).toBe(22_050n);
    expect((await result(a.eventId, 1, 0)).statusCode).toBe(200);
    expect((await result(b.eventId, 2, 1)).statusCode).toBe(200);
    expect(await betOf(m.token, betId)).toMatchObject({ result: 'won', payoutMinor: '22050' });
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 10_000n + 4_051n + 22_050n);
  });

  it('refuses a part too small or too large, a moved price, a suspended market and another member’s bet', async () => {
    const m = await funded();
    const other = await funded();
    const f = await addFixture(t, football());
    const home = f.sel('handicap', 'home', -3);
    const betId = await place(m.token, 'p4', [home]);
    // The minimum stake is 1 000: a part of 999, or one leaving 999 running, is refused.
    for (const part of [999, 9_001, 10_000]) {
      const res = await partial(m.token, { betId, requestKey: `small-${part}`, part, offer: '9025' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        errorCode: 'sportsbook.cashout.part.out.of.range',
        value: { min: '1000', max: '9000' },
      });
    }
    // Home drifts to 2.60, away 1.50: 10 000 × 1.90 / 2.7333… × 0.95 = 6 603.65 → 6 603 < 9 025 seen.
    await setOdds(home.id, 26_000n);
    await setOdds(f.sel('handicap', 'away', -3).id, 15_000n);
    const moved = await partial(m.token, { betId, requestKey: 'moved', part: 5_000, offer: '9025' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({
      success: false,
      errorCode: 'sportsbook.cashout.changed',
      value: { offerMinor: '6603' },
    });
    const suspend = await t.app.inject({
      method: 'POST',
      url: '/bo/api/sportsbook/markets/status',
      headers: { authorization: owner },
      payload: { merchant: 'khelabd', marketId: home.marketId, status: 'suspended', reason: 'red card' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const suspended = await partial(m.token, { betId, requestKey: 'susp', part: 5_000, offer: '1' });
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json()).toMatchObject({ success: false, errorCode: 'sportsbook.cashout.unavailable' });
    const foreign = await partial(other.token, { betId, requestKey: 'x', part: 5_000, offer: '1' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, errorCode: 'not.found' });
    // Nothing was written by any refusal.
    expect(await balanceOf(t, m.member.id)).toBe(990_000n);
    expect(await cashOutRows(betId)).toEqual([]);
    expect(await betOf(m.token, betId)).toMatchObject({ stakeMinor: '10000', cashedOutStakeMinor: '0' });
  });

  it('racing the result, the part and the settlement pay on the stake each saw, once', async () => {
    const m = await funded();
    let expected = 1_000_000n;
    for (let round = 0; round < 8; round += 1) {
      const f = await addFixture(t, football());
      const betId = await place(m.token, `race-${round}`, [f.sel('handicap', 'home', -3)]);
      expected -= 10_000n;
      const [cash] = await Promise.all([
        partial(m.token, { betId, requestKey: 'r', part: 4_000, offer: '9025' }),
        result(f.eventId, 2, 0),
      ]);
      // A settlement that found the stake changed under it leaves the bet to the next pass (the tick's).
      await t.app.services.sportsbook.settleReadyBets();
      const bet = await betOf(m.token, betId);
      expect(bet.status).toBe('settled');
      if (cash.statusCode === 200) {
        // The part first (3 610), then the win on 6 000 × 1.90 = 11 400.
        expect(bet).toMatchObject({ stakeMinor: '6000', payoutMinor: '11400', cashedOutMinor: '3610' });
        expected += 3_610n + 11_400n;
      } else {
        expect(cash.json().errorCode).toBe('sportsbook.cashout.unavailable');
        expect(bet).toMatchObject({ stakeMinor: '10000', payoutMinor: '19000', cashedOutMinor: '0' });
        expected += 19_000n;
      }
      expect(await balanceOf(t, m.member.id)).toBe(expected);
    }
  });
});
