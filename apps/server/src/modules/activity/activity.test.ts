import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { gamesOf, openGame, spinOnce, spinValue } from '../games/test-support';
import { gamesOf as lotteryGames, placeBets } from '../lottery/test-support';
import { newMember } from '../wallet/test-support';
import { createPlayHooks, type PlayMove, playTotals } from '.';

/**
 * Play activity (docs/decisions/035): every vertical's stakes and payouts reach `play_hourly` in
 * the transaction that moves the money, checked against the ledger's own entries; a refused stake
 * leaves no trace; the totals group as asked.
 */
const clock = createClock('2026-01-15T12:00:30Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
});

afterAll(async () => {
  await t?.close();
});

const funded = async (prefix: string, amount = 1_000_000n) => {
  const m = await newMember(t.db, { prefix });
  if (amount > 0n) await t.app.services.wallet.grantDemoCredit(m.member.id, { amount });
  return m;
};

/** The member's money moved by the ledger's entries of these kinds (independent of play_hourly). */
const ledgerSum = async (memberId: number, kind: string) =>
  BigInt(
    (
      await sql<{ total: string }>`
        SELECT coalesce(sum(abs(l.amount)), 0)::text AS total FROM journal_entry e
        JOIN journal_line l ON l.entry_id = e.id
        JOIN ledger_account a ON a.id = l.account_id AND a.owner_key = ${`main:${memberId}`}
        WHERE e.kind = ${kind}`.execute(t.db)
    ).rows[0]?.total ?? '0',
  );

/** The member's rows, amounts as strings (PGlite and PostgreSQL answer int8 differently). */
const hours = async (memberId: number) =>
  (
    await t.db
      .selectFrom('play_hourly')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('product')
      .execute()
  ).map((r) => ({
    ...r,
    stake_minor: String(r.stake_minor),
    payout_minor: String(r.payout_minor),
    refund_minor: String(r.refund_minor),
  }));

