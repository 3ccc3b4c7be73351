import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, setModule, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { signBody } from '.';
import { balanceOf, clientFor, newPlayer, playWallet, vendorGame } from './test-support';

let t: TestApp;
let gameId: string;

beforeAll(async () => {
  t = await createTestApp();
  gameId = await vendorGame(t, 'EVO');
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    expect(report.findings).toEqual([]);
    await t.close();
  }
});

const bdt = 'BDT';
let seq = 0;
const id = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

describe('signing', () => {
  it('answers a correctly signed call and refuses one flipped bit in the body or the signature', async () => {
    const client = await clientFor(t, { vendorCode: 'EVO' });
    const p = await newPlayer(t, { vendorCode: 'EVO', balance: 10_000n, gameId });
    const ok = await client.balance(p.playerId);
    expect(ok.status).toBe(200);
    expect(ok.answer).toEqual({ status: 'OK', balance: 10_000, currency: bdt });
    for (let bit = 0; bit < 64; bit += 7) {
      const body = await client.balance(p.playerId, { tamper: { kind: 'body', bit: 8 * 12 + bit } });
      expect(body.status).toBeGreaterThanOrEqual(400);
      expect(body.answer.status).toBe('ERROR');
      const sig = await client.balance(p.playerId, { tamper: { kind: 'signature', bit: bit * 3 } });
      expect(sig.status).toBe(401);
      expect(sig.answer).toEqual({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    }
    // A flipped bit inside the merchant code names no configured vendor: refused as unsigned.
    const bet = await client.bet(
      {
        playerId: p.playerId,
        token: p.token,
        txId: id('b'),
        roundId: id('r'),
        gameId,
        amount: 100,
        currency: bdt,
      },
      { tamper: { kind: 'body', bit: 8 * 60 } },
    );
    expect(bet.answer.status).toBe('ERROR');
    expect(await balanceOf(t, p.walletId)).toBe(10_000n);
  });

  it('refuses a timestamp older (or newer) than 300 s, and another secret', async () => {
    const client = await clientFor(t, { vendorCode: 'EVO' });
    const p = await newPlayer(t, { vendorCode: 'EVO', balance: 0n, gameId });
    expect((await client.balance(p.playerId, { tamper: { kind: 'age', seconds: 290 } })).status).toBe(200);
    const old = await client.balance(p.playerId, { tamper: { kind: 'age', seconds: 301 } });
    expect(old).toMatchObject({ status: 401, answer: { status: 'ERROR', code: 'EXPIRED' } });
    const future = await client.balance(p.playerId, { tamper: { kind: 'age', seconds: -400 } });
    expect(future.answer).toEqual({ status: 'ERROR', code: 'EXPIRED' });
    const other = await client.balance(p.playerId, { tamper: { kind: 'secret', secret: 'x'.repeat(64) } });
    expect(other).toMatchObject({ status: 401, answer: { code: 'INVALID_SIGNATURE' } });
  });

  it('refuses missing headers, another merchant’s secret, unknown vendors and malformed bodies', async () => {
    const body = JSON.stringify({ merchant: 'khelabd', playerId: '1' });
    const noHeaders = await t.app.inject({ method: 'POST', url: '/provider/EVO/balance', payload: body });
    expect(noHeaders.statusCode).toBe(401);
    expect(noHeaders.json()).toEqual({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    const inSecret = await clientFor(t, { vendorCode: 'EVO', merchantCode: 'khelain' });
    const crossed = inSecret.wire('balance', { playerId: '1' });
    const swapped = crossed.body.replace('khelain', 'khelabd');
    const res = await t.app.inject({
      method: 'POST',
      url: crossed.path,
      headers: crossed.headers,
      payload: swapped,
    });
    expect(res.json()).toEqual({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/provider/NOPE/balance',
      headers: crossed.headers,
      payload: body,
    });
    expect(unknown.json()).toEqual({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    const notJson = await t.app.inject({ method: 'POST', url: '/provider/EVO/balance', payload: '{nope' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ status: 'ERROR', code: 'BAD_REQUEST' });
    const action = await t.app.inject({ method: 'POST', url: '/provider/EVO/steal', payload: body });
    expect(action.json()).toEqual({ status: 'ERROR', code: 'BAD_REQUEST' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/provider/EVO/balance',
      payload: 'x'.repeat(20_000),
    });
    expect(big.statusCode).toBe(400);
    // Signed, but a float amount, an unknown field or a wrong currency: BAD_REQUEST, nothing written.
    const client = await clientFor(t, { vendorCode: 'EVO' });
    const p = await newPlayer(t, { vendorCode: 'EVO', balance: 1000n, gameId });
    const base = { playerId: p.playerId, token: p.token, roundId: id('r'), gameId, currency: bdt };
    for (const bad of [
      { ...base, txId: id('b'), amount: 1.5 },
      { ...base, txId: id('b'), amount: -1 },
      { ...base, txId: id('b'), amount: 2 ** 53 },
      { ...base, txId: id('b'), amount: '100' },
      { ...base, txId: id('b'), amount: 100, currency: 'INR' },
      { ...base, txId: id('b'), amount: 100, extra: 1 },
      { ...base, txId: '', amount: 100 },
      { ...base, txId: id('b'), amount: 100, gameId: 'no-such-game' },
    ]) {
      const r = await client.call('bet', bad);
      expect(r).toMatchObject({ status: 400, answer: { status: 'ERROR', code: 'BAD_REQUEST' } });
    }
    expect(await balanceOf(t, p.walletId)).toBe(1000n);
    // The signature covers the exact bytes: re-serialising the same JSON differently is refused.
    const wire = client.wire('balance', { playerId: p.playerId });
    const spaced = wire.body.replace(',', ', ');
    const r = await t.app.inject({ method: 'POST', url: wire.path, headers: wire.headers, payload: spaced });
    expect(r.json()).toEqual({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    expect(signBody('s'.repeat(32), 1, 'a')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('launch tokens', () => {
  it('authenticate exchanges the launch token once for a 12 h session; a second use and a use after 60 s are refused', async () => {
    const client = await clientFor(t, { vendorCode: 'EVO' });
    const p = await newPlayer(t, { vendorCode: 'EVO', balance: 9_000n, gameId });
    // Another vendor cannot spend this vendor's launch token (and does not burn it).
    const sexy = await clientFor(t, { vendorCode: 'SEXY' });
    expect((await sexy.authenticate(p.launchToken)).answer).toEqual({
      status: 'ERROR',
      code: 'INVALID_TOKEN',
    });
    const first = await client.authenticate(p.launchToken);
    expect(first.answer).toMatchObject({ status: 'OK', playerId: p.playerId, balance: 9_000 });
    const session = (first.answer as { token?: string }).token ?? '';
    expect(session).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(session).not.toBe(p.launchToken);
    // Single use: the same launch token again is refused.
    const second = await client.authenticate(p.launchToken);
    expect(second).toMatchObject({ status: 401, answer: { status: 'ERROR', code: 'INVALID_TOKEN' } });
    // The session it gave plays; the launch token is no bet token.
    const bet = {
      playerId: p.playerId,
      txId: id('b'),
      roundId: id('r'),
      gameId,
      amount: 1_000,
      currency: bdt,
    };
    expect((await client.bet({ ...bet, token: p.launchToken })).answer).toEqual({
      status: 'ERROR',
      code: 'INVALID_TOKEN',
    });
    expect((await client.bet({ ...bet, token: session })).answer).toMatchObject({
      status: 'OK',
      balance: 8_000,
    });
    const stored = await t.db
      .selectFrom('provider_session')
      .select(['created_at', 'expires_at'])
      .where('member_id', '=', p.memberId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime()).toBe(12 * 3600_000);

    // 60 s after the launch the token is spent by time alone.
    const late = await newPlayer(t, { vendorCode: 'EVO', balance: 0n, gameId });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 59_000);
      const fresh = await newPlayer(t, { vendorCode: 'EVO', balance: 0n, gameId });
      vi.setSystemTime(Date.now() + 1_500);
      expect((await client.authenticate(late.launchToken)).answer).toEqual({
        status: 'ERROR',
        code: 'INVALID_TOKEN',
      });
      // Issued 1.5 s ago: still good.
      expect((await client.authenticate(fresh.launchToken)).answer).toMatchObject({ status: 'OK' });
    } finally {
      vi.useRealTimers();
    }
    const row = await t.db
      .selectFrom('provider_launch_token')
      .select(['created_at', 'expires_at', 'used_at'])
      .where('member_id', '=', late.memberId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(60_000);
    expect(row.used_at).toBeNull();
  });
});

describe('money callbacks', () => {
  it('authenticate, bet, win, endRound: balances, round record and answers', async () => {
    const client = await clientFor(t, { vendorCode: 'EVO' });
    const p = await newPlayer(t, { vendorCode: 'EVO', balance: 50_000n, gameId });
    const auth = await client.authenticate(p.launchToken);
    expect(auth.answer).toMatchObject({ status: 'OK', playerId: p.playerId, balance: 50_000, currency: bdt });
    const bad = await client.authenticate('not-a-real-token-at-all');
    expect(bad).toMatchObject({ status: 401, answer: { code: 'INVALID_TOKEN' } });
    const roundId = id('r');
    const bet = await client.bet({
      playerId: p.playerId,
      token: p.token,
      txId: id('b'),
      roundId,
      gameId,
      amount: 2_000,
      currency: bdt,
    });
    expect(bet.answer).toMatchObject({ status: 'OK', balance: 48_000, currency: bdt });
    expect((bet.answer as { txId?: string }).txId).toMatch(/^[0-9a-f-]{36}$/);
    const win = await client.win({
      playerId: p.playerId,
      txId: id('w'),
      roundId,
      gameId,
      amount: 5_000,
      currency: bdt,
    });
    expect(win.answer).toMatchObject({ status: 'OK', balance: 53_000 });
    const end = await client.endRound({ playerId: p.playerId, txId: id('e'), roundId });
    expect(end.answer).toMatchObject({ status: 'OK', balance: 53_000 });
    const round = await t.db
      .selectFrom('game_round')
      .selectAll()
      .where('external_round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect({
      ...round,
      stake_minor: String(round.stake_minor),
      payout_minor: String(round.payout_minor),
      balance_before_minor: String(round.balance_before_minor),
      balance_after_minor: String(round.balance_after_minor),
    }).toMatchObject({
      status: 'settled',
      stake_minor: '2000',
      payout_minor: '5000',
      balance_before_minor: '50000',
      balance_after_minor: '53000',
      vendor_code: 'EVO',
      game_node_id: gameId,
      member_id: p.memberId,
    });
    // A bet after the round ended is refused and stays refused.
    const late = {
      playerId: p.playerId,
      token: p.token,
      txId: id('b'),
      roundId,
      gameId,
      amount: 10,
      currency: bdt,
    };
    expect((await client.bet(late)).answer).toEqual({ status: 'ERROR', code: 'ROUND_CLOSED' });
    expect((await client.bet(late)).status).toBe(409);
    // The journal holds the bet and the win under keys derived from vendor + txId.
    const keys = await t.db
      .selectFrom('journal_entry')
      .select(['idempotency_key', 'kind'])
      .where('idempotency_key', 'like', `provider:EVO:%-${process.pid}-%`)
      .where((eb) => eb.or([eb('kind', '=', 'game.bet'), eb('kind', '=', 'game.win')]))
      .execute();
    expect(keys.length).toBeGreaterThanOrEqual(2);
  });

  it('a repeat gets the original answer; the same txId with other data is a conflict with no change', async () => {
    const client = await clientFor(t, { vendorCode: 'EVO' });
    const p = await newPlayer(t, { vendorCode: 'EVO', balance: 10_000n, gameId });
    const roundId = id('r');
    const bet = {
      playerId: p.playerId,
      token: p.token,
      txId: id('b'),
      roundId,
      gameId,
      amount: 1_000,
      currency: bdt,
    };
    const first = await client.bet(bet, { duplicates: 3 });
    expect(first.answers).toHaveLength(4);
    for (const a of first.answers) expect(a).toEqual(first.answers[0]);
    expect(await balanceOf(t, p.walletId)).toBe(9_000n);
    // A later bet moves the balance; the replay of the first still answers its original balance.
    await client.bet({ ...bet, txId: id('b'), amount: 500 });
    const replay = await client.bet(bet);
    expect(replay.answer).toEqual(first.answer);
    expect(replay.answer).toMatchObject({ balance: 9_000 });
    const conflict = await client.bet({ ...bet, amount: 999 });
    expect(conflict).toMatchObject({ status: 409, answer: { status: 'ERROR', code: 'DUPLICATE_CONFLICT' } });
    const asWin = await client.win({
      playerId: p.playerId,
      txId: bet.txId,
      roundId,
      gameId,
      amount: 1_000,
      currency: bdt,
    });
    expect(asWin.answer).toEqual({ status: 'ERROR', code: 'DUPLICATE_CONFLICT' });
    expect(await balanceOf(t, p.walletId)).toBe(8_500n);
  });

  it('insufficient funds refuses the bet for good (a retry after a top-up is still refused)', async () => {
    const client = await clientFor(t, { vendorCode: 'EVO' });
    const p = await newPlayer(t, { vendorCode: 'EVO', balance: 100n, gameId });
    const bet = {
      playerId: p.playerId,
      token: p.token,
      txId: id('b'),
      roundId: id('r'),
      gameId,
      amount: 101,
      currency: bdt,
    };
    const r = await client.bet(bet);
    expect(r).toMatchObject({ status: 409, answer: { status: 'ERROR', code: 'INSUFFICIENT_FUNDS' } });
    expect((await client.bet({ ...bet, txId: id('b'), amount: 100 })).answer).toMatchObject({
      status: 'OK',
      balance: 0,
    });
    expect((await client.bet(bet)).answer).toEqual({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS' });
    // Rolling back the refused bet moves nothing.
    const rb = await client.rollback({
      playerId: p.playerId,
      txId: id('rb'),
      roundId: bet.roundId,
      refTxId: bet.txId,
    });
    expect(rb.answer).toMatchObject({ status: 'OK', balance: 0 });
    expect(await balanceOf(t, p.walletId)).toBe(0n);
  });

  it('rollback refunds once; a rollback of an unknown bet leaves a tombstone that refuses it later', async () => {
    const client = await clientFor(t, { vendorCode: 'EVO' });
    const p = await newPlayer(t, { vendorCode: 'EVO', balance: 10_000n, gameId });
    const roundId = id('r');
    const bet = {
      playerId: p.playerId,
      token: p.token,
      txId: id('b'),
      roundId,
      gameId,
      amount: 3_000,
      currency: bdt,
    };
    await client.bet(bet);
    const rb1 = await client.rollback({ playerId: p.playerId, txId: id('rb'), roundId, refTxId: bet.txId });
    expect(rb1.answer).toMatchObject({ status: 'OK', balance: 10_000 });
    // A second rollback of the same bet under another txId refunds nothing.
    const rb2 = await client.rollback({ playerId: p.playerId, txId: id('rb'), roundId, refTxId: bet.txId });
    expect(rb2.answer).toMatchObject({ status: 'OK', balance: 10_000 });
    const ghost = id('b');
    const rb3 = await client.rollback({ playerId: p.playerId, txId: id('rb'), roundId, refTxId: ghost });
    expect(rb3.answer).toMatchObject({ status: 'OK', balance: 10_000 });
    const late = await client.bet({ ...bet, txId: ghost });
    expect(late).toMatchObject({ status: 409, answer: { status: 'ERROR', code: 'TX_ROLLED_BACK' } });
    expect((await client.bet({ ...bet, txId: ghost })).answer).toEqual({
      status: 'ERROR',
      code: 'TX_ROLLED_BACK',
    });
    expect((await client.bet({ ...bet, txId: ghost, amount: 7 })).answer).toEqual({
      status: 'ERROR',
      code: 'DUPLICATE_CONFLICT',
    });
    expect(await balanceOf(t, p.walletId)).toBe(10_000n);
    // A rollback naming a win is not a refund.
    const winTx = id('w');
    await client.win({ playerId: p.playerId, txId: winTx, roundId, gameId, amount: 10, currency: bdt });
    const rbWin = await client.rollback({ playerId: p.playerId, txId: id('rb'), roundId, refTxId: winTx });
    expect(rbWin).toMatchObject({ status: 404, answer: { code: 'UNKNOWN_TRANSACTION' } });
    // The round: its one bet rolled back, a win of 10 after it: settled with stake 0.
    await client.endRound({ playerId: p.playerId, txId: id('e'), roundId });
    const round = await t.db
      .selectFrom('game_round')
      .select(['status', 'stake_minor', 'payout_minor'])
      .where('external_round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect([round.status, String(round.stake_minor), String(round.payout_minor)]).toEqual([
      'settled',
      '0',
      '10',
    ]);
  });

  it('locked member: bets refused, wins and rollbacks credited; unknown player and bad token refused', async () => {
    const client = await clientFor(t, { vendorCode: 'EVO' });
    const p = await newPlayer(t, { vendorCode: 'EVO', balance: 5_000n, gameId });
    const roundId = id('r');
    const bet = {
      playerId: p.playerId,
      token: p.token,
      txId: id('b'),
      roundId,
      gameId,
      amount: 1_000,
      currency: bdt,
    };
    await client.bet(bet);
    await t.db.updateTable('member').set({ status: 'locked' }).where('id', '=', p.memberId).execute();
    const refused = await client.bet({ ...bet, txId: id('b') });
    expect(refused).toMatchObject({ status: 403, answer: { status: 'ERROR', code: 'PLAYER_BLOCKED' } });
    expect((await client.authenticate(p.launchToken)).answer).toEqual({
      status: 'ERROR',
      code: 'PLAYER_BLOCKED',
    });
    const win = await client.win({
      playerId: p.playerId,
      txId: id('w'),
      roundId,
      gameId,
      amount: 2_500,
      currency: bdt,
    });
    expect(win.answer).toMatchObject({ status: 'OK', balance: 6_500 });
    const rb = await client.rollback({ playerId: p.playerId, txId: id('rb'), roundId, refTxId: bet.txId });
    expect(rb.answer).toMatchObject({ status: 'OK', balance: 7_500 });
    expect((await client.balance(p.playerId)).answer).toMatchObject({ status: 'OK', balance: 7_500 });
    expect((await client.balance('999999999')).answer).toEqual({ status: 'ERROR', code: 'UNKNOWN_PLAYER' });
    const other = await newPlayer(t, { vendorCode: 'EVO', balance: 5_000n, gameId });
    await t.db.updateTable('member').set({ status: 'active' }).where('id', '=', p.memberId).execute();
    const foreignToken = await client.bet({ ...bet, txId: id('b'), roundId: id('r'), token: other.token });
    expect(foreignToken).toMatchObject({ status: 401, answer: { code: 'INVALID_TOKEN' } });
    // Nothing was stored for the refused-by-token bet: with the right token the same txId goes through.
    const retry = await client.bet({
      ...bet,
      txId: foreignToken.answer.status === 'ERROR' ? id('b') : '',
      roundId: id('r'),
    });
    expect(retry.answer).toMatchObject({ status: 'OK', balance: 6_500 });
  });

  it('single-wallet merchants play on the main wallet, transfer-wallet merchants on the vendor wallet', async () => {
    const client = await clientFor(t, { vendorCode: 'KM' });
    const km = await vendorGame(t, 'KM');
    const transfer = await newPlayer(t, { vendorCode: 'KM', balance: 1_000n, gameId: km });
    const vendorAccount = await t.db
      .selectFrom('ledger_account')
      .select(['kind', 'vendor_code'])
      .where('id', '=', transfer.walletId)
      .executeTakeFirstOrThrow();
    expect(vendorAccount).toEqual({ kind: 'member_vendor', vendor_code: 'KM' });
    await client.bet({
      playerId: transfer.playerId,
      token: transfer.token,
      txId: id('b'),
      roundId: id('r'),
      gameId: km,
      amount: 400,
      currency: bdt,
    });
    expect(await balanceOf(t, transfer.walletId)).toBe(600n);
    await setModule(t.app, 'khelabd', 'FUNDTRANS3', false);
    try {
      const single = await newPlayer(t, { vendorCode: 'KM', balance: 1_000n, gameId: km });
      const mainId = await playWallet(t.app, 'khelabd', single.memberId, 'KM');
      const main = await t.db
        .selectFrom('ledger_account')
        .select('kind')
        .where('id', '=', mainId)
        .executeTakeFirstOrThrow();
      expect(main.kind).toBe('member_main');
      const r = await client.bet({
        playerId: single.playerId,
        token: single.token,
        txId: id('b'),
        roundId: id('r'),
        gameId: km,
        amount: 300,
        currency: bdt,
      });
      expect(r.answer).toMatchObject({ status: 'OK', balance: 700 });
      expect(await balanceOf(t, mainId)).toBe(700n);
    } finally {
      await setModule(t.app, 'khelabd', 'FUNDTRANS3', true);
    }
  });

  it('the sweeper settles idle rounds with a result and cancels (refunding) those without', async () => {
    const client = await clientFor(t, { vendorCode: 'SABA' });
    const saba = await vendorGame(t, 'SABA');
    const p = await newPlayer(t, { vendorCode: 'SABA', balance: 10_000n, gameId: saba });
    const noResult = id('r');
    const withResult = id('r');
    const b1 = id('b');
    await client.bet({
      playerId: p.playerId,
      token: p.token,
      txId: b1,
      roundId: noResult,
      gameId: saba,
      amount: 1_000,
      currency: bdt,
    });
    await client.bet({
      playerId: p.playerId,
      token: p.token,
      txId: id('b'),
      roundId: withResult,
      gameId: saba,
      amount: 2_000,
      currency: bdt,
    });
    await client.win({
      playerId: p.playerId,
      txId: id('w'),
      roundId: withResult,
      gameId: saba,
      amount: 0,
      currency: bdt,
    });
    expect(await balanceOf(t, p.walletId)).toBe(7_000n);
    expect(await t.app.services.provider.reconcileIdleRounds()).toBe(0);
    const closed = await t.app.services.provider.reconcileIdleRounds({ idleMs: 0 });
    expect(closed).toBeGreaterThanOrEqual(2);
    expect(await balanceOf(t, p.walletId)).toBe(8_000n);
    const rounds = await t.db
      .selectFrom('game_round')
      .select(['external_round_id', 'status', 'stake_minor'])
      .where('external_round_id', 'in', [noResult, withResult])
      .orderBy('external_round_id')
      .execute();
    expect(new Map(rounds.map((r) => [r.external_round_id, [r.status, String(r.stake_minor)]]))).toEqual(
      new Map([
        [noResult, ['cancelled', '0']],
        [withResult, ['settled', '2000']],
      ]),
    );
    // The vendor's own rollback of the refunded bet now refunds nothing.
    const rb = await client.rollback({
      playerId: p.playerId,
      txId: id('rb'),
      roundId: noResult,
      refTxId: b1,
    });
    expect(rb.answer).toMatchObject({ status: 'OK', balance: 8_000 });
    expect(await t.app.services.provider.reconcileIdleRounds({ idleMs: 0 })).toBe(0);
  });
});
