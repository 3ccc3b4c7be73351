import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { post, verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import type { ProviderAdapter } from './adapters';
import { addToRound, openOrGetRound } from './rounds';
import { gamesOf, openGame, spinOnce, spinValue } from './test-support';

let t: TestApp;
const clock = createClock(new Date());
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const records = (token: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/wps/relay/MCSFE_getBetRecords${query}`,
    headers: { authorization: token },
  });

describe('betting record', () => {
  it('lists the member rounds newest first, 15 a page, with filters and a detail', async () => {
    const { token, member } = await newMember(t.db, { prefix: 'gr' });
    await t.app.services.wallet.grantDemoCredit(member.id, { amount: 100_000n });
    const [a, b] = await gamesOf(t.db, 'PG', 2);
    const sessionA = await openGame(t.app, token, a ?? '');
    const sessionB = await openGame(t.app, token, b ?? '');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(spinValue(await spinOnce(t.app, sessionA, 200)).roundId);
    clock.advance(1000);
    for (let i = 0; i < 5; i++) ids.push(spinValue(await spinOnce(t.app, sessionB, 200)).roundId);

    const page1 = await records(token);
    expect(page1.statusCode).toBe(200);
    const v1 = page1.json().value;
    expect(v1).toMatchObject({ pageNo: 1, pageSize: 15, totalCount: 17, totalPages: 2 });
    expect(v1.list).toHaveLength(15);
    expect(v1.list[0]).toMatchObject({
      nodeId: b,
      gameType: 'RNG',
      vendor: 'PG',
      status: 'settled',
      provablyFair: true,
    });
    // A free spin (a random outcome of the previous spin) stakes nothing.
    expect(['2.00', '0.00']).toContain(v1.list[0].stake);
    const page2 = (await records(token, '?pageNo=2')).json().value;
    expect(page2.list).toHaveLength(2);
    const all = [...v1.list, ...page2.list].map((r: { roundId: string }) => r.roundId);
    expect(new Set(all)).toEqual(new Set(ids));
    // The summary covers the whole range.
    const rows = await t.db
      .selectFrom('game_round')
      .select(['stake_minor', 'payout_minor'])
      .where('member_id', '=', member.id)
      .execute();
    const stakes = rows.reduce((a, r) => a + BigInt(r.stake_minor), 0n);
    const payouts = rows.reduce((a, r) => a + BigInt(r.payout_minor), 0n);
    expect(v1.summary.stake).toBe(`${stakes / 100n}.${(stakes % 100n).toString().padStart(2, '0')}`);
    expect(BigInt(v1.summary.payout.replace('.', ''))).toBe(payouts);
    expect(BigInt(v1.summary.profit.replace('.', ''))).toBe(payouts - stakes);

    expect((await records(token, '?gameType=LIVE')).json().value.totalCount).toBe(0);
    expect((await records(token, '?gameType=RNG')).json().value.totalCount).toBe(17);
    expect((await records(token, '?vassalage=PG')).json().value.totalCount).toBe(17);
    const now = clock.now().getTime();
    const old = (await records(token, `?startTime=${now - 20 * DAY}&endTime=${now - 10 * DAY}`)).json().value;
    expect(old.totalCount).toBe(0);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/MCSFE_getBetRecordDetail?roundId=${ids[0]}`,
      headers: { authorization: token },
    });
    expect(detail.statusCode).toBe(200);
    const d = detail.json().value;
    expect(d.roundId).toBe(ids[0]);
    expect(d.result.stops).toHaveLength(5);
    expect(d.proof).toMatchObject({ roundId: ids[0], serverSeed: null, nonce: 0 });

    // Another member sees none of it.
    const other = await newMember(t.db, { prefix: 'gr' });
    expect((await records(other.token)).json().value.totalCount).toBe(0);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/MCSFE_getBetRecordDetail?roundId=${ids[0]}`,
      headers: { authorization: other.token },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad ranges and logged-out calls', async () => {
    const { token } = await newMember(t.db, { prefix: 'gr' });
    expect((await records(token, '?startTime=10&endTime=5')).statusCode).toBe(400);
    expect((await records(token, `?startTime=0&endTime=${40 * DAY}`)).statusCode).toBe(400);
    expect((await records(token, '?pageNo=0')).statusCode).toBe(400);
    const out = await t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getBetRecords' });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual(expectedError('login.not.session'));
  });
});

describe('round sweeper', () => {
  it('cancels idle third-party rounds with a refund, leaves fresh ones, and uses a reconcile hook', async () => {
    const { member } = await newMember(t.db, { prefix: 'gw' });
    await t.app.services.wallet.grantDemoCredit(member.id, { amount: 10_000n });
    const wallet = t.app.services.wallet;
    const base = { merchantCode: 'khelabd', currency: 'BDT' };
    const mainId = await wallet.accountOf({ ...base, kind: 'member_main', memberId: member.id });
    const houseId = await wallet.accountOf({ ...base, kind: 'house' });
    const [nodeId] = await gamesOf(t.db, 'PP', 1);
    const open = async (ext: string, vendorCode: string, stake: bigint) => {
      const { round } = await openOrGetRound(t.db, {
        ...base,
        memberId: member.id,
        vendorCode,
        gameType: 'RNG',
        gameNodeId: nodeId ?? null,
        externalRoundId: ext,
        balanceBeforeMinor: 10_000n,
        now: clock.now(),
      });
      await post(t.db, {
        merchantCode: 'khelabd',
        idempotencyKey: `test-bet:${ext}`,
        kind: 'game.bet',
        lines: [
          { accountId: mainId, amount: -stake },
          { accountId: houseId, amount: stake },
        ],
      });
      await addToRound(t.db, { roundId: round.id, stakeMinor: stake, now: clock.now() });
      return round.id;
    };
    const idle = await open(`sw-${member.id}-1`, 'PP', 700n);
    const reconciled: string[] = [];
    const hook: ProviderAdapter = {
      code: 'SWEEPTEST',
      launch: async () => ({ url: '/x' }),
      reconcile: async (round) => {
        reconciled.push(round.id);
      },
    };
    t.app.services.games.adapters.register(hook);
    const viaHook = await open(`sw-${member.id}-2`, 'SWEEPTEST', 100n);
    clock.advance(25 * 60 * 60 * 1000);
    const fresh = await open(`sw-${member.id}-3`, 'PP', 200n);
    expect(await balanceOf(member.id)).toBe(10_000n - 1_000n);

    await t.app.services.scheduler.runNow('games.sweeper');

    const rows = await t.db
      .selectFrom('game_round')
      .select(['id', 'status', 'cancel_reason', 'balance_after_minor'])
      .where('id', 'in', [idle, viaHook, fresh])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(idle)?.status).toBe('cancelled');
    expect(byId.get(viaHook)?.status).toBe('open');
    expect(byId.get(fresh)?.status).toBe('open');
    expect(reconciled).toEqual([viaHook]);
    expect(await balanceOf(member.id)).toBe(10_000n - 300n);
    // A second pass changes nothing.
    await t.app.services.scheduler.runNow('games.sweeper');
    expect(await balanceOf(member.id)).toBe(10_000n - 300n);
    expect((await verifyLedger(t.db)).findings).toEqual([]);
  });
});

const balanceOf = async (memberId: number) => {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `main:${memberId}`)
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};