describe('play activity', () => {
  it('rolls up the in-house slot spins of a member: stakes, wins and bets equal the ledger', async () => {
    const m = await funded('act');
    const [nodeId] = await gamesOf(t.db);
    const session = await openGame(t.app, m.token, nodeId ?? '');
    let won = 0n;
    let staked = 0n;
    let bets = 0;
    for (let i = 0; i < 12; i++) {
      const res = await spinOnce(t.app, session, 200);
      expect(res.statusCode, res.body).toBe(200);
      const v = spinValue(res);
      won += BigInt(v.payoutMinor) + BigInt(v.jackpotWinMinor);
      // A free spin stakes nothing: it is no bet.
      staked += BigInt(v.stakeMinor);
      if (BigInt(v.stakeMinor) > 0n) bets += 1;
    }
    expect(bets).toBeGreaterThan(0);
    const rows = await hours(m.member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ product: 'RNG', merchant_code: 'khelabd', bets });
    expect(BigInt(rows[0]?.stake_minor ?? -1)).toBe(staked);
    expect(BigInt(rows[0]?.stake_minor ?? -1)).toBe(await ledgerSum(m.member.id, 'game.bet'));
    expect(BigInt(rows[0]?.payout_minor ?? -1)).toBe(won);
    expect(BigInt(rows[0]?.payout_minor ?? -1)).toBe(await ledgerSum(m.member.id, 'game.win'));
    expect(rows[0]?.hour.toISOString()).toBe('2026-01-15T12:00:00.000Z');
  });

  it('counts a lottery slip as electronic-lottery turnover, and nothing of a slip protection refuses', async () => {
    const m = await funded('actl');
    await t.app.services.lottery.tick();
    const { games } = await lotteryGames(t);
    const issueNo = games.find((g) => g.code === 'KENO1')?.current?.issueNo ?? '';
    const bet = { betType: 'pick', selection: { numbers: [7] }, stakeMinor: 1_500 };
    const ok = await placeBets(t, m.token, { gameCode: 'KENO1', issueNo, requestKey: 'a', bets: [bet, bet] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await hours(m.member.id)).toMatchObject([{ product: 'ELOTT', stake_minor: '3000', bets: 2 }]);

    // A wager limit of 4,000 a day: a slip of 2 × 1,500 would take the day to 6,000 and is refused
    // in its own transaction (protection is the first play listener): no debit, no turnover.
    await t.app.services.protection.limits.setLimit(
      { id: m.member.id, merchantCode: 'khelabd' },
      { kind: 'wager', period: 'day', amount: 4_000n },
    );
    const refused = await placeBets(t, m.token, {
      gameCode: 'KENO1',
      issueNo,
      requestKey: 'b',
      bets: [bet, bet],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('protection.limit');
    expect(await hours(m.member.id)).toMatchObject([{ product: 'ELOTT', stake_minor: '3000', bets: 2 }]);
    expect(await ledgerSum(m.member.id, 'lottery.stake')).toBe(3_000n);
  });

  it('runs the listeners in order inside the transaction: a refusal leaves no row', async () => {
    const m = await funded('acth', 0n);
    const seen: string[] = [];
    const hooks = createPlayHooks(
      [
        { stake: async (_trx, move) => void seen.push(`first:${move.ref}`) },
        {
          stake: async (_trx, move) => {
            seen.push(`second:${move.ref}`);
            if (move.amount > 500n) throw new Error('refused');
          },
        },
      ],
      clock.now,
    );
    const move = (ref: string, amount: bigint): PlayMove => ({
      memberId: m.member.id,
      merchantCode: 'khelabd',
      product: 'LIVE',
      amount,
      source: 'test',
      ref,
    });
    await t.db.transaction().execute((trx) => hooks.stake(trx, move('r1', 400n)));
    await expect(t.db.transaction().execute((trx) => hooks.stake(trx, move('r2', 600n)))).rejects.toThrow(
      'refused',
    );
    await t.db.transaction().execute((trx) => hooks.stake(trx, move('r3', 0n)));
    await t.db.transaction().execute((trx) => hooks.refund(trx, move('r1', 100n)));
    expect(seen).toEqual(['first:r1', 'second:r1', 'first:r2', 'second:r2']);
    expect(await hours(m.member.id)).toMatchObject([
      { product: 'LIVE', stake_minor: '400', refund_minor: '100', payout_minor: '0', bets: 1 },
    ]);
  });

  it('sums the hours in [from, to) by member, product and day', async () => {
    const a = await funded('acta', 0n);
    const b = await funded('actb', 0n);
    const rows: [number, 'RNG' | 'LIVE', string, number, number][] = [
      [a.member.id, 'RNG', '2026-02-01T00:00:00Z', 100, 30],
      [a.member.id, 'RNG', '2026-02-01T23:00:00Z', 200, 0],
      [a.member.id, 'LIVE', '2026-02-02T05:00:00Z', 50, 80],
      [b.member.id, 'RNG', '2026-02-02T05:00:00Z', 70, 0],
      [b.member.id, 'RNG', '2026-02-03T00:00:00Z', 999, 0],
    ];
    for (const [memberId, product, hour, stake, payout] of rows)
      await t.db
        .insertInto('play_hourly')
        .values({
          merchant_code: 'khelabd',
          member_id: memberId,
          product,
          hour: new Date(hour),
          stake_minor: String(stake),
          payout_minor: String(payout),
          bets: 1,
        })
        .execute();
    const q = {
      from: new Date('2026-02-01T00:00:00Z'),
      to: new Date('2026-02-03T00:00:00Z'),
      memberIds: [a.member.id, b.member.id],
    };
    expect(await playTotals(t.db, { ...q, groupBy: ['member'] })).toEqual([
      { memberId: a.member.id, stakeMinor: 350n, payoutMinor: 110n, refundMinor: 0n, bets: 3 },
      { memberId: b.member.id, stakeMinor: 70n, payoutMinor: 0n, refundMinor: 0n, bets: 1 },
    ]);
    expect(await playTotals(t.db, { ...q, groupBy: ['product', 'day'] })).toEqual([
      { product: 'LIVE', day: '2026-02-02', stakeMinor: 50n, payoutMinor: 80n, refundMinor: 0n, bets: 1 },
      { product: 'RNG', day: '2026-02-01', stakeMinor: 300n, payoutMinor: 30n, refundMinor: 0n, bets: 2 },
      { product: 'RNG', day: '2026-02-02', stakeMinor: 70n, payoutMinor: 0n, refundMinor: 0n, bets: 1 },
    ]);
    expect(await playTotals(t.db, { ...q, products: ['LIVE'], groupBy: [] })).toEqual([
      { stakeMinor: 50n, payoutMinor: 80n, refundMinor: 0n, bets: 1 },
    ]);
    expect(await playTotals(t.db, { ...q, memberIds: [], groupBy: ['member'] })).toEqual([]);
  });
});
