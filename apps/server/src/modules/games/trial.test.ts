import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_CREDIT_MINOR, verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { readPool } from './jackpot';
import { openOrGetRound, settleRound } from './rounds';
import { DEFAULT_GAMES_SETTINGS, writeGamesSettings } from './settings';
import { gamesOf, openGame, spinOnce, spinValue } from './test-support';

/*
 * Trial (free-play, member type 4) accounts play on demo credit through the ledger, but that
 * credit is not real money: their stakes never fund the progressive jackpot, they never win it,
 * and their wins never go on the winner board.
 */

let t: TestApp;
let nodeId: string;

beforeAll(async () => {
  t = await createTestApp();
  [nodeId = ''] = await gamesOf(t.db, 'PG', 1);
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const setSettings = (patch: Partial<typeof DEFAULT_GAMES_SETTINGS>) =>
  writeGamesSettings(t.db, 'khelabd', { ...DEFAULT_GAMES_SETTINGS, ...patch }, new Date());

/** A trial account made the way the site makes one: the login modal's free play. */
const freePlay = async (ip: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    payload: { os: 'Linux', platform: 'W' },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value as { token: string; id: number; userName: string; customerType: number };
  expect(value.customerType).toBe(4);
  return value;
};

const balanceOf = async (memberId: number) => {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `main:${memberId}`)
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};

/** Journal entries touching the jackpot account that name this member. */
const jackpotEntriesOf = async (memberId: number) =>
  (
    await sql<{ kind: string }>`
      SELECT e.kind FROM journal_entry e JOIN journal_line l ON l.entry_id = e.id
      JOIN ledger_account a ON a.id = l.account_id
      WHERE a.kind = 'jackpot' AND (e.metadata->>'memberId')::int = ${memberId}`.execute(t.db)
  ).rows;

const boardRoundsOf = async (memberId: number) =>
  (await t.db.selectFrom('game_win').select('round_ref').where('member_id', '=', memberId).execute()).map(
    (r) => r.round_ref,
  );

describe('trial accounts and the jackpot', () => {
  it('neither fund nor draw the pool, while a real member beside them does', async () => {
    // Half the paid spins hit the jackpot draw (odds 1 in 2) and 10 % of each stake would feed it.
    await setSettings({ jackpotShareBp: 1000, jackpotSeedMinor: 5_000n, jackpotOdds: 2 });
    try {
      const trial = await freePlay('10.77.0.1');
      const session = await openGame(t.app, trial.token, nodeId);
      // The public pool call makes (and seeds) the pool first.
      expect((await t.app.inject({ method: 'GET', url: '/wps/relay/VIS_getJackpot' })).statusCode).toBe(200);
      const poolBefore = await readPool(t.db, 'khelabd', 'BDT');
      expect(poolBefore).toBeGreaterThan(0n);
      let balance = DEMO_CREDIT_MINOR;
      let draws = 0;
      for (let i = 0; i < 24; i++) {
        const v = spinValue(await spinOnce(t.app, session, 200));
        if (v.result.jackpotHit) draws++;
        expect(v.jackpotWinMinor).toBe('0');
        expect(BigInt(v.jackpot.poolMinor)).toBe(poolBefore);
        balance = balance - BigInt(v.stakeMinor) + BigInt(v.payoutMinor);
        expect(BigInt(v.balanceMinor)).toBe(balance);
      }
      // The engine's draw is still made and recorded (the rounds verify), it just pays nothing.
      expect(draws).toBeGreaterThan(0);
      expect(await readPool(t.db, 'khelabd', 'BDT')).toBe(poolBefore);
      expect(await balanceOf(trial.id)).toBe(balance);
      const rounds = await t.db
        .selectFrom('game_round')
        .select(['jackpot_contribution_minor', 'jackpot_win_minor', 'stake_minor', 'ledger_entry_id'])
        .where('member_id', '=', trial.id)
        .execute();
      expect(rounds).toHaveLength(24);
      for (const round of rounds) {
        expect(BigInt(round.jackpot_contribution_minor)).toBe(0n);
        expect(BigInt(round.jackpot_win_minor)).toBe(0n);
        // Still through the ledger: every paid round has its journal entry.
        if (BigInt(round.stake_minor) > 0n) expect(round.ledger_entry_id).not.toBeNull();
      }
      expect(await jackpotEntriesOf(trial.id)).toEqual([]);

      // A real member on the same settings funds the pool and wins it.
      const real = await newMember(t.db, { prefix: 'gt' });
      await t.app.services.wallet.grantDemoCredit(real.member.id, { amount: 100_000n });
      const realSession = await openGame(t.app, real.token, nodeId);
      let pool = poolBefore;
      let won: ReturnType<typeof spinValue> | undefined;
      for (let i = 0; i < 40 && !won; i++) {
        const v = spinValue(await spinOnce(t.app, realSession, 200));
        pool += BigInt(v.stakeMinor) / 10n;
        if (v.result.jackpotHit) won = v;
      }
      expect(won, 'a real jackpot within 40 spins at 1 in 2').toBeDefined();
      expect(BigInt(won?.jackpotWinMinor ?? 0)).toBe(pool);
      const kinds = new Set((await jackpotEntriesOf(real.member.id)).map((e) => e.kind));
      expect([...kinds].sort()).toEqual(['game.bet', 'game.jackpot']);
      expect((await verifyLedger(t.db)).findings).toEqual([]);
    } finally {
      await setSettings({});
    }
  });

  it('keeps their wins off the winner board, in-house and third-party alike', async () => {
    await setSettings({ bigWinMinMinor: 1n });
    try {
      const trial = await freePlay('10.77.0.2');
      const session = await openGame(t.app, trial.token, nodeId);
      let win: ReturnType<typeof spinValue> | undefined;
      for (let i = 0; i < 300 && !win; i++) {
        const v = spinValue(await spinOnce(t.app, session, 200));
        if (BigInt(v.payoutMinor) > 0n) win = v;
      }
      expect(win, 'a trial win within 300 spins').toBeDefined();
      expect(await boardRoundsOf(trial.id)).toEqual([]);

      // A third-party vendor's round of a trial account (type 4), settled with a big win.
      const other = await newMember(t.db, { prefix: 'gt', type: 4 });
      const game = await t.db
        .selectFrom('game')
        .select(['node_id', 'vendor_code', 'game_type'])
        .where('game_type', '=', 'LIVE')
        .limit(1)
        .executeTakeFirstOrThrow();
      const { round } = await openOrGetRound(t.db, {
        merchantCode: 'khelabd',
        memberId: other.member.id,
        vendorCode: game.vendor_code,
        gameType: game.game_type,
        gameNodeId: game.node_id,
        externalRoundId: 'TRIAL-1',
        currency: 'BDT',
        balanceBeforeMinor: 10_000n,
      });
      const settled = await settleRound(t.db, { roundId: round.id, payoutMinor: 500_000n });
      expect(settled.status).toBe('settled');
      expect(await boardRoundsOf(other.member.id)).toEqual([]);

      // The same round of a real member goes on.
      const real = await newMember(t.db, { prefix: 'gt' });
      const realRound = await openOrGetRound(t.db, {
        merchantCode: 'khelabd',
        memberId: real.member.id,
        vendorCode: game.vendor_code,
        gameType: game.game_type,
        gameNodeId: game.node_id,
        externalRoundId: 'REAL-1',
        currency: 'BDT',
        balanceBeforeMinor: 10_000n,
      });
      await settleRound(t.db, { roundId: realRound.round.id, payoutMinor: 500_000n });
      expect(await boardRoundsOf(real.member.id)).toEqual([realRound.round.id]);

      const board = await t.app.inject({
        method: 'GET',
        url: '/wps/relay/ODSFE2_getWinnerBoard?gameCategory=ALL&limitNum=50',
      });
      const names = (board.json().value.list as { vo: { customerName: string } }[]).map(
        (e) => e.vo.customerName,
      );
      expect(names.some((name) => name.startsWith('gu'))).toBe(false);
      expect(names.length).toBeGreaterThan(0);
    } finally {
      await setSettings({});
    }
  });
});
