import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import type { PlayHooks } from '../activity';
import { cashierSteps } from '../cashier/test-support';
import { IN_HOUSE, recordVoidedRound } from '../games';
import { newMember } from '../wallet/test-support';
import { createTables, STALE_ROUND_MS, TABLE_LEASE_MS } from './index';
import { balanceOf, placeTableBets, tableState } from './test-support';

/**
 * Several nodes and crashes: one owner per table by lease; a node that dies holding a lease stops
 * the table's clock only until the lease runs out, then another node settles the round from its
 * committed seed; settlement and void race on one round and exactly one wins; a round nobody
 * settled for STALE_ROUND_MS is voided and every stake given back.
 */
const clock = createClock(Date.now());
let t: TestApp;
const RL = 'khelabd-rl-a';
const noHooks: PlayHooks = { stake: async () => {}, payout: async () => {}, refund: async () => {} };
const node = (nodeId: string) =>
  createTables({
    db: t.db,
    wallet: t.app.services.wallet,
    play: noHooks,
    merchants: async () => [{ code: 'khelabd', currency: 'BDT' }],
    now: clock.now,
    nodeId,
  });

const funded = async (amount: bigint) => {
  const m = await newMember(t.db, { prefix: 'tbs' });
  await cashierSteps(t.app, t.db).fund(m, amount);
  return m;
};

const owners = async () =>
  Object.fromEntries(
    (
      await t.db.selectFrom('live_table').select(['id', 'owner']).where('id', 'like', 'khelabd-%').execute()
    ).map((r) => [r.id, r.owner]),
  );

const roundRow = async (tableId: string, roundNo: number) => {
  const r = await t.db
    .selectFrom('live_round')
    .selectAll()
    .where('table_id', '=', tableId)
    .where('round_no', '=', roundNo)
    .executeTakeFirstOrThrow();
  return {
    id: String(r.id),
    tableId,
    roundNo,
    state: r.state as 'betting',
    serverSeed: r.server_seed,
    commitment: r.commitment,
    clientSeed: r.client_seed,
    opensAt: r.opens_at,
    closesAt: r.closes_at,
    settledAt: r.settled_at,
    outcome: null,
    resultCode: null,
  };
};

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
});

afterAll(async () => {
  await t?.close();
});

