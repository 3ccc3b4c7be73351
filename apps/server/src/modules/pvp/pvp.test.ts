import { commitmentOf, dealTeenPatti, handScore } from '@khela/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps } from '../cashier/test-support';
import { newMember, type TestMember } from '../wallet/test-support';
import { addTierVersion } from '.';

/**
 * PvP Teen Patti rooms (issue 22, ADR 042): matchmaking with buy-in into the table balance, a hand
 * played between two members over HTTP with the pot, payout and rake worked out by hand, the turn
 * timer, a disconnect that keeps the seat and chips, leaving, and the ledger balanced throughout.
 */
const clock = createClock(Date.now());
let t: TestApp;
let base: string;

type State = {
  tableId: string;
  mySeatNo: number | null;
  seats: { seatNo: number; chipsMinor: string; connected: boolean; me: boolean; cards: number[] | null }[];
  hand: {
    handNo: number;
    commitment: string;
    clientSeed: string;
    serverSeed: string | null;
    dealtSeatNos: number[];
    potMinor: string;
    turnSeatNo: number | null;
    turnDeadline: number | null;
    moves: string[];
    minBetMinor: string | null;
    maxBetMinor: string | null;
    ended: {
      reason: string;
      winnerSeatNos: number[];
      payouts: Record<string, string>;
      rakeMinor: string;
    } | null;
  } | null;
};

const call = (m: TestMember | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: m ? { authorization: m.token } : {},
    ...(payload ? { payload } : {}),
  });
const state = async (m: TestMember) => {
  const res = await call(m, 'GET', '/wps/pvp/state');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as State;
};
const act = (m: TestMember, s: State, action: string, amountMinor?: string) =>
  call(m, 'POST', '/wps/pvp/action', {
    tableId: s.tableId,
    handNo: s.hand?.handNo ?? 0,
    action,
    ...(amountMinor ? { amountMinor } : {}),
  });
const main = async (m: TestMember) => {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `main:${m.member.id}`)
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};
const accountBalance = async (ownerKey: string) =>
  BigInt(
    (
      await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_key', '=', ownerKey)
        .where('merchant_code', '=', 'khelabd')
        .executeTakeFirst()
    )?.balance ?? '0',
  );
const funded = async (amount: bigint) => {
  const m = await newMember(t.db, { prefix: 'pvp' });
  await cashierSteps(t.app, t.db).fund(m, amount);
  return m;
};
const join = (m: TestMember, tierKey: string, buyInMinor: string) =>
  call(m, 'POST', '/wps/pvp/join', { tierKey, buyInMinor });

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
});

describe('the PvP lobby and joining', () => {
  it('lists the tiers by boot (GLS2_roomList), with no rooms open yet', async () => {
    const res = await call(null, 'GET', '/wps/relay/GLS2_roomList');
    expect(res.statusCode, res.body).toBe(200);
    const tiers = res.json().value.tiers as { tierKey: string; bootMinor: string; rooms: unknown[] }[];
    expect(tiers.map((x) => [x.tierKey, x.bootMinor])).toEqual([
      ['boot-1', '100'],
      ['boot-5', '500'],
      ['boot-20', '2000'],
      ['boot-100', '10000'],
    ]);
    expect(tiers.every((x) => x.rooms.length === 0)).toBe(true);
  });

  it('refuses a buy-in outside the tier range or of an unknown tier, writing nothing', async () => {
    const m = await funded(100_000n);
    // boot-1: buy-in 20..1000 boots = 2,000..100,000 minor.
    const low = await join(m, 'boot-1', '1999');
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ success: false, errorCode: 'pvp.buyin.out.of.range' });
    expect((await join(m, 'nope', '5000')).json()).toMatchObject({ errorCode: 'pvp.tier.unknown' });
    expect(await main(m)).toBe(100_000n);
    expect((await call(m, 'GET', '/wps/pvp/state')).json()).toMatchObject({ errorCode: 'pvp.not.seated' });
  });
});

