import { randomUUID } from 'node:crypto';
import { type SlotState, spin, themeFor, verifyRound } from '@khela/fair';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { hashSessionToken, newSessionToken } from '../../shared/tokens';
import { SESSION_ABSOLUTE_MS } from '../identity';
import { insertSession } from '../identity/test-support';
import { clientFor, playWallet, vendorGame } from '../provider/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { ROUND_IDLE_MS } from './sweeper';
import { gamesOf, launch, openGame, slot, spinOnce, spinValue } from './test-support';

/**
 * The sweeper end to end (issue 7): in-house free spins abandoned for 24 h are played out
 * exactly as the player's next spins would have been, and a seamless vendor's round idle for
 * 25 h is closed with its stake refunded to the vendor wallet of a transfer-wallet merchant.
 */

const clock = createClock(new Date());
let t: TestApp;
let nodeA: string;
let nodeB: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  [nodeA = '', nodeB = ''] = await gamesOf(t.db, 'PG', 2);
});

// Each test starts at the real time (members and their sessions are made at it).
beforeEach(() => clock.set(new Date()));

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const mainBalance = async (memberId: number) => {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `main:${memberId}`)
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};

const sweep = () => t.app.services.scheduler.runNow('games.sweeper');

/** A member session live at the test clock's time (sessions idle out after 30 min). */
const sessionNow = async (memberId: number) => {
  const token = newSessionToken();
  await insertSession(t.db, {
    tokenHash: hashSessionToken(token),
    memberId,
    now: clock.now(),
    expiresAt: new Date(clock.now().getTime() + SESSION_ABSOLUTE_MS),
    ip: null,
    userAgent: null,
  });
  return token;
};

