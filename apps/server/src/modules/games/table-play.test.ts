import { randomUUID } from 'node:crypto';
import { commitmentOf, verifyDragonTiger, verifyRoulette, verifySicBo } from '@khela/fair';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { engineOfRow } from './engine-service';
import { launch, openGame, slot } from './test-support';

/** Table games through HTTP and the ledger (docs/decisions/034-table-games.md): roulette, dragon tiger, sic bo. */

let t: TestApp;
let rouletteNode = '';
const nodeOf: Record<string, string> = {};

const engine = (session: string, path: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/wps/game/engine/${path}`,
    headers: { 'x-game-session': session },
    ...(payload ? { payload } : {}),
  });

type Value = {
  roundId: string;
  nonce: number;
  stakeMinor: string;
  payoutMinor: string;
  balanceMinor: string;
  params: Record<string, unknown>;
  result: { pocket: number; payoutMinor: number; stakeMinor: number } & Record<string, unknown>;
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
  // The seed draws table names at random: name a table game so when none says it.
  const spare = inHouse.filter((r) => r.classify.includes('table') && engineOfRow(r) === 'classic');
  for (const [engineName, name] of [
    ['roulette', 'Royal Roulette'],
    ['dragon-tiger', 'Royal Dragon Tiger'],
    ['sic-bo', 'Royal Sic Bo'],
  ] as const) {
    const named = inHouse.find((r) => engineOfRow(r) === engineName);
    const row = named ?? spare.shift();
    if (!row) throw new Error('no in-house table game');
    if (!named)
      await t.db
        .updateTable('game')
        .set({ display_name: JSON.stringify({ en: name, bn: name, hi: name }) })
        .where('node_id', '=', row.node_id)
        .execute();
    nodeOf[engineName] = row.node_id;
  }
  rouletteNode = nodeOf.roulette ?? '';
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const funded = async (nodeId = rouletteNode) => {
  const m = await newMember(t.db, { prefix: 'gt' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 100_000n });
  return { ...m, session: await openGame(t.app, m.token, nodeId) };
};

const ledgerOfRound = async (roundId: string) =>
  (
    await sql<{ kind: string; amount: string }>`
      SELECT e.kind, l.amount::text AS amount FROM journal_entry e
      JOIN journal_line l ON l.entry_id = e.id
      JOIN ledger_account a ON a.id = l.account_id AND a.owner_key LIKE 'main:%'
      WHERE e.idempotency_key IN (${`engine:${roundId}:bet`}, ${`engine:${roundId}:win`})
      ORDER BY e.kind`.execute(t.db)
  ).rows;

// 3 chips on red, 1 on the zero, 2 on the second dozen, 1 on the corner 1-2-4-5.
const BETS = [
  { kind: 'red', chips: 3 },
  { kind: 'straight', numbers: [0] },
  { kind: 'dozen', at: 2, chips: 2 },
  { kind: 'corner', numbers: [1, 2, 4, 5] },
];
const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
/** What the bets return on a pocket at a chip of 200, by the standard odds (stake back included). */
const returnOn = (pocket: number) =>
  200 *
  ((RED.includes(pocket) ? 3 * 2 : 0) +
    (pocket === 0 ? 36 : 0) +
    (pocket >= 13 && pocket <= 24 ? 2 * 3 : 0) +
    ([1, 2, 4, 5].includes(pocket) ? 9 : 0));

describe('roulette', () => {
  it('launches a catalogue entry named roulette in house, with engine=roulette', async () => {
    const res = await launch(t.app, null, { nodeId: rouletteNode, accountType: 0 });
    expect(res.statusCode).toBe(200);
    expect(new URL(res.json().value.content.game_url, 'http://x').searchParams.get('engine')).toBe(
      'roulette',
    );
  });

  it('stakes the chip × the chips of the bet list and pays the winning bets, through the ledger', async () => {
    const { session, member } = await funded();
    const init = await engine(session, 'init');
    expect(init.json().value).toMatchObject({ engine: 'roulette', balanceMinor: '100000' });
    let expected = 100_000n;
    for (let i = 0; i < 8; i++) {
      const res = await engine(session, 'play', {
        requestId: randomUUID(),
        betMinor: '200',
        params: { bets: BETS },
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = roundOf(res);
      expect(v).toMatchObject({ stakeMinor: String(200 * 7), nonce: i });
      expect(Number(v.payoutMinor)).toBe(returnOn(v.result.pocket));
      expected = expected - 1_400n + BigInt(v.payoutMinor);
      expect(BigInt(v.balanceMinor)).toBe(expected);
      const lines = await ledgerOfRound(v.roundId);
      expect(lines.find((l) => l.kind === 'game.bet')?.amount).toBe('-1400');
      expect(lines.find((l) => l.kind === 'game.win')?.amount ?? '0').toBe(v.payoutMinor);
    }
    const account = await t.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_key', '=', `main:${member.id}`)
      .executeTakeFirstOrThrow();
    expect(BigInt(account.balance)).toBe(expected);
  });

  it('refuses a bet the table does not take, or none, with nothing written', async () => {
    const { session, member } = await funded();
    for (const bets of [[], [{ kind: 'split', numbers: [3, 4] }], [{ kind: 'red', chips: 101 }], undefined]) {
      const res = await engine(session, 'play', {
        requestId: randomUUID(),
        betMinor: '200',
        params: bets ? { bets } : {},
      });
      expect(res.statusCode, JSON.stringify(bets)).toBe(400);
      expect(res.json()).toMatchObject(expectedError('game.input.invalid'));
    }
    const rounds = await t.db
      .selectFrom('game_round')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(rounds).toHaveLength(0);
    expect(await engine(session, 'init').then((r) => r.json().value.balanceMinor)).toBe('100000');
  });

  it('records a round that verifies once the seed is revealed, with the proof', async () => {
    const { session } = await funded();
    const v = roundOf(
      await engine(session, 'play', { requestId: randomUUID(), betMinor: '200', params: { bets: BETS } }),
    );
    const rotated = await slot(t.app, session, 'POST', 'seed/rotate');
    const revealed = rotated.json().value.revealed as {
      serverSeed: string;
      commitment: string;
      clientSeed: string;
    };
    expect(commitmentOf(revealed.serverSeed)).toBe(revealed.commitment);
    const input = {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: v.nonce,
      betMinor: 200,
      bets: v.params.bets as never,
    };
    expect(verifyRoulette({ ...input, recorded: v.result })).toMatchObject({ ok: true, missing: [] });
    expect(
      verifyRoulette({ ...input, recorded: { ...v.result, payoutMinor: v.result.payoutMinor + 1 } }).ok,
    ).toBe(false);
    const proof = await t.app.inject({ method: 'GET', url: `/wps/game/round/proof?roundId=${v.roundId}` });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().value).toMatchObject({
      engine: 'roulette',
      betMinor: 200,
      params: v.params,
      engineRecorded: v.result,
      payoutMinor: v.payoutMinor,
      ledgerPayoutMinor: v.payoutMinor,
    });
  });
});

describe('dragon tiger', () => {
  const BETS_DT = [
    { kind: 'dragon', chips: 2 },
    { kind: 'tie', chips: 1 },
  ];
  /** What the bets return at a chip of 200 (stake back included): 1:1, half back on a tie, tie 8:1. */
  const dtReturn = (winner: string) => (winner === 'dragon' ? 800 : winner === 'tie' ? 200 + 1_800 : 0);

  it('launches by name, stakes chip × chips and pays by the rules through the ledger, verifiably', async () => {
    const launched = await launch(t.app, null, { nodeId: nodeOf['dragon-tiger'] ?? '', accountType: 0 });
    expect(new URL(launched.json().value.content.game_url, 'http://x').searchParams.get('engine')).toBe(
      'dragon-tiger',
    );
    const { session } = await funded(nodeOf['dragon-tiger']);
    let expected = 100_000n;
    let last: Value | null = null;
    for (let i = 0; i < 8; i++) {
      const res = await engine(session, 'play', {
        requestId: randomUUID(),
        betMinor: '200',
        params: { bets: BETS_DT },
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = roundOf(res);
      const { dragon, tiger } = v.result as unknown as { dragon: { rank: number }; tiger: { rank: number } };
      const winner = dragon.rank === tiger.rank ? 'tie' : dragon.rank > tiger.rank ? 'dragon' : 'tiger';
      expect(v).toMatchObject({ stakeMinor: '600', payoutMinor: String(dtReturn(winner)) });
      expected = expected - 600n + BigInt(v.payoutMinor);
      expect(BigInt(v.balanceMinor)).toBe(expected);
      const lines = await ledgerOfRound(v.roundId);
      expect(lines.find((l) => l.kind === 'game.bet')?.amount).toBe('-600');
      expect(lines.find((l) => l.kind === 'game.win')?.amount ?? '0').toBe(v.payoutMinor);
      last = v;
    }
    const bad = await engine(session, 'play', {
      requestId: randomUUID(),
      betMinor: '200',
      params: { bets: [{ kind: 'banker' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject(expectedError('game.input.invalid'));
    const rotated = await slot(t.app, session, 'POST', 'seed/rotate');
    const revealed = rotated.json().value.revealed as {
      serverSeed: string;
      commitment: string;
      clientSeed: string;
    };
    if (!last) throw new Error('no round');
    const input = {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: last.nonce,
      betMinor: 200,
      bets: last.params.bets as never,
    };
    expect(verifyDragonTiger({ ...input, recorded: last.result })).toMatchObject({ ok: true, missing: [] });
  });
});

describe('sic bo', () => {
  // 2 chips on big, 1 on a total of 10, 1 on single 6.
  const BETS_SB = [
    { kind: 'big', chips: 2 },
    { kind: 'total', at: 10 },
    { kind: 'single', at: 6 },
  ];
  /** What the bets return on three dice at a chip of 100 (stake back included), by the table. */
  const sbReturn = (dice: number[]) => {
    const total = dice[0]! + dice[1]! + dice[2]!;
    const triple = dice[0] === dice[1] && dice[1] === dice[2];
    const sixes = dice.filter((d) => d === 6).length;
    return (
      100 * ((!triple && total >= 11 ? 2 * 2 : 0) + (total === 10 ? 7 : 0) + (sixes > 0 ? 1 + sixes : 0))
    );
  };

  it('launches by name, stakes chip × chips and pays by the table through the ledger, verifiably', async () => {
    const launched = await launch(t.app, null, { nodeId: nodeOf['sic-bo'] ?? '', accountType: 0 });
    expect(new URL(launched.json().value.content.game_url, 'http://x').searchParams.get('engine')).toBe(
      'sic-bo',
    );
    const { session } = await funded(nodeOf['sic-bo']);
    let expected = 100_000n;
    let last: Value | null = null;
    for (let i = 0; i < 8; i++) {
      const res = await engine(session, 'play', {
        requestId: randomUUID(),
        betMinor: '100',
        params: { bets: BETS_SB },
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = roundOf(res);
      expect(v).toMatchObject({
        stakeMinor: '400',
        payoutMinor: String(sbReturn(v.result.dice as number[])),
      });
      expected = expected - 400n + BigInt(v.payoutMinor);
      expect(BigInt(v.balanceMinor)).toBe(expected);
      const lines = await ledgerOfRound(v.roundId);
      expect(lines.find((l) => l.kind === 'game.bet')?.amount).toBe('-400');
      expect(lines.find((l) => l.kind === 'game.win')?.amount ?? '0').toBe(v.payoutMinor);
      last = v;
    }
    const bad = await engine(session, 'play', {
      requestId: randomUUID(),
      betMinor: '100',
      params: { bets: [{ kind: 'total', at: 18 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject(expectedError('game.input.invalid'));
    const rotated = await slot(t.app, session, 'POST', 'seed/rotate');
    const revealed = rotated.json().value.revealed as {
      serverSeed: string;
      commitment: string;
      clientSeed: string;
    };
    if (!last) throw new Error('no round');
    const input = {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: last.nonce,
      betMinor: 100,
      bets: last.params.bets as never,
    };
    expect(verifySicBo({ ...input, recorded: last.result })).toMatchObject({ ok: true, missing: [] });
  });
});