describe('two members play a hand', () => {
  let a: TestMember;
  let b: TestMember;
  let tableId: string;

  beforeAll(async () => {
    a = await funded(100_000n);
    b = await funded(100_000n);
  });

  it('seats both at one table of the tier, buys in from main, and deals with the boot from each', async () => {
    const ja = await join(a, 'boot-1', '10000');
    expect(ja.statusCode, ja.body).toBe(200);
    expect(ja.json().value).toMatchObject({ seatNo: 1, chipsMinor: '10000', balanceMinor: '90000' });
    tableId = ja.json().value.tableId;
    const jb = await join(b, 'boot-1', '5000');
    expect(jb.json().value).toMatchObject({ tableId, seatNo: 2, chipsMinor: '5000', balanceMinor: '95000' });
    // Joining again at the same tier gives the seat back, with no second buy-in.
    expect((await join(b, 'boot-1', '5000')).json().value).toMatchObject({
      tableId,
      seatNo: 2,
      balanceMinor: null,
    });
    expect((await join(b, 'boot-5', '10000')).json()).toMatchObject({ errorCode: 'pvp.already.seated' });
    expect(await accountBalance(`table:${a.member.id}`)).toBe(10_000n - 100n);
    expect(await accountBalance(`table:${b.member.id}`)).toBe(5_000n - 100n);

    const sa = await state(a);
    expect(sa.hand?.handNo).toBe(1);
    expect(sa.hand?.potMinor).toBe('200');
    expect(sa.hand?.serverSeed).toBeNull();
    expect(sa.hand?.commitment).toMatch(/^[0-9a-f]{64}$/);
    // Nobody sees cards before looking.
    expect(sa.seats.every((s) => s.cards === null)).toBe(true);
    const list = (await call(null, 'GET', '/wps/relay/GLS2_roomList')).json().value.tiers[0];
    expect(list.rooms).toEqual([
      { tableId, tierKey: 'boot-1', bootMinor: '100', seats: 5, players: 2, playing: true },
    ]);
  });

  it('plays blind, then a show: the pot less 5 % goes to the better hand; the seed verifies the deal', async () => {
    const s = await state(a);
    const turn = s.hand?.turnSeatNo;
    const [first, second] = turn === 1 ? [a, b] : [b, a];
    const s1 = await state(first);
    expect(s1.hand?.moves).toEqual(['see', 'pack', 'bet', 'show']);
    expect([s1.hand?.minBetMinor, s1.hand?.maxBetMinor]).toEqual(['100', '200']);
    // Out of turn, out of range: refused, nothing written.
    expect((await act(second, s1, 'bet', '100')).json()).toMatchObject({ errorCode: 'pvp.not.your.turn' });
    const over = await act(first, s1, 'bet', '201');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ errorCode: 'pvp.bet.out.of.range' });
    expect((await act(first, s1, 'bet', '200')).statusCode).toBe(200);
    // The second player looks, then asks a show: a seen show costs 2× the stake of 200 = 400.
    const seen = (await act(second, await state(second), 'see')).json().value as State;
    const mine = seen.seats.find((x) => x.me);
    expect(mine?.cards?.length).toBe(3);
    expect(seen.hand?.minBetMinor).toBe('400');
    const houseBefore = await accountBalance('house');
    const shown = (await act(second, seen, 'show')).json().value as State;
    const ended = shown.hand?.ended;
    // Pot: boots 200 + blind 200 + show 400 = 800; rake 5 % = 40; the winner gets 760.
    expect(shown.hand?.potMinor).toBe('800');
    expect(ended?.rakeMinor).toBe('40');
    expect(await accountBalance('house')).toBe(houseBefore + 40n);
    expect(await accountBalance('table_pot')).toBe(0n);

    // The revealed seed matches the commitment and deals the hands shown.
    const seed = shown.hand?.serverSeed ?? '';
    expect(commitmentOf(seed)).toBe(shown.hand?.commitment);
    // Both seats were dealt in, in seat order (what the verify link hands to /verify).
    expect(shown.hand?.dealtSeatNos).toEqual([1, 2]);
    const dealt = dealTeenPatti({ serverSeed: seed, clientSeed: `pvp-${tableId}`, nonce: 1 }, 2);
    // Turn order starts at index hand 1 % 2 = 1 (seat 2); the asker (second) loses a tie.
    const firstIndex = first === a ? 0 : 1;
    const secondIndex = 1 - firstIndex;
    const askerWins =
      handScore(dealt[secondIndex] as [number, number, number]) >
      handScore(dealt[firstIndex] as [number, number, number]);
    const winner = askerWins ? second : first;
    const winnerSeat = winner === a ? 1 : 2;
    expect(ended?.winnerSeatNos).toEqual([winnerSeat]);
    expect(ended?.payouts[String(winnerSeat)]).toBe('760');
    const stakes = { [a.member.id]: 0n, [b.member.id]: 0n };
    stakes[first.member.id] = 100n + 200n;
    stakes[second.member.id] = 100n + 400n;
    const chipsOf = async (m: TestMember) => accountBalance(`table:${m.member.id}`);
    const startA = 10_000n;
    const startB = 5_000n;
    expect(await chipsOf(a)).toBe(startA - (stakes[a.member.id] ?? 0n) + (winner === a ? 760n : 0n));
    expect(await chipsOf(b)).toBe(startB - (stakes[b.member.id] ?? 0n) + (winner === b ? 760n : 0n));
    expect(await t.app.services.wallet.verify()).toMatchObject({ ok: true, findings: [] });
  });

  it('deals the next hand after the pause; an expired turn packs the player', async () => {
    await t.app.services.pvp.tick();
    expect((await state(a)).hand?.handNo).toBe(1);
    clock.advance(4_001);
    await t.app.services.pvp.tick();
    const s = await state(a);
    expect(s.hand?.handNo).toBe(2);
    // Both sockets are closed and the join hold (30 s) has passed by the deadline below; the
    // player to act is packed when their 20 s are up and their seat is not held.
    const toAct = s.hand?.turnSeatNo;
    clock.set((s.hand?.turnDeadline ?? 0) + 1);
    await t.db.updateTable('pvp_seat').set({ connections: 1, held_until: null }).execute();
    await t.app.services.pvp.tick();
    const after = await state(a);
    expect(after.hand?.ended?.reason).toBe('last');
    expect(after.hand?.ended?.winnerSeatNos).toEqual([toAct === 1 ? 2 : 1]);
  });

  it('keeps a disconnected player’s seat, chips and turn 30 s, restores the state on reconnect, then packs', async () => {
    const socketOf = (m: TestMember) =>
      new Promise<{ socket: WebSocket; states: State[] }>((resolve, reject) => {
        const socket = new WebSocket(
          `${base.replace(/^http/, 'ws')}/wps/pvp/ws?tableId=${tableId}&token=${m.token}`,
        );
        const states: State[] = [];
        socket.onmessage = (event) => {
          states.push(JSON.parse(String(event.data)) as State);
          if (states.length === 1) resolve({ socket, states });
        };
        socket.onerror = () => reject(new Error('socket error'));
      });
    const settle = () => new Promise((r) => setTimeout(r, 300));
    // Hand 3, with B's turn next: A (connected) bets blind if it is A's turn.
    clock.advance(4_001);
    await t.app.services.pvp.tick();
    let s = await state(a);
    expect(s.hand?.handNo).toBe(3);
    if (s.hand?.turnSeatNo === 1) {
      expect((await act(a, s, 'bet', '100')).statusCode).toBe(200);
      s = await state(a);
    }
    expect(s.hand?.turnSeatNo).toBe(2);
    await t.db
      .updateTable('pvp_seat')
      .set({ connections: 0, held_until: null })
      .where('member_id', '=', b.member.id)
      .execute();
    const first = await socketOf(b);
    const before = first.states[0];
    first.socket.close();
    await settle();
    const held = await t.db
      .selectFrom('pvp_seat')
      .selectAll()
      .where('member_id', '=', b.member.id)
      .executeTakeFirst();
    expect(held?.connections).toBe(0);
    expect(held?.held_until?.getTime()).toBe(clock.now().getTime() + 30_000);
    // 25 s: past B's 20 s turn, but the seat is held: B is not packed.
    clock.advance(25_000);
    await t.app.services.pvp.tick();
    const back = await socketOf(b);
    const restored = back.states[0];
    expect(restored?.mySeatNo).toBe(2);
    expect(restored?.hand?.handNo).toBe(3);
    expect(restored?.hand?.turnSeatNo).toBe(2);
    expect(restored?.hand?.moves).toContain('bet');
    expect(restored?.seats).toEqual(before?.seats);
    back.socket.close();
    await settle();

    // Gone for good: 31 s after the last close the seat is freed; B packs (the hand's rule after
    // the window) and the chips still at the table go back to main — none lost.
    const chips = await accountBalance(`table:${b.member.id}`);
    const mainBefore = await main(b);
    clock.advance(31_000);
    await t.app.services.pvp.tick();
    expect((await call(b, 'GET', '/wps/pvp/state')).json()).toMatchObject({ errorCode: 'pvp.not.seated' });
    expect(await accountBalance(`table:${b.member.id}`)).toBe(0n);
    expect(await main(b)).toBe(mainBefore + chips);
    expect((await state(a)).hand?.ended).toMatchObject({ reason: 'last', winnerSeatNos: [1] });
    expect(await accountBalance('table_pot')).toBe(0n);
    expect(await t.app.services.wallet.verify()).toMatchObject({ ok: true, findings: [] });
  });

  it('leaving returns the table balance to main', async () => {
    const left = await call(a, 'POST', '/wps/pvp/leave', { tableId });
    expect(left.statusCode, left.body).toBe(200);
    const returned = BigInt(left.json().value.returnedMinor);
    expect(await accountBalance(`table:${a.member.id}`)).toBe(0n);
    expect(BigInt(left.json().value.balanceMinor)).toBe(90_000n + returned);
    expect((await call(a, 'POST', '/wps/pvp/leave', { tableId })).json()).toMatchObject({
      errorCode: 'pvp.not.seated',
    });
  });
});

