import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { playTotals } from '../activity';
import { cashierSteps } from '../cashier/test-support';
import { newMember, type TestMember } from '../wallet/test-support';
import { balanceOf, connectTable, type Message, placeTableBets, tableState } from './test-support';

/**
 * Shared live tables (issue 22): two players at one table see the same round over their sockets,
 * both bet, both see the same result and are paid by hand-worked rules; bets outside the window,
 * out of the limits or of unknown kinds are refused; a dropped player keeps the seat 30 s.
 */
const clock = createClock(Date.now());
let t: TestApp;
let base: string;
const DT = 'khelabd-dt-a';

const funded = async (amount: bigint) => {
  const m = await newMember(t.db, { prefix: 'tbl' });
  await cashierSteps(t.app, t.db).fund(m, amount);
  return m;
};

/** Moves the clock past the open round's close and runs the owner's clock. */
const finishRound = async (tableId: string) => {
  const state = await tableState(t, tableId);
  clock.set((state.round?.closesAt ?? 0) + 1);
  await t.app.services.tables.tick();
};

/** Moves the clock into the open round's betting window. */
const openBetting = async (tableId: string) => {
  const state = await tableState(t, tableId);
  if (!state.round) throw new Error('no round');
  if (clock.now().getTime() < state.round.opensAt) clock.set(state.round.opensAt);
  return state.round;
};

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.services.tables.tick();
});

afterAll(async () => {
  await t?.close();
});

describe('the live lobby', () => {
  it('lists the merchant’s tables, each with an open round', async () => {
    const res = await t.app.inject({ url: '/wps/tables' });
    expect(res.statusCode, res.body).toBe(200);
    const tables = res.json().value.tables as { id: string; game: string; roundNo: number | null }[];
    expect(tables.map((x) => x.game)).toEqual([
      'baccarat',
      'baccarat',
      'dragon-tiger',
      'roulette',
      'sic-bo',
      'andar-bahar',
    ]);
    expect(tables.every((x) => x.roundNo === 1)).toBe(true);
    expect((await t.app.inject({ url: '/wps/tables/state?tableId=nope' })).json()).toMatchObject({
      success: false,
      errorCode: 'table.unavailable',
    });
  });
});

