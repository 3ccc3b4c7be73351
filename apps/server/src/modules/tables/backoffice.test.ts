import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps } from '../cashier/test-support';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { newMember } from '../wallet/test-support';
import { balanceOf, placeTableBets, tableState } from './test-support';

/**
 * The live tables' back office (ADR 060): the list with the open round's bets, void of an open
 * round with a reason (every stake back once, audited, the betting record shows it void), closing
 * a table (its open round voided, bets refused, gone from the lobby) and opening it again.
 */
const clock = createClock(Date.now());
let t: TestApp;
let owner = '';
const SB = 'khelabd-sb-a';

const funded = async (amount: bigint) => {
  const m = await newMember(t.db, { prefix: 'tbo' });
  await cashierSteps(t.app, t.db).fund(m, amount);
  return m;
};

const list = async (token: string) => {
  const res = await bo(t.app, token, { url: '/bo/api/tables?merchant=khelabd' });
  return { status: res.statusCode, tables: res.json().value as Record<string, unknown>[] };
};

const post = (url: string, payload: Record<string, unknown>, token = owner) =>
  bo(t.app, token, { method: 'POST', url, payload });

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  owner = await staffLogin(t.app, clock, 'owner');
  await t.app.services.tables.tick();
});

afterAll(async () => {
  await t?.close();
});

describe('the live tables back office', () => {
  it('lists the tables, voids an open round with a reason once, and the stakes come back', async () => {
    const m = await funded(1_000_000n);
    const round = (await tableState(t, SB)).round;
    if (!round) throw new Error('no round');
    clock.set(round.opensAt);
    const slip = await placeTableBets(t, m.token, {
      tableId: SB,
      roundNo: round.roundNo,
      bets: [
        { kind: 'big', amountMinor: '4000' },
        { kind: 'small', amountMinor: '1500' },
      ],
    });
    expect(slip.statusCode).toBe(200);
    expect(await balanceOf(t, m.member.id)).toBe(994_500n);

    const before = await list(owner);
    expect(before.status).toBe(200);
    expect(before.tables.find((x) => x.id === SB)).toMatchObject({
      id: SB,
      game: 'sic-bo',
      open: true,
      round: { roundNo: round.roundNo, bets: 2, stakeMinor: '5500' },
    });

    const audits = (await auditRows(t.db)).length;
    const body = { merchant: 'khelabd', tableId: SB, roundNo: round.roundNo, reason: 'dealer fault' };
    const first = await post('/bo/api/tables/rounds/void', body);
    expect(first.json().value).toEqual({ voided: true, refunded: 2 });
    // Again: the round is no longer open, nothing is written.
    const again = await post('/bo/api/tables/rounds/void', body);
    expect(again.json().value).toEqual({ voided: false, refunded: 0 });
    expect(await balanceOf(t, m.member.id)).toBe(1_000_000n);

    const rows = (await auditRows(t.db)).slice(audits);
    expect(rows.map((r) => [r.action, r.target, r.after])).toEqual([
      [
        'tables.round.void',
        `khelabd/${SB}#${round.roundNo}`,
        { state: 'void', reason: 'dealer fault', refunded: 2 },
      ],
    ]);
    const records = await t.db
      .selectFrom('game_round')
      .select(['stake_minor', 'payout_minor', 'status', 'cancel_reason'])
      .where('member_id', '=', m.member.id)
      .orderBy('stake_minor')
      .execute();
    expect(
      records.map((r) => [String(r.stake_minor), String(r.payout_minor), r.status, r.cancel_reason]),
    ).toEqual([
      ['1500', '1500', 'cancelled', `void: table ${SB} round ${round.roundNo}: dealer fault`],
      ['4000', '4000', 'cancelled', `void: table ${SB} round ${round.roundNo}: dealer fault`],
    ]);
    expect((await tableState(t, SB)).last).toMatchObject({ roundNo: round.roundNo, state: 'void' });
  });

  it('closes a table (its open round voided, bets refused, out of the lobby) and opens it again', async () => {
    await t.app.services.tables.tick();
    const m = await funded(500_000n);
    const round = (await tableState(t, SB)).round;
    if (!round) throw new Error('no round');
    clock.set(round.opensAt);
    expect(
      (
        await placeTableBets(t, m.token, {
          tableId: SB,
          roundNo: round.roundNo,
          bets: [{ kind: 'big', amountMinor: '2500' }],
        })
      ).statusCode,
    ).toBe(200);

    const closed = await post('/bo/api/tables/status', {
      merchant: 'khelabd',
      tableId: SB,
      open: false,
      reason: 'shoe change',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().value).toMatchObject({
      id: SB,
      open: false,
      owner: null,
      round: null,
      voided: { voided: true, refunded: 1 },
    });
    expect(await balanceOf(t, m.member.id)).toBe(500_000n);
    // Gone from the players' lobby, its state and bets refused; the clock leaves it alone.
    const lobby = (await t.app.inject({ url: '/wps/tables' })).json().value as { tables: { id: string }[] };
    expect(lobby.tables.map((x) => x.id)).not.toContain(SB);
    expect((await t.app.inject({ url: `/wps/tables/state?tableId=${SB}` })).json().errorCode).toBe(
      'table.unavailable',
    );
    const refused = await placeTableBets(t, m.token, {
      tableId: SB,
      roundNo: round.roundNo + 1,
      bets: [{ kind: 'big', amountMinor: '2500' }],
    });
    expect(refused.statusCode).not.toBe(200);
    await t.app.services.tables.tick();
    expect((await list(owner)).tables.find((x) => x.id === SB)).toMatchObject({ open: false, round: null });

    const opened = await post('/bo/api/tables/status', {
      merchant: 'khelabd',
      tableId: SB,
      open: true,
      reason: 'new shoe',
    });
    expect(opened.json().value).toMatchObject({ id: SB, open: true, voided: { voided: false, refunded: 0 } });
    await t.app.services.tables.tick();
    const next = (await tableState(t, SB)).round;
    expect(next?.roundNo).toBe(round.roundNo + 1);
    const audit = (await auditRows(t.db)).slice(-2);
    expect(audit.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'tables.close',
        { open: true },
        { open: false, reason: 'shoe change', voidedRoundNo: round.roundNo, refunded: 1 },
      ],
      ['tables.open', { open: false }, { open: true, reason: 'new shoe' }],
    ]);
    expect(await t.app.services.wallet.verify()).toMatchObject({ ok: true, findings: [] });
  });

  it('refuses staff without games.write, and unknown tables', async () => {
    const support = await staffLogin(t.app, clock, 'support');
    expect((await list(support)).status).toBe(200);
    const refused = await post(
      '/bo/api/tables/status',
      { merchant: 'khelabd', tableId: SB, open: false, reason: 'x' },
      support,
    );
    expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'forbidden']);
    const unknown = await post('/bo/api/tables/rounds/void', {
      merchant: 'khelabd',
      tableId: 'khelabd-nope',
      roundNo: 1,
      reason: 'x',
    });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'not.found']);
  });
});
