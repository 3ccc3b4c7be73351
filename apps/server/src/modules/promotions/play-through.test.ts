import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { memberCall } from '../cashier/test-support';
import { launch, openGame } from '../games/test-support';
import { bo, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { promoSteps, ruleBody } from './test-support';

/**
 * The wagering listener in the real play hooks (ADR 035/036): dice rounds of the in-house engine
 * through HTTP count towards a claimed deposit bonus, a stake over the max bet is refused before
 * any debit, and the bonus converts once when the requirement is met.
 */
const clock = createClock('2026-03-02T10:00:00Z');
let t: TestApp;
let diceNode = '';

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' }, now: clock.now });
  // The first in-house arcade game whose launch URL plays the dice engine.
  const rows = await t.db
    .selectFrom('game')
    .select(['node_id', 'classify'])
    .where('game_type', '=', 'RNG')
    .where('enabled', '=', true)
    .orderBy('node_id')
    .execute();
  for (const row of rows.filter((r) => r.classify.includes('arcade'))) {
    const res = await launch(t.app, null, { nodeId: row.node_id, accountType: 0 });
    if (res.statusCode !== 200) continue;
    const url = new URL(res.json().value.content.game_url, 'http://x');
    if (url.searchParams.get('engine') === 'dice') {
      diceNode = row.node_id;
      break;
    }
  }
  if (!diceNode) throw new Error('no dice game');
  const owner = await staffLogin(t.app, clock, 'owner');
  const saved = await bo(t.app, owner, {
    method: 'POST',
    url: '/bo/api/promotions/rules',
    payload: ruleBody({ code: 'dice-welcome', kind: 'deposit_match', multiplier: 2, maxBetMinor: 10_000 }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

describe('dice rounds wager a deposit bonus', () => {
  it('counts each stake, refuses over the max bet, converts once at the requirement', async () => {
    const steps = promoSteps(t.app, t.db);
    const m = await newMember(t.db, { prefix: 'prd' });
    await steps.deposit(m.member, 100_000n);
    const claimed = await memberCall(t.app, m.token, 'POST', '/wps/promotions/claim', {
      code: 'dice-welcome',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    // 50 % of 100,000 = 50,000; × 2 = 100,000 to wager; dice is RNG at 100 %.
    const session = await openGame(t.app, m.token, diceNode);
    const play = (betMinor: number) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/game/engine/play',
        headers: { 'x-game-session': session },
        payload: {
          requestId: randomUUID(),
          betMinor: String(betMinor),
          params: { direction: 'over', target: 4_999 },
        },
      });
    const over = await play(20_000);
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('promotions.max.bet');
    expect(await steps.balance(m.member.id, 'member_main')).toBe(100_000n);
    let rounds = 0;
    let row = await steps.bonusRow(m.member.id);
    while (row?.status === 'active') {
      const res = await play(10_000);
      if (res.statusCode !== 200) break;
      rounds += 1;
      row = await steps.bonusRow(m.member.id);
      if (rounds < 10) expect(row?.status).toBe('active');
    }
    // 10 rounds of 10,000 reach 100,000 exactly, unless the money ran out first.
    if (row?.status === 'completed') {
      expect(rounds).toBe(10);
      expect(BigInt(row.wagered_centi)).toBe(10_000_000n);
      const converts = await t.db
        .selectFrom('journal_entry')
        .select('id')
        .where('idempotency_key', '=', `promo:convert:${row.id}`)
        .execute();
      expect(converts.length).toBe(1);
      expect(await steps.balance(m.member.id, 'member_bonus')).toBe(0n);
    } else {
      // Cash and bonus both spent before the requirement: the bonus stays active, empty.
      expect(row?.status).toBe('active');
      expect(await steps.balance(m.member.id, 'member_bonus')).toBeLessThan(10_000n);
      expect(BigInt(row?.wagered_centi ?? 0)).toBe(BigInt(rounds) * 1_000_000n);
    }
    // The turnover hour counts every accepted stake (activity module), refused ones not at all.
    const hour = await t.db
      .selectFrom('play_hourly')
      .select('stake_minor')
      .where('member_id', '=', m.member.id)
      .executeTakeFirst();
    expect(BigInt(hour?.stake_minor ?? 0)).toBe(BigInt(rounds) * 10_000n);
  });
});
