import { randomUUID } from 'node:crypto';
import { verifyScratch, verifyVideoPoker } from '@khela/fair';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { engineOfRow } from './engine-service';
import { launch, openGame, slot } from './test-support';

/** Video poker and scratch cards through HTTP and the ledger (docs/decisions/049-video-poker-scratch.md). */

let t: TestApp;
const nodeOf: Record<string, string> = {};

const engine = (session: string, path: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/wps/game/engine/${path}`,
    headers: { 'x-game-session': session },
    ...(payload ? { payload } : {}),
  });

type Card = { card: number; rank: number; suit: number };
type Value = {
  roundId: string;
  status: string;
  nonce: number;
  stakeMinor: string;
  payoutMinor: string;
  balanceMinor: string;
  result: Record<string, unknown> & { payoutMinor: number; stakeMinor: number };
};
const roundOf = (res: { body: string }) => (JSON.parse(res.body) as { value: Value }).value;

/** The 9/6 table by hand, for one: the hand's rank → hundredths of the bet. */
const PAYS: Record<string, number> = {
  royalFlush: 80_000,
  straightFlush: 5_000,
  fourOfAKind: 2_500,
  fullHouse: 900,
  flush: 600,
  straight: 400,
  threeOfAKind: 300,
  twoPair: 200,
  jacksOrBetter: 100,
  nothing: 0,
};
/** Scratch: three of symbol s pay these hundredths (1×, 2×, 5×, 10×, 20×, 50×, 100×, 1000×). */
const SCRATCH_PAYS = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .selectFrom('game')
    .select(['node_id', 'display_name', 'classify', 'vendor_code', 'game_type'])
    .where('game_type', '=', 'RNG')
    .where('enabled', '=', true)
    .orderBy('node_id')
    .execute();
  const inHouse = rows.filter((r) => t.app.services.games.adapterOf(r) === t.app.services.games.inHouse);
  for (const engineName of ['video-poker', 'scratch']) {
    const row = inHouse.find((r) => engineOfRow(r) === engineName);
    if (!row) throw new Error(`no in-house ${engineName} game in the demo catalogue`);
    nodeOf[engineName] = row.node_id;
  }
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const funded = async (nodeId: string) => {
  const m = await newMember(t.db, { prefix: 'vp' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 100_000n });
  return { ...m, session: await openGame(t.app, m.token, nodeId) };
};

const ledgerOfRound = async (roundId: string) =>
  Object.fromEntries(
    (
      await sql<{ key: string; amount: string }>`
        SELECT e.idempotency_key AS key, l.amount::text AS amount FROM journal_entry e
        JOIN journal_line l ON l.entry_id = e.id
        JOIN ledger_account a ON a.id = l.account_id AND a.owner_key LIKE 'main:%'
        WHERE e.idempotency_key LIKE ${`engine:${roundId}:%`}`.execute(t.db)
    ).rows.map((r) => [r.key.slice(`engine:${roundId}:`.length), r.amount]),
  );

const balanceOf = async (memberId: number) =>
  BigInt(
    (
      await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_key', '=', `main:${memberId}`)
        .executeTakeFirstOrThrow()
    ).balance,
  );

const revealedOf = async (session: string) =>
  (await slot(t.app, session, 'POST', 'seed/rotate')).json().value.revealed as {
    serverSeed: string;
    commitment: string;
    clientSeed: string;
  };

/** Holds every card of a rank seen twice or more (a pair, two pair, trips), else none. */
const holdPairs = (cards: Card[]) =>
  cards.reduce((m, c, i) => (cards.filter((x) => x.rank === c.rank).length >= 2 ? m | (1 << i) : m), 0);

describe('video poker', () => {
  it('deals with the stake, keeps the round open (resumable), draws once and pays by the table', async () => {
    const launched = await launch(t.app, null, { nodeId: nodeOf['video-poker'] ?? '', accountType: 0 });
    expect(new URL(launched.json().value.content.game_url, 'http://x').searchParams.get('engine')).toBe(
      'video-poker',
    );
    const { session, member } = await funded(nodeOf['video-poker'] ?? '');
    let expected = 100_000n;
    let last: Value | null = null;
    for (let i = 0; i < 6; i++) {
      const res = await engine(session, 'play', { requestId: randomUUID(), betMinor: '200' });
      expect(res.statusCode, res.body).toBe(200);
      const open = roundOf(res);
      expected -= 200n;
      expect(open).toMatchObject({ status: 'open', stakeMinor: '200', payoutMinor: '0' });
      expect(BigInt(open.balanceMinor)).toBe(expected);
      const dealt = open.result.dealt as Card[];
      expect(dealt).toHaveLength(5);
      expect(await ledgerOfRound(open.roundId)).toEqual({ bet: '-200' });
      // A reload finds the round open with its cards; a second deal is refused while it is.
      const init = (await engine(session, 'init')).json().value;
      expect(init.open).toMatchObject({ roundId: open.roundId, result: { dealt } });
      const again = await engine(session, 'play', { requestId: randomUUID(), betMinor: '200' });
      expect(again.json()).toMatchObject(expectedError('game.round.open'));
      // A mask beyond five cards is refused by the contract, nothing written.
      const bad = await engine(session, 'step', { roundId: open.roundId, pick: 32, index: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false });

      const hold = holdPairs(dealt);
      const drawnRes = await engine(session, 'step', { roundId: open.roundId, pick: hold, index: 0 });
      expect(drawnRes.statusCode, drawnRes.body).toBe(200);
      const drawn = roundOf(drawnRes);
      const hand = drawn.result.hand as Card[];
      for (let c = 0; c < 5; c++) if ((hold >> c) & 1) expect(hand[c]).toEqual(dealt[c]);
      // The cards drawn come from the rest of the deck: none of them was dealt.
      const dealtCards = dealt.map((c) => c.card);
      for (let c = 0; c < 5; c++) if (!((hold >> c) & 1)) expect(dealtCards).not.toContain(hand[c]?.card);
      expect(new Set(hand.map((c) => c.card)).size).toBe(5);
      const pay = ((PAYS[drawn.result.rank as string] ?? -1) * 200) / 100;
      expect(drawn).toMatchObject({ status: 'settled', stakeMinor: '200', payoutMinor: String(pay) });
      expected += BigInt(pay);
      expect(BigInt(drawn.balanceMinor)).toBe(expected);
      const lines = await ledgerOfRound(drawn.roundId);
      expect([lines.bet, lines.win ?? '0']).toEqual(['-200', String(pay)]);
      // The retried draw answers the round as it is; another hold is refused.
      const retried = await engine(session, 'step', { roundId: open.roundId, pick: hold, index: 0 });
      expect(roundOf(retried)).toMatchObject({ status: 'settled', payoutMinor: String(pay) });
      const late = await engine(session, 'step', { roundId: open.roundId, pick: 0, index: 1 });
      expect(late.json()).toMatchObject(expectedError('game.round.closed'));
      last = drawn;
    }
    expect(await balanceOf(member.id)).toBe(expected);
    if (!last) throw new Error('no round');

    const revealed = await revealedOf(session);
    const input = {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: last.nonce,
      betMinor: 200,
    };
    expect(verifyVideoPoker({ ...input, recorded: last.result })).toMatchObject({ ok: true, missing: [] });
    const proof = await t.app.inject({ method: 'GET', url: `/wps/game/round/proof?roundId=${last.roundId}` });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().value).toMatchObject({
      engine: 'video-poker',
      betMinor: 200,
      engineRecorded: last.result,
      payoutMinor: last.payoutMinor,
      ledgerPayoutMinor: last.payoutMinor,
    });
  });
});

describe('an abandoned video poker hand', () => {
  it('is finished by the sweeper after 24 h holding every card: the dealt hand is paid, once', async () => {
    const { session, member } = await funded(nodeOf['video-poker'] ?? '');
    const open = roundOf(await engine(session, 'play', { requestId: randomUUID(), betMinor: '200' }));
    expect(open.status).toBe('open');
    await t.db
      .updateTable('game_round')
      .set({ updated_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('id', '=', open.roundId)
      .execute();
    await t.app.services.games.sweep();
    await t.app.services.games.sweep();
    const row = await t.db
      .selectFrom('game_round')
      .select(['status', 'payout_minor', 'result'])
      .where('id', '=', open.roundId)
      .executeTakeFirstOrThrow();
    const result = row.result as { hold: number; hand: Card[]; rank: string };
    expect(row.status).toBe('settled');
    expect(result.hold).toBe(31);
    expect(result.hand).toEqual(open.result.dealt);
    const pay = BigInt(((PAYS[result.rank] ?? -1) * 200) / 100);
    expect(BigInt(row.payout_minor)).toBe(pay);
    expect(await balanceOf(member.id)).toBe(100_000n - 200n + pay);
    expect(Object.keys(await ledgerOfRound(open.roundId)).length).toBe(pay > 0n ? 2 : 1);
  });
});

describe('scratch cards', () => {
  it('launches by its tag, stakes and pays a ticket in one round through the ledger, verifiably', async () => {
    const launched = await launch(t.app, null, { nodeId: nodeOf.scratch ?? '', accountType: 0 });
    expect(new URL(launched.json().value.content.game_url, 'http://x').searchParams.get('engine')).toBe(
      'scratch',
    );
    const { session, member } = await funded(nodeOf.scratch ?? '');
    let expected = 100_000n;
    let last: Value | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await engine(session, 'play', { requestId: randomUUID(), betMinor: '100' });
      expect(res.statusCode, res.body).toBe(200);
      const v = roundOf(res);
      const cells = v.result.cells as number[];
      expect(cells).toHaveLength(9);
      const triple = [0, 1, 2, 3, 4, 5, 6, 7].filter((s) => cells.filter((c) => c === s).length === 3);
      const pay = triple.length === 1 ? (SCRATCH_PAYS[triple[0] as number] ?? -1) : 0;
      expect(triple.length).toBeLessThanOrEqual(1);
      expect(v).toMatchObject({ status: 'settled', stakeMinor: '100', payoutMinor: String(pay) });
      expected = expected - 100n + BigInt(pay);
      expect(BigInt(v.balanceMinor)).toBe(expected);
      const lines = await ledgerOfRound(v.roundId);
      expect([lines.bet, lines.win ?? '0']).toEqual(['-100', String(pay)]);
      last = v;
    }
    expect(await balanceOf(member.id)).toBe(expected);
    const badBet = await engine(session, 'play', { requestId: randomUUID(), betMinor: '7' });
    expect(badBet.statusCode).toBe(400);
    expect(await balanceOf(member.id)).toBe(expected);
    if (!last) throw new Error('no round');
    const revealed = await revealedOf(session);
    const input = {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: last.nonce,
      betMinor: 100,
    };
    expect(verifyScratch({ ...input, recorded: last.result })).toMatchObject({ ok: true, missing: [] });
    expect(verifyScratch({ ...input, recorded: { ...last.result, cells: undefined } })).toMatchObject({
      ok: false,
      missing: ['cells'],
    });
  });
});
