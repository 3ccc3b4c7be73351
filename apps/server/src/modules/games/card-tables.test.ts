import { randomUUID } from 'node:crypto';
import { verifyBaccarat, verifyBlackjack, verifyKeno } from '@khela/fair';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { engineOfRow } from './engine-service';
import { launch, openGame, slot } from './test-support';

/** Baccarat, blackjack and keno through HTTP and the ledger (docs/decisions/043-table-games.md). */

let t: TestApp;
const nodeOf: Record<string, string> = {};

const engine = (session: string, path: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/wps/game/engine/${path}`,
    headers: { 'x-game-session': session },
    ...(payload ? { payload } : {}),
  });

type Card = { rank: number };
type Hand = { cards: Card[]; stakeMinor: number; outcome: string | null; payoutMinor: number };
type Value = {
  roundId: string;
  status: string;
  nonce: number;
  stakeMinor: string;
  payoutMinor: string;
  balanceMinor: string;
  params: Record<string, unknown>;
  result: Record<string, unknown> & { payoutMinor: number; stakeMinor: number };
};
const roundOf = (res: { body: string }) => (JSON.parse(res.body) as { value: Value }).value;

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
  const spare = inHouse.filter((r) => engineOfRow(r) === 'classic');
  for (const [engineName, name] of [
    ['baccarat', 'Royal Baccarat'],
    ['blackjack', 'Royal Blackjack'],
    ['keno', 'Royal Keno'],
  ] as const) {
    const named = inHouse.find((r) => engineOfRow(r) === engineName);
    const row = named ?? spare.shift();
    if (!row) throw new Error('no in-house game');
    if (!named)
      await t.db
        .updateTable('game')
        .set({ display_name: JSON.stringify({ en: name, bn: name, hi: name }) })
        .where('node_id', '=', row.node_id)
        .execute();
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
  const m = await newMember(t.db, { prefix: 'ct' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 100_000n });
  return { ...m, session: await openGame(t.app, m.token, nodeId) };
};

/** The member's main-wallet lines of a round's entries, by idempotency key. */
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

describe('baccarat', () => {
  // 2 chips on banker, 1 on tie, 1 on the player pair, at a chip of 100: 400 staked.
  const BETS = [{ kind: 'banker', chips: 2 }, { kind: 'tie' }, { kind: 'player_pair' }];
  const points = (hand: Card[]) => hand.reduce((s, c) => s + (c.rank >= 10 ? 0 : c.rank), 0) % 10;
  /** By the table: banker 1.95× (200 → 390), a tie gives banker back (200) and pays 9× (900); pair 12×. */
  const expectedReturn = (player: Card[], banker: Card[]) => {
    const p = points(player);
    const b = points(banker);
    const pair = player[0]?.rank === player[1]?.rank ? 1_200 : 0;
    return pair + (b > p ? 390 : b === p ? 200 + 900 : 0);
  };

  it('launches by name, stakes chip × chips and pays by the table through the ledger, verifiably', async () => {
    const launched = await launch(t.app, null, { nodeId: nodeOf.baccarat ?? '', accountType: 0 });
    expect(new URL(launched.json().value.content.game_url, 'http://x').searchParams.get('engine')).toBe(
      'baccarat',
    );
    const { session, member } = await funded(nodeOf.baccarat ?? '');
    let expected = 100_000n;
    let last: Value | null = null;
    for (let i = 0; i < 8; i++) {
      const res = await engine(session, 'play', {
        requestId: randomUUID(),
        betMinor: '100',
        params: { bets: BETS },
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = roundOf(res);
      const { player, banker } = v.result as unknown as { player: Card[]; banker: Card[] };
      expect(v).toMatchObject({ stakeMinor: '400', payoutMinor: String(expectedReturn(player, banker)) });
      expected = expected - 400n + BigInt(v.payoutMinor);
      expect(BigInt(v.balanceMinor)).toBe(expected);
      const lines = await ledgerOfRound(v.roundId);
      expect(lines.bet).toBe('-400');
      expect(lines.win ?? '0').toBe(v.payoutMinor);
      last = v;
    }
    expect(await balanceOf(member.id)).toBe(expected);
    const bad = await engine(session, 'play', {
      requestId: randomUUID(),
      betMinor: '100',
      params: { bets: [{ kind: 'dragon' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject(expectedError('game.input.invalid'));
    const revealed = await revealedOf(session);
    if (!last) throw new Error('no round');
    const input = {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: last.nonce,
      betMinor: 100,
      bets: last.params.bets as never,
    };
    expect(verifyBaccarat({ ...input, recorded: last.result })).toMatchObject({ ok: true, missing: [] });
  });
});

describe('blackjack', () => {
  const HIT = 0;
  const STAND = 1;
  const DOUBLE = 2;
  const INSURANCE = 4;
  const NO_INSURANCE = 5;

  it('keeps a round open between actions, stakes a double through the ledger and settles once', async () => {
    const launched = await launch(t.app, null, { nodeId: nodeOf.blackjack ?? '', accountType: 0 });
    expect(new URL(launched.json().value.content.game_url, 'http://x').searchParams.get('engine')).toBe(
      'blackjack',
    );
    const { session, member } = await funded(nodeOf.blackjack ?? '');
    let expected = 100_000n;
    let doubled: Value | null = null;
    for (let i = 0; i < 12 && !doubled; i++) {
      const res = await engine(session, 'play', { requestId: randomUUID(), betMinor: '200' });
      expect(res.statusCode, res.body).toBe(200);
      let v = roundOf(res);
      expected -= 200n;
      if (v.status === 'settled') {
        // Settled at the deal: a blackjack (3:2 → 500) or the dealer's (the bet lost, or pushed).
        expect(['500', '0', '200']).toContain(v.payoutMinor);
        expected += BigInt(v.payoutMinor);
        expect(BigInt(v.balanceMinor)).toBe(expected);
        continue;
      }
      // Open: only the dealer's up card is shown.
      expect((v.result.dealer as Card[]).length).toBe(1);
      let index = 0;
      if (v.result.phase === 'insurance') {
        v = roundOf(
          await engine(session, 'step', { roundId: v.roundId, pick: NO_INSURANCE, index: index++ }),
        );
        if (v.status === 'settled') {
          expected += BigInt(v.payoutMinor);
          continue;
        }
      }
      // Insurance is over: asking for it now is refused, nothing written.
      const refused = await engine(session, 'step', { roundId: v.roundId, pick: INSURANCE, index });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject(expectedError('game.input.invalid'));
      // Double: a second stake of 200 (its own entry), one card, then the dealer plays.
      const res2 = await engine(session, 'step', { roundId: v.roundId, pick: DOUBLE, index });
      expect(res2.statusCode, res2.body).toBe(200);
      const d = roundOf(res2);
      expect(d).toMatchObject({ status: 'settled', stakeMinor: '400' });
      const hand = (d.result.hands as Hand[])[0] as Hand;
      expect(hand.cards).toHaveLength(3);
      // 2 × the doubled stake on a win, the stake on a push.
      const byOutcome: Record<string, number> = { win: 800, push: 400, lose: 0, bust: 0 };
      expect(Number(d.payoutMinor)).toBe(byOutcome[hand.outcome ?? ''] ?? -1);
      expected += -200n + BigInt(d.payoutMinor);
      expect(BigInt(d.balanceMinor)).toBe(expected);
      const lines = await ledgerOfRound(d.roundId);
      expect([lines.bet, lines[`bet:${index}`], lines.win ?? '0']).toEqual(['-200', '-200', d.payoutMinor]);
      // A retried step answers the round as it is; a step after the end is refused.
      const again = await engine(session, 'step', { roundId: d.roundId, pick: DOUBLE, index });
      expect(roundOf(again)).toMatchObject({ status: 'settled', payoutMinor: d.payoutMinor });
      const late = await engine(session, 'step', { roundId: d.roundId, pick: HIT, index: index + 1 });
      expect(late.json()).toMatchObject(expectedError('game.round.closed'));
      doubled = d;
    }
    if (!doubled) throw new Error('no open round in 12 deals');
    expect(await balanceOf(member.id)).toBe(expected);

    // An open round holds the seed; stand settles it.
    let open = roundOf(await engine(session, 'play', { requestId: randomUUID(), betMinor: '200' }));
    expected -= 200n;
    if (open.status === 'open') {
      const rotate = await slot(t.app, session, 'POST', 'seed/rotate');
      expect(rotate.json()).toMatchObject(expectedError('game.round.open'));
      let index = 0;
      while (open.status === 'open')
        open = roundOf(
          await engine(session, 'step', {
            roundId: open.roundId,
            pick: open.result.phase === 'insurance' ? NO_INSURANCE : STAND,
            index: index++,
          }),
        );
    }
    expected += BigInt(open.payoutMinor);
    expect(await balanceOf(member.id)).toBe(expected);

    const revealed = await revealedOf(session);
    const input = {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: doubled.nonce,
      betMinor: 200,
      actions: doubled.result.actions as never,
    };
    expect(verifyBlackjack({ ...input, recorded: doubled.result })).toMatchObject({ ok: true, missing: [] });
    const proof = await t.app.inject({
      method: 'GET',
      url: `/wps/game/round/proof?roundId=${doubled.roundId}`,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().value).toMatchObject({
      engine: 'blackjack',
      betMinor: 200,
      engineRecorded: doubled.result,
      payoutMinor: doubled.payoutMinor,
      ledgerPayoutMinor: doubled.payoutMinor,
    });
  });
});

describe('keno', () => {
  // 4 spots: 2 hits 1×, 3 hits 7×, 4 hits 145× (the v1 paytable, hundredths 100 / 700 / 14 500).
  const SPOTS = [8, 16, 32, 64];
  const pays: Record<number, number> = { 2: 100, 3: 700, 4: 14_500 };

  it('draws 20 of 80, pays the hits by the paytable through the ledger, verifiably', async () => {
    const { session, member } = await funded(nodeOf.keno ?? '');
    let expected = 100_000n;
    let last: Value | null = null;
    for (let i = 0; i < 6; i++) {
      const res = await engine(session, 'play', {
        requestId: randomUUID(),
        betMinor: '100',
        params: { spots: SPOTS },
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = roundOf(res);
      const drawn = v.result.drawn as number[];
      expect(new Set(drawn).size).toBe(20);
      const hits = SPOTS.filter((n) => drawn.includes(n)).length;
      expect(v).toMatchObject({ stakeMinor: '100', payoutMinor: String(pays[hits] ?? 0) });
      expected = expected - 100n + BigInt(v.payoutMinor);
      expect(BigInt(v.balanceMinor)).toBe(expected);
      const lines = await ledgerOfRound(v.roundId);
      expect([lines.bet, lines.win ?? '0']).toEqual(['-100', v.payoutMinor]);
      last = v;
    }
    expect(await balanceOf(member.id)).toBe(expected);
    // 11 spots are refused by the contract (at most 10), the rest by the engine: 400, nothing written.
    const eleven = await engine(session, 'play', {
      requestId: randomUUID(),
      betMinor: '100',
      params: { spots: Array.from({ length: 11 }, (_, i) => i + 1) },
    });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json()).toMatchObject({ success: false });
    for (const spots of [[], [0], [1, 1]]) {
      const bad = await engine(session, 'play', {
        requestId: randomUUID(),
        betMinor: '100',
        params: { spots },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject(expectedError('game.input.invalid'));
    }
    expect(await balanceOf(member.id)).toBe(expected);
    const revealed = await revealedOf(session);
    if (!last) throw new Error('no round');
    const input = {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: last.nonce,
      betMinor: 100,
      spots: last.params.spots as never,
    };
    expect(verifyKeno({ ...input, recorded: last.result })).toMatchObject({ ok: true, missing: [] });
  });
});