describe('tier versions', () => {
  it('a new version of a tier is copied by the next hand; the hand in play keeps its own', async () => {
    const c = await funded(100_000n);
    const d = await funded(100_000n);
    expect((await join(c, 'boot-5', '20000')).statusCode).toBe(200);
    expect((await join(d, 'boot-5', '20000')).statusCode).toBe(200);
    const first = await state(c);
    expect(first.hand?.potMinor).toBe('1000');
    const tier = (await call(null, 'GET', '/wps/relay/GLS2_roomList')).json().value.tiers[1];
    await addTierVersion(t.db, {
      merchantCode: 'khelabd',
      tierKey: 'boot-5',
      name: tier.name,
      bootMinor: 700n,
      potLimitMinor: 700n * 512n,
      rakeBp: 300,
      rakeCapMinor: 10_000n,
      turnMs: 15_000,
      minBuyInMinor: 14_000n,
      maxBuyInMinor: 700_000n,
      seats: 5,
      a23: 'second',
    });
    // The hand in play: still boot 500, its 20 s turn and 5 % rake.
    const toAct = first.hand?.turnSeatNo === 1 ? c : d;
    const packed = (await act(toAct, await state(toAct), 'pack')).json().value as State;
    expect(packed.hand?.ended?.rakeMinor).toBe('50');
    clock.advance(4_001);
    await t.app.services.pvp.tick();
    const next = await state(c);
    expect(next.hand?.handNo).toBe(2);
    // Boot 700 from each: pot 1,400; 15 s to act.
    expect(next.hand?.potMinor).toBe('1400');
    expect((next.hand?.turnDeadline ?? 0) - clock.now().getTime()).toBe(15_000);
  });
});