describe('leases and crashes', () => {
  it('one node owns a table; after its crash another takes over and settles the round once', async () => {
    const nodeA = node('node-a');
    const nodeB = node('node-b');
    await nodeA.tick();
    await nodeB.tick();
    expect(new Set(Object.values(await owners()))).toEqual(new Set(['node-a']));

    const m = await funded(1_000_000n);
    const round = (await tableState(t, RL)).round;
    if (!round) throw new Error('no round');
    clock.set(round.opensAt);
    const res = await placeTableBets(t, m.token, {
      tableId: RL,
      roundNo: round.roundNo,
      bets: [
        { kind: 'red', amountMinor: '10000' },
        { kind: 'straight-17', amountMinor: '1000' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);

    // Node A renews its lease just before the close, then "crashes" (never ticks again, never
    // releases). Node B waits for the lease.
    clock.set(round.closesAt - 1);
    await nodeA.tick();
    clock.set(round.closesAt + 1);
    await nodeB.tick();
    expect((await tableState(t, RL)).round?.roundNo).toBe(round.roundNo);
    clock.advance(TABLE_LEASE_MS + 1);
    await nodeB.tick();
    expect((await owners())[RL]).toBe('node-b');
    const after = await tableState(t, RL, m.token);
    expect(after.last?.roundNo).toBe(round.roundNo);
    const pocket = (after.last?.outcome as { pocket: number } | undefined)?.pocket ?? -1;
    // Hand-worked roulette: red pays 1:1 (zero loses), a straight-up 35:1.
    const reds = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
    const paid = (reds.includes(pocket) ? 20_000n : 0n) + (pocket === 17 ? 36_000n : 0n);
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 11_000n + paid);
    // The old node coming back (or a retry) settles nothing again.
    expect(await nodeA.settleNow(await roundRow(RL, round.roundNo), 'settle')).toBe(false);
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n - 11_000n + paid);
    const entries = await t.db
      .selectFrom('journal_entry')
      .select('idempotency_key')
      .where('idempotency_key', 'like', 'table:%')
      .execute();
    expect(entries.filter((e) => e.idempotency_key.startsWith('table:stake:'))).toHaveLength(2);
    expect(entries.filter((e) => e.idempotency_key.startsWith('table:win:'))).toHaveLength(
      (reds.includes(pocket) ? 1 : 0) + (pocket === 17 ? 1 : 0),
    );
    await nodeA.close();
    await nodeB.close();
  });

  it('settle and void racing on one round: exactly one moves the money', async () => {
    const nodeC = node('node-c');
    clock.advance(TABLE_LEASE_MS + 1);
    await nodeC.tick();
    const m = await funded(1_000_000n);
    const round = (await tableState(t, RL)).round;
    if (!round) throw new Error('no round');
    clock.set(round.opensAt);
    expect(
      (
        await placeTableBets(t, m.token, {
          tableId: RL,
          roundNo: round.roundNo,
          bets: [{ kind: 'black', amountMinor: '50000' }],
        })
      ).statusCode,
    ).toBe(200);
    clock.set(round.closesAt + 1);
    const row = await roundRow(RL, round.roundNo);
    const results = await Promise.all([nodeC.settleNow(row, 'void'), nodeC.settleNow(row, 'settle')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const final = await roundRow(RL, round.roundNo);
    const balance = await balanceOf(t, m.member.id);
    const bet = await t.db
      .selectFrom('live_bet')
      .select(['state', 'payout_minor'])
      .where('member_id', '=', m.member.id)
      .executeTakeFirstOrThrow();
    expect(balance).toBe(1_000_000n - 50_000n + BigInt(bet.payout_minor ?? '0'));
    if (final.state === ('void' as string)) expect([bet.state, balance]).toEqual(['refunded', 1_000_000n]);
    else expect(bet.state).toBe('settled');
    await nodeC.close();
  });

  it('a round nobody settled for the stale time is voided and every stake given back', async () => {
    const nodeD = node('node-d');
    clock.advance(TABLE_LEASE_MS + 1);
    await nodeD.tick();
    const m = await funded(1_000_000n);
    const round = (await tableState(t, RL)).round;
    if (!round) throw new Error('no round');
    clock.set(round.opensAt);
    await placeTableBets(t, m.token, {
      tableId: RL,
      roundNo: round.roundNo,
      bets: [{ kind: 'odd', amountMinor: '7000' }],
    });
    expect(await balanceOf(t, m.member.id)).toBe(993_000n);
    clock.set(round.closesAt + STALE_ROUND_MS + 1);
    await nodeD.tick();
    const state = await tableState(t, RL);
    expect(state.last).toMatchObject({ roundNo: round.roundNo, state: 'void', outcome: null });
    expect(state.last?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n);
    await nodeD.close();
  });

  it('a voided round’s bets show once in the betting record: stake, the refund as payout, void', async () => {
    const nodeE = node('node-e');
    clock.advance(TABLE_LEASE_MS + 1);
    await nodeE.tick();
    const a = await funded(1_000_000n);
    const b = await funded(500_000n);
    const round = (await tableState(t, RL)).round;
    if (!round) throw new Error('no round');
    clock.set(round.opensAt);
    const slipA = await placeTableBets(t, a.token, {
      tableId: RL,
      roundNo: round.roundNo,
      bets: [
        { kind: 'odd', amountMinor: '7000' },
        { kind: 'red', amountMinor: '2500' },
      ],
    });
    expect(slipA.statusCode).toBe(200);
    const slipB = await placeTableBets(t, b.token, {
      tableId: RL,
      roundNo: round.roundNo,
      bets: [{ kind: 'even', amountMinor: '12000' }],
    });
    expect(slipB.statusCode).toBe(200);
    clock.set(round.closesAt + 1);
    const row = await roundRow(RL, round.roundNo);
    // The void runs twice (a retry, another node): only the first one does anything.
    expect(await nodeE.settleNow(row, 'void')).toBe(true);
    expect(await nodeE.settleNow(row, 'void')).toBe(false);
    expect(await balanceOf(t, a.member.id)).toBe(1_000_000n);
    expect(await balanceOf(t, b.member.id)).toBe(500_000n);

    const bets = await t.db
      .selectFrom('live_bet')
      .select(['id', 'member_id', 'stake_minor'])
      .where('member_id', 'in', [a.member.id, b.member.id])
      .orderBy('id')
      .execute();
    expect(bets.map((x) => [x.member_id, String(x.stake_minor)])).toEqual([
      [a.member.id, '7000'],
      [a.member.id, '2500'],
      [b.member.id, '12000'],
    ]);
    // One record row per bet, keyed table:<bet>, written by the void's transaction.
    const rounds = await t.db
      .selectFrom('game_round')
      .select(['external_round_id', 'member_id', 'status', 'stake_minor', 'payout_minor'])
      .select(['balance_before_minor', 'balance_after_minor', 'cancel_reason', 'game_type', 'vendor_code'])
      .where(
        'external_round_id',
        'in',
        bets.map((x) => `table:${x.id}`),
      )
      .orderBy('stake_minor', 'desc')
      .execute();
    const text = (v: unknown) => (v === null ? null : String(v));
    expect(
      rounds.map((r) => ({
        ...r,
        stake_minor: text(r.stake_minor),
        payout_minor: text(r.payout_minor),
        balance_before_minor: text(r.balance_before_minor),
        balance_after_minor: text(r.balance_after_minor),
      })),
    ).toEqual([
      {
        external_round_id: `table:${bets[2]?.id}`,
        member_id: b.member.id,
        status: 'cancelled',
        stake_minor: '12000',
        payout_minor: '12000',
        balance_before_minor: '500000',
        balance_after_minor: '500000',
        cancel_reason: `void: table ${RL} round ${round.roundNo}`,
        game_type: 'LIVE',
        vendor_code: 'inhouse',
      },
      {
        external_round_id: `table:${bets[0]?.id}`,
        member_id: a.member.id,
        status: 'cancelled',
        stake_minor: '7000',
        payout_minor: '7000',
        balance_before_minor: '1000000',
        balance_after_minor: '997500',
        cancel_reason: `void: table ${RL} round ${round.roundNo}`,
        game_type: 'LIVE',
        vendor_code: 'inhouse',
      },
      {
        external_round_id: `table:${bets[1]?.id}`,
        member_id: a.member.id,
        status: 'cancelled',
        stake_minor: '2500',
        payout_minor: '2500',
        balance_before_minor: '993000',
        balance_after_minor: '1000000',
        cancel_reason: `void: table ${RL} round ${round.roundNo}`,
        game_type: 'LIVE',
        vendor_code: 'inhouse',
      },
    ]);
    // Recording it again (a void replayed after a crash) changes nothing.
    const again = await recordVoidedRound(t.db, {
      merchantCode: 'khelabd',
      memberId: a.member.id,
      vendorCode: IN_HOUSE,
      gameType: 'LIVE',
      gameNodeId: null,
      externalRoundId: `table:${bets[0]?.id}`,
      currency: 'BDT',
      balanceBeforeMinor: 1n,
      stakeMinor: 1n,
      refundMinor: 1n,
      balanceAfterMinor: 1n,
      reason: 'again',
      now: clock.now(),
    });
    expect(again.created).toBe(false);
    expect([again.round.stakeMinor, again.round.payoutMinor, again.round.status]).toEqual([
      7000n,
      7000n,
      'cancelled',
    ]);

    // The member's betting record (the player's own call) shows them as void, profit nil.
    const res = await t.app.inject({
      url: `/wps/relay/MCSFE_getBetRecords?gameType=LIVE&startTime=${clock.now().getTime() - 3_600_000}&endTime=${clock.now().getTime() + 60_000}`,
      headers: { authorization: a.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().value as {
      list: {
        status: string;
        stakeMinor: string;
        payoutMinor: string;
        profitMinor: string;
        gameType: string;
      }[];
      totalCount: number;
      summary: { stake: string; payout: string; profit: string };
    };
    expect(page.totalCount).toBe(2);
    expect(
      page.list
        .map((r) => [r.gameType, r.status, r.stakeMinor, r.payoutMinor, r.profitMinor])
        .sort((x, y) => Number(y[2]) - Number(x[2])),
    ).toEqual([
      ['LIVE', 'cancelled', '7000', '7000', '0'],
      ['LIVE', 'cancelled', '2500', '2500', '0'],
    ]);
    expect(page.summary).toEqual({ stake: '95.00', payout: '95.00', profit: '0.00' });
    expect(await t.app.services.wallet.verify()).toMatchObject({ ok: true, findings: [] });
    await nodeE.close();
  });

  it('leaves the books balanced and every finished bet with exactly its stake and its return', async () => {
    expect(await t.app.services.wallet.verify()).toMatchObject({ ok: true, findings: [] });
    const bets = await t.db
      .selectFrom('live_bet')
      .innerJoin('live_round', 'live_round.id', 'live_bet.round_id')
      .select(['live_bet.id', 'live_bet.state', 'live_bet.stake_minor', 'live_bet.payout_minor'])
      .where('live_round.state', '<>', 'betting')
      .execute();
    expect(bets.length).toBeGreaterThan(3);
    const keys = new Set(
      (
        await t.db
          .selectFrom('journal_entry')
          .select('idempotency_key')
          .where('idempotency_key', 'like', 'table:%')
          .execute()
      ).map((e) => e.idempotency_key),
    );
    for (const bet of bets) {
      expect(keys.has(`table:stake:${bet.id}`)).toBe(true);
      expect(keys.has(`table:win:${bet.id}`)).toBe(
        bet.state === 'settled' && BigInt(bet.payout_minor ?? '0') > 0n,
      );
      expect(keys.has(`table:refund:${bet.id}`)).toBe(bet.state === 'refunded');
      if (bet.state === 'refunded') expect(bet.payout_minor).toBe(bet.stake_minor);
    }
  });
});