/** A funded member of game A whose next spin triggers free spins (a client seed found offline). */
const memberWithFreeSpins = async () => {
  const m = await newMember(t.db, { prefix: 'swp' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 100_000n });
  const session = await openGame(t.app, m.token, nodeA);
  await slot(t.app, session, 'GET', 'init');
  const seed = await t.db
    .selectFrom('game_server_seed')
    .selectAll()
    .where('member_id', '=', m.member.id)
    .where('revealed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const game = await t.db
    .selectFrom('game')
    .select('display_name')
    .where('node_id', '=', nodeA)
    .executeTakeFirstOrThrow();
  const theme = themeFor({ nodeId: nodeA, name: (game.display_name as { en?: string }).en ?? '' });
  let clientSeed = '';
  for (let i = 0; i < 20_000 && !clientSeed; i++) {
    const r = spin({
      serverSeed: seed.server_seed,
      clientSeed: `fs-${i}`,
      nonce: 0,
      theme,
      betMinor: 200,
      state: null,
    });
    if (r.freeSpinsAwarded > 0) clientSeed = `fs-${i}`;
  }
  expect(clientSeed).not.toBe('');
  await slot(t.app, session, 'POST', 'seed/client', { clientSeed });
  // What the rest of the feature pays, played offline from the committed seed and the next nonces.
  const trigger = spin({
    serverSeed: seed.server_seed,
    clientSeed,
    nonce: 0,
    theme,
    betMinor: 200,
    state: null,
  });
  let state: SlotState | null = trigger.nextState;
  let owed = 0n;
  let spins = 0;
  for (let nonce = 1; state && state.freeSpinsRemaining > 0; nonce++) {
    const r = spin({ serverSeed: seed.server_seed, clientSeed, nonce, theme, betMinor: 200, state });
    owed += BigInt(r.winMinor);
    state = r.nextState;
    spins++;
  }
  return { ...m, session, owed, spins };
};

const featureRounds = (memberId: number) =>
  t.db
    .selectFrom('game_round')
    .select(['id', 'request_id', 'stake_minor', 'payout_minor', 'feature_pending', 'nonce'])
    .where('member_id', '=', memberId)
    .orderBy('nonce')
    .execute();

describe('in-house free spins left unplayed', () => {
  it('count as an unfinished game (#734) and are played out by the sweeper after 24 h, verifiably, once', async () => {
    const m = await memberWithFreeSpins();
    const trigger = spinValue(await spinOnce(t.app, m.session, 200));
    expect(trigger.result.freeSpinsRemaining).toBeGreaterThan(0);
    const afterTrigger = await mainBalance(m.member.id);

    // #734: another game is refused (naming the unfinished one), the same game opens.
    const other = await launch(t.app, m.token, { nodeId: nodeB });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      errorCode: 'game.previous.unfinished',
      value: { nodeId: nodeA, vassalage: 'PG' },
    });
    expect((await launch(t.app, m.token, { nodeId: nodeA })).statusCode).toBe(200);

    // Not idle long enough: nothing is played.
    clock.advance(ROUND_IDLE_MS - 60_000);
    await sweep();
    expect(await mainBalance(m.member.id)).toBe(afterTrigger);
    expect((await featureRounds(m.member.id)).filter((r) => r.feature_pending)).toHaveLength(1);

    clock.advance(2 * 60_000);
    await sweep();
    const rounds = await featureRounds(m.member.id);
    const played = rounds.filter((r) => r.request_id?.startsWith('sweep:'));
    expect(played).toHaveLength(m.spins);
    expect(played.every((r) => String(r.stake_minor) === '0')).toBe(true);
    expect(rounds.some((r) => r.feature_pending)).toBe(false);
    // Exactly what the player's own free spins would have paid, through the ledger.
    expect(await mainBalance(m.member.id)).toBe(afterTrigger + m.owed);
    const credits = await t.db
      .selectFrom('journal_entry')
      .select(['kind'])
      .where('idempotency_key', 'like', `slot:${m.member.id}:sweep:%`)
      .execute();
    expect(credits.length).toBe(played.filter((r) => String(r.payout_minor) !== '0').length);

    // The played-out spins are ordinary rounds: once the seed is revealed they verify.
    const fresh = await openGame(t.app, await sessionNow(m.member.id), nodeA);
    expect((await slot(t.app, fresh, 'POST', 'seed/rotate')).statusCode).toBe(200);
    const last = played[played.length - 1];
    const proof = (
      await t.app.inject({ method: 'GET', url: `/wps/game/round/proof?roundId=${last?.id}` })
    ).json().value;
    expect(proof.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const verified = verifyRound({
      serverSeed: proof.serverSeed,
      serverSeedHash: proof.commitment,
      clientSeed: proof.clientSeed,
      nonce: proof.nonce,
      theme: proof.theme,
      betMinor: proof.betMinor,
      state: proof.state,
      jackpotOdds: proof.jackpotOdds,
      recorded: proof.recorded,
    });
    expect(verified.ok).toBe(true);

    // Finished: other games open again, and another pass plays nothing more.
    expect((await launch(t.app, await sessionNow(m.member.id), { nodeId: nodeB })).statusCode).toBe(200);
    await sweep();
    expect(await mainBalance(m.member.id)).toBe(afterTrigger + m.owed);
  });

  it('a pass that stopped half-way is resumed at once without playing a spin twice', async () => {
    const m = await memberWithFreeSpins();
    spinValue(await spinOnce(t.app, m.session, 200));
    const afterTrigger = await mainBalance(m.member.id);
    clock.advance(ROUND_IDLE_MS + 60_000);
    // The first spin of a pass, as the sweeper plays it, then the pass "dies".
    const pending = (await featureRounds(m.member.id)).find((r) => r.feature_pending);
    const s = await t.db
      .selectFrom('game_session')
      .select('id')
      .where('member_id', '=', m.member.id)
      .executeTakeFirstOrThrow();
    const { playSpin } = await import('./slot');
    await playSpin(
      { db: t.db, wallet: t.app.services.wallet, now: clock.now },
      {
        id: s.id,
        merchantCode: 'khelabd',
        memberId: m.member.id,
        nodeId: nodeA,
        vendorCode: 'PG',
        gameType: 'RNG',
        mode: 'real',
        currency: 'BDT',
        language: 'en',
        expiresAt: clock.now(),
      },
      { requestId: `sweep:${pending?.id}`, betMinor: undefined, sweeper: true },
    );
    // The next pass (no more idle time needed) finishes the feature.
    await sweep();
    const played = (await featureRounds(m.member.id)).filter((r) => r.request_id?.startsWith('sweep:'));
    expect(played).toHaveLength(m.spins);
    expect(await mainBalance(m.member.id)).toBe(afterTrigger + m.owed);
  });
});