describe('two players at one dragon tiger table', () => {
  let a: TestMember;
  let b: TestMember;
  beforeAll(async () => {
    a = await funded(1_000_000n);
    b = await funded(1_000_000n);
  });

  it('see the same round, both bet, both see the same result and are paid once', async () => {
    const round = await openBetting(DT);
    const sa = await connectTable(base, `tableId=${DT}&token=${a.token}`);
    const sb = await connectTable(base, `tableId=${DT}&token=${b.token}`);
    const firstA = sa.messages.shift() as Message;
    const firstB = sb.messages.shift() as Message;
    expect((firstA.round as { roundNo: number }).roundNo).toBe(round.roundNo);
    expect((firstB.round as { commitment: string }).commitment).toBe(round.commitment);

    const betA = await placeTableBets(t, a.token, {
      tableId: DT,
      roundNo: round.roundNo,
      bets: [{ kind: 'dragon', amountMinor: '10000' }],
    });
    expect(betA.statusCode, betA.body).toBe(200);
    expect(betA.json().value).toMatchObject({ balanceMinor: '990000', open: { dragon: '10000' } });
    // B sees A's stake on the table totals as a delta.
    const seenByB = await sb.next(
      (m) => m.type === 'delta' && (m.totals as Record<string, string>)?.dragon === '10000',
    );
    expect(seenByB.round).toBeUndefined();
    const betB = await placeTableBets(t, b.token, {
      tableId: DT,
      roundNo: round.roundNo,
      bets: [
        { kind: 'tiger', amountMinor: '20000' },
        { kind: 'tie', amountMinor: '1000' },
      ],
    });
    expect(betB.statusCode, betB.body).toBe(200);

    await finishRound(DT);
    const isResult = (m: Message) =>
      m.type === 'delta' && (m.last as { roundNo?: number })?.roundNo === round.roundNo;
    const resultA = (await sa.next(isResult)).last as Record<string, unknown>;
    const resultB = (await sb.next(isResult)).last as Record<string, unknown>;
    expect(resultA).toEqual(resultB);
    expect(resultA.state).toBe('settled');
    expect(createHash('sha256').update(String(resultA.serverSeed)).digest('hex')).toBe(round.commitment);
    const outcome = resultA.outcome as { dragon: { rank: number }; tiger: { rank: number } };
    const d = outcome.dragon.rank;
    const g = outcome.tiger.rank;
    // Hand-worked: dragon/tiger 1:1, half back on a tie; tie 8:1.
    const paidA = d > g ? 20_000n : d === g ? 5_000n : 0n;
    const paidB = g > d ? 40_000n : d === g ? 10_000n + 9_000n : 0n;
    expect(await balanceOf(t, a.member.id)).toBe(1_000_000n - 10_000n + paidA);
    expect(await balanceOf(t, b.member.id)).toBe(1_000_000n - 21_000n + paidB);
    // The play hooks counted the turnover and the return as live play (activity, ADR 035).
    const [played] = await playTotals(t.db, {
      from: new Date(0),
      to: new Date(Date.now() + 86_400_000 * 365),
      memberIds: [a.member.id],
      groupBy: ['product'],
    });
    expect(played).toMatchObject({
      product: 'LIVE',
      stakeMinor: 10_000n,
      payoutMinor: paidA,
      refundMinor: 0n,
    });
    // Each bet is a settled LIVE round of the member's betting record.
    const record = await t.db
      .selectFrom('game_round')
      .select([
        'game_type',
        'status',
        'stake_minor',
        'payout_minor',
        'balance_before_minor',
        'balance_after_minor',
      ])
      .where('member_id', '=', a.member.id)
      .where('external_round_id', 'like', 'table:%')
      .execute();
    expect(record.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])))).toEqual([
      {
        game_type: 'LIVE',
        status: 'settled',
        stake_minor: '10000',
        payout_minor: String(paidA),
        balance_before_minor: '1000000',
        balance_after_minor: String(1_000_000n - 10_000n + paidA),
      },
    ]);
    const mine = await tableState(t, DT, a.token);
    expect(mine.mine).toMatchObject({
      lastRoundNo: round.roundNo,
      lastStakeMinor: '10000',
      lastPayoutMinor: String(paidA),
    });
    // The next round is open with a fresh commitment; running the clock again pays nobody twice.
    expect(mine.round?.roundNo).toBe(round.roundNo + 1);
    await t.app.services.tables.tick();
    const settledRound = await t.db
      .selectFrom('live_round')
      .selectAll()
      .where('table_id', '=', DT)
      .where('round_no', '=', round.roundNo)
      .executeTakeFirstOrThrow();
    const tables = t.app.services.tables;
    const asRow = {
      id: String(settledRound.id),
      tableId: DT,
      roundNo: round.roundNo,
      state: 'betting' as const,
      serverSeed: settledRound.server_seed,
      commitment: settledRound.commitment,
      clientSeed: settledRound.client_seed,
      opensAt: settledRound.opens_at,
      closesAt: settledRound.closes_at,
      settledAt: null,
      outcome: null,
      resultCode: null,
    };
    expect(await tables.settleNow(asRow, 'settle')).toBe(false);
    expect(await tables.settleNow(asRow, 'void')).toBe(false);
    expect(await balanceOf(t, a.member.id)).toBe(1_000_000n - 10_000n + paidA);
    expect(await balanceOf(t, b.member.id)).toBe(1_000_000n - 21_000n + paidB);
    sa.socket.close();
    sb.socket.close();
  });

  it('refuses bets outside the window, of unknown kinds, below the minimum or above the maximum', async () => {
    const round = await openBetting(DT);
    const rich = await funded(10_000_000n);
    const bet = (kind: string, amountMinor: string, roundNo = round.roundNo) =>
      placeTableBets(t, rich.token, { tableId: DT, roundNo, bets: [{ kind, amountMinor }] });
    expect((await bet('banker', '10000')).json()).toMatchObject({
      success: false,
      errorCode: 'table.bet.invalid',
    });
    expect((await bet('dragon', '999')).json()).toMatchObject({ errorCode: 'table.bet.out.of.range' });
    expect((await bet('dragon', '3000000')).statusCode).toBe(200);
    const over = await bet('dragon', '2000001');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ errorCode: 'table.bet.out.of.range', value: { max: '5000000' } });
    expect((await bet('dragon', '1000', round.roundNo + 5)).json()).toMatchObject({
      errorCode: 'table.round.closed',
    });
    const poor = await funded(5_000n);
    const broke = await placeTableBets(t, poor.token, {
      tableId: DT,
      roundNo: round.roundNo,
      bets: [{ kind: 'tiger', amountMinor: '6000' }],
    });
    expect(broke.json()).toMatchObject({ success: false, errorCode: 'insufficient.balance' });
    expect(await balanceOf(t, poor.member.id)).toBe(5_000n);
    // The same request key answers the first slip and debits once.
    const slip = {
      tableId: DT,
      roundNo: round.roundNo,
      requestKey: 'slip-key-0001',
      bets: [{ kind: 'tie', amountMinor: '1000' }],
    };
    const before = await balanceOf(t, b.member.id);
    expect((await placeTableBets(t, b.token, slip)).statusCode).toBe(200);
    expect((await placeTableBets(t, b.token, slip)).json().value.open).toEqual({ tie: '1000' });
    expect(await balanceOf(t, b.member.id)).toBe(before - 1000n);
    clock.set(round.closesAt);
    expect((await bet('tiger', '1000')).json()).toMatchObject({ errorCode: 'table.round.closed' });
    await t.app.services.tables.tick();
  });
});

