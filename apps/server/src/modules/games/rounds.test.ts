import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { addToRound, cancelRound, openOrGetRound, settleRound } from './rounds';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const demoMember = async () =>
  t.db
    .selectFrom('member')
    .select(['id', 'merchant_code'])
    .where('username', '=', 'demo01')
    .executeTakeFirstOrThrow();

describe('third-party rounds', () => {
  it('opens once, adds bets and wins, settles idempotently and puts big wins on the board', async () => {
    const m = await demoMember();
    const game = await t.db
      .selectFrom('game')
      .select(['node_id', 'vendor_code', 'game_type'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const input = {
      merchantCode: m.merchant_code,
      memberId: m.id,
      vendorCode: game.vendor_code,
      gameType: game.game_type,
      gameNodeId: game.node_id,
      externalRoundId: 'R-1',
      currency: 'BDT',
      balanceBeforeMinor: 10_000n,
    };
    const first = await openOrGetRound(t.db, input);
    expect(first.created).toBe(true);
    const again = await openOrGetRound(t.db, { ...input, balanceBeforeMinor: 1n });
    expect(again.created).toBe(false);
    expect(again.round.id).toBe(first.round.id);
    expect(again.round.balanceBeforeMinor).toBe(10_000n);
    await expect(openOrGetRound(t.db, { ...input, memberId: m.id + 1000 })).rejects.toMatchObject({
      code: 'game.round.conflict',
    });
    const bet = await addToRound(t.db, {
      roundId: first.round.id,
      stakeMinor: 500n,
      balanceAfterMinor: 9_500n,
    });
    expect(bet.stakeMinor).toBe(500n);
    const settled = await settleRound(t.db, {
      roundId: first.round.id,
      payoutMinor: 20_000n,
      balanceAfterMinor: 29_500n,
    });
    expect(settled.status).toBe('settled');
    expect(settled.payoutMinor).toBe(20_000n);
    const twice = await settleRound(t.db, { roundId: first.round.id });
    expect(twice.payoutMinor).toBe(20_000n);
    const win = await t.db
      .selectFrom('game_win')
      .selectAll()
      .where('round_ref', '=', first.round.id)
      .executeTakeFirst();
    expect(win?.win_amount).toBe('200.00');
    await expect(cancelRound(t.db, { roundId: first.round.id, reason: 'x' })).rejects.toMatchObject({
      code: 'game.round.closed',
    });
  });

  it('cancels an open round and refuses bets on it after', async () => {
    const m = await demoMember();
    const game = await t.db
      .selectFrom('game')
      .select(['node_id', 'vendor_code', 'game_type'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const { round } = await openOrGetRound(t.db, {
      merchantCode: m.merchant_code,
      memberId: m.id,
      vendorCode: game.vendor_code,
      gameType: game.game_type,
      gameNodeId: game.node_id,
      externalRoundId: 'R-2',
      currency: 'BDT',
      balanceBeforeMinor: 0n,
    });
    const cancelled = await cancelRound(t.db, { roundId: round.id, reason: 'rollback' });
    expect(cancelled.status).toBe('cancelled');
    expect((await cancelRound(t.db, { roundId: round.id, reason: 'again' })).status).toBe('cancelled');
    await expect(addToRound(t.db, { roundId: round.id, stakeMinor: 1n })).rejects.toMatchObject({
      code: 'game.round.closed',
    });
  });

  it('keeps small wins off the board, takes late wins and rollbacks of stakes', async () => {
    const m = await demoMember();
    const game = await t.db
      .selectFrom('game')
      .select(['node_id', 'vendor_code', 'game_type'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const { round } = await openOrGetRound(t.db, {
      merchantCode: m.merchant_code,
      memberId: m.id,
      vendorCode: game.vendor_code,
      gameType: game.game_type,
      gameNodeId: game.node_id,
      externalRoundId: 'R-3',
      currency: 'BDT',
      balanceBeforeMinor: 5_000n,
    });
    await addToRound(t.db, { roundId: round.id, stakeMinor: 300n });
    const rolledBack = await addToRound(t.db, { roundId: round.id, stakeMinor: -100n });
    expect(rolledBack.stakeMinor).toBe(200n);
    const settled = await settleRound(t.db, { roundId: round.id, payoutMinor: 500n });
    expect(settled.status).toBe('settled');
    const late = await addToRound(t.db, { roundId: round.id, payoutMinor: 50n });
    expect(late.payoutMinor).toBe(550n);
    await expect(addToRound(t.db, { roundId: round.id, stakeMinor: 10n })).rejects.toMatchObject({
      code: 'game.round.closed',
    });
    const win = await t.db.selectFrom('game_win').select('id').where('round_ref', '=', round.id).execute();
    expect(win).toHaveLength(0);
  });
});