describe('a seamless vendor round idle for 25 h', () => {
  it('is closed by games.sweeper with the stake refunded to the vendor wallet (transfer-wallet merchant)', async () => {
    expect(t.app.services.wallet.merchantWallet('khelabd').isSingle).toBe(false);
    const m = await newMember(t.db, { prefix: 'swv' });
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 50_000n });
    const evo = await t.db
      .selectFrom('vendor')
      .select('account_type_id')
      .where('code', '=', 'EVO')
      .executeTakeFirstOrThrow();
    // The player fills the EVO wallet, as the site's wallet transfer does.
    const moved = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { authorization: m.token, 'idempotency-key': randomUUID() },
      payload: { fromAccountTypeId: 2, toAccountTypeId: evo.account_type_id, amount: 20_000 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const vendorWallet = await playWallet(t.app, 'khelabd', m.member.id, 'EVO');
    const walletBalance = async () =>
      BigInt(
        (
          await t.db
            .selectFrom('ledger_account')
            .select('balance')
            .where('id', '=', vendorWallet)
            .executeTakeFirstOrThrow()
        ).balance,
      );
    expect(await walletBalance()).toBe(20_000n);

    // Launch through the site (auto-transfer off: the 20,000 moved by hand is the game's wallet),
    // authenticate with the URL's launch token, bet, and go silent.
    const off = await t.app.inject({
      method: 'PUT',
      url: '/wps/wallet/auto-transfer',
      headers: { authorization: m.token },
      payload: { autoTransfer: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const gameId = await vendorGame(t, 'EVO');
    const launched = await launch(t.app, m.token, { nodeId: gameId });
    expect(launched.statusCode, launched.body).toBe(200);
    const url = new URL(launched.json().value.content.game_url, 'http://x');
    const client = await clientFor(t, { vendorCode: 'EVO', clock: () => clock.now().getTime() });
    const auth = await client.authenticate(url.searchParams.get('token') ?? '');
    expect(auth.answer).toMatchObject({ status: 'OK', balance: 20_000 });
    const session = (auth.answer as { token: string }).token;
    const roundId = `idle-${randomUUID()}`;
    const bet = await client.bet({
      playerId: String(m.member.id),
      token: session,
      txId: `${roundId}-b`,
      roundId,
      gameId,
      amount: 7_500,
      currency: 'BDT',
    });
    expect(bet.answer).toMatchObject({ status: 'OK', balance: 12_500 });
    const open = await t.db
      .selectFrom('game_round')
      .select(['id', 'status'])
      .where('external_round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(open.status).toBe('open');
    // An open vendor round blocks another game (#734).
    expect((await launch(t.app, m.token, { nodeId: nodeB })).statusCode).toBe(409);

    clock.advance(25 * 60 * 60 * 1000);
    await sweep();
    const closed = await t.db
      .selectFrom('game_round')
      .select(['status', 'stake_minor'])
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect([closed.status, String(closed.stake_minor)]).toEqual(['cancelled', '0']);
    const vendorRound = await t.db
      .selectFrom('provider_round')
      .select('status')
      .where('external_round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(vendorRound.status).toBe('cancelled');
    // The stake is back in the EVO wallet; the main wallet did not move.
    expect(await walletBalance()).toBe(20_000n);
    expect(await mainBalance(m.member.id)).toBe(30_000n);
    expect((await launch(t.app, await sessionNow(m.member.id), { nodeId: nodeB })).statusCode).toBe(200);
  });
});