describe('a dropped player', () => {
  it('keeps the seat for 30 s and gets the state and their bets back on reconnect', async () => {
    const m = await funded(100_000n);
    const round = await openBetting(DT);
    const first = await connectTable(base, `tableId=${DT}&token=${m.token}`);
    const bet = await placeTableBets(t, m.token, {
      tableId: DT,
      roundNo: round.roundNo,
      bets: [{ kind: 'tiger', amountMinor: '5000' }],
    });
    expect(bet.statusCode, bet.body).toBe(200);
    const seat = await t.db
      .selectFrom('live_seat')
      .select(['seat_no as seatNo'])
      .where('table_id', '=', DT)
      .where('member_id', '=', m.member.id)
      .executeTakeFirstOrThrow();
    first.socket.close();
    await first.closed;
    await new Promise((r) => setTimeout(r, 100));
    const held = await tableState(t, DT);
    expect(held.seats.find((s) => s.seatNo === seat?.seatNo)).toMatchObject({ connected: false });
    clock.advance(3_000);
    await t.app.services.tables.tick();
    const again = await connectTable(base, `tableId=${DT}&token=${m.token}`);
    const state = again.messages.find((x) => x.type === 'state') as Message;
    expect((state.mine as { open: Record<string, string> }).open).toEqual({ tiger: '5000' });
    expect(
      (state.seats as { seatNo: number; connected: boolean }[]).find((s) => s.seatNo === seat?.seatNo),
    ).toMatchObject({
      connected: true,
    });
    again.socket.close();
    await again.closed;
    await new Promise((r) => setTimeout(r, 100));
    // Away 29 s: the round was settled meanwhile; the seat is still theirs and the result waits.
    clock.advance(29_000);
    await t.app.services.tables.tick();
    const back = await connectTable(base, `tableId=${DT}&token=${m.token}`);
    const backState = back.messages.find((x) => x.type === 'state') as Message;
    expect(backState.mine).toMatchObject({ lastRoundNo: round.roundNo, lastStakeMinor: '5000' });
    expect((backState.seats as { seatNo: number }[]).some((s) => s.seatNo === seat?.seatNo)).toBe(true);
    back.socket.close();
    await back.closed;
    await new Promise((r) => setTimeout(r, 100));
    clock.advance(31_000);
    await t.app.services.tables.tick();
    expect((await tableState(t, DT)).seats.find((s) => s.seatNo === seat?.seatNo)).toBeUndefined();
  });
});
