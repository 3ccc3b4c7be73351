import { randomUUID } from 'node:crypto';
import { commitmentOf, verifyFishShot, verifyOriginal, verifySlotRound } from '@khela/fair';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { engineOfRow } from './engine-service';
import { launch, openGame, slot } from './test-support';

/** Rounds of the originals and the cluster / hold-and-win / megaways slots through HTTP and the ledger. */

let t: TestApp;
const nodeOf: Record<string, string> = {};

type Value = {
  roundId: string;
  engine: string;
  status: string;
  replayed: boolean;
  nonce: number;
  stakeMinor: string;
  payoutMinor: string;
  balanceMinor: string;
  balanceBeforeMinor: string | null;
  balanceAfterMinor: string | null;
  params: Record<string, unknown>;
  result: Record<string, unknown>;
};

const engine = (session: string, path: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/wps/game/engine/${path}`,
    headers: { 'x-game-session': session },
    ...(payload ? { payload } : {}),
  });
const roundValue = (res: { body: string }) => (JSON.parse(res.body) as { value: Value }).value;

beforeAll(async () => {
  t = await createTestApp();
  // Two arcade games renamed so limbo and wheel have an entry too (the seed names none so).
  const rows = await t.db
    .selectFrom('game')
    .select(['node_id', 'display_name', 'classify', 'vendor_code', 'game_type'])
    .where('game_type', 'in', ['RNG', 'FISH'])
    .where('enabled', '=', true)
    .orderBy('node_id')
    .execute();
  const inHouse = rows.filter((r) => t.app.services.games.adapterOf(r) === t.app.services.games.inHouse);
  const arcade = inHouse.filter((r) => r.classify.includes('arcade'));
  for (const [i, name] of ['Lucky Limbo', 'Lucky Wheel'].entries()) {
    const row = arcade[arcade.length - 1 - i];
    if (!row) throw new Error('no arcade game');
    await t.db
      .updateTable('game')
      .set({ display_name: JSON.stringify({ en: name, bn: name, hi: name }) })
      .where('node_id', '=', row.node_id)
      .execute();
    row.display_name = { en: name };
  }
  for (const r of inHouse) {
    const e = engineOfRow(r);
    nodeOf[e] ??= r.node_id;
  }
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const funded = async (engineName: string, minor = 100_000n) => {
  const m = await newMember(t.db, { prefix: 'ge' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: minor });
  const nodeId = nodeOf[engineName];
  if (!nodeId) throw new Error(`no catalogue game plays ${engineName}`);
  return { ...m, nodeId, session: await openGame(t.app, m.token, nodeId) };
};

const balanceOf = async (memberId: number) =>
  BigInt(
    (
      await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_key', '=', `main:${memberId}`)
        .executeTakeFirst()
    )?.balance ?? '0',
  );

const ledgerOfRound = async (roundId: string) =>
  (
    await sql<{ kind: string; amount: string }>`
      SELECT e.kind, l.amount::text AS amount FROM journal_entry e
      JOIN journal_line l ON l.entry_id = e.id
      JOIN ledger_account a ON a.id = l.account_id AND a.owner_key LIKE 'main:%'
      WHERE e.idempotency_key IN (${`engine:${roundId}:bet`}, ${`engine:${roundId}:win`})
      ORDER BY e.kind`.execute(t.db)
  ).rows;

const rotate = async (session: string) => {
  const res = await slot(t.app, session, 'POST', 'seed/rotate');
  expect(res.statusCode).toBe(200);
  return res.json().value.revealed as { serverSeed: string; commitment: string; clientSeed: string };
};

const ONE_STEP: [string, Record<string, unknown>][] = [
  ['dice', { direction: 'over', target: 4_999 }],
  ['limbo', { targetX100: 150 }],
  ['plinko', { rows: 10, risk: 'medium' }],
  ['wheel', { segments: 20, risk: 'high' }],
  ['cluster', {}],
  ['holdwin', {}],
  ['megaways', {}],
  ['fishing', { speciesId: 3 }],
];

describe('in-house engines: catalogue to engine', () => {
  it('launches every engine the catalogue maps to, with the engine in the play URL', async () => {
    for (const name of [
      'dice',
      'limbo',
      'plinko',
      'wheel',
      'mines',
      'tower',
      'cluster',
      'holdwin',
      'megaways',
    ]) {
      expect(nodeOf[name], name).toBeTruthy();
      const res = await launch(t.app, null, { nodeId: nodeOf[name] ?? '', accountType: 0 });
      expect(res.statusCode).toBe(200);
      expect(new URL(res.json().value.content.game_url, 'http://x').searchParams.get('engine')).toBe(name);
    }
  });

  it('refuses the classic slot calls on an engine game and the engine calls on a classic slot', async () => {
    const { session } = await funded('dice');
    const spin = await slot(t.app, session, 'POST', 'spin', { requestId: randomUUID(), betMinor: '200' });
    expect(spin.statusCode).toBe(404);
    expect(spin.json()).toEqual(expectedError('game.unavailable'));
    const classic = await funded('classic');
    const res = await engine(classic.session, 'init');
    expect(res.statusCode).toBe(404);
  });
});

describe.each(ONE_STEP)('%s', (name, params) => {
  it('debits the stake and credits the win exactly, through the ledger, round by round', async () => {
    const { session, member } = await funded(name);
    const init = await engine(session, 'init');
    expect(init.statusCode).toBe(200);
    expect(init.json().value).toMatchObject({ engine: name, balanceMinor: '100000', mode: 'real' });
    let expected = 100_000n;
    for (let i = 0; i < 6; i++) {
      const res = await engine(session, 'play', { requestId: randomUUID(), betMinor: '200', params });
      expect(res.statusCode).toBe(200);
      const v = roundValue(res);
      expect(v).toMatchObject({
        engine: name,
        status: 'settled',
        replayed: false,
        stakeMinor: '200',
        nonce: i,
      });
      expect(BigInt(v.balanceBeforeMinor ?? '')).toBe(expected);
      expected = expected - 200n + BigInt(v.payoutMinor);
      expect(BigInt(v.balanceMinor)).toBe(expected);
      expect(BigInt(v.balanceAfterMinor ?? '')).toBe(expected);
      expect(String(v.result.payoutMinor)).toBe(v.payoutMinor);
      const lines = await ledgerOfRound(v.roundId);
      expect(lines.find((l) => l.kind === 'game.bet')?.amount).toBe('-200');
      expect(lines.find((l) => l.kind === 'game.win')?.amount ?? '0').toBe(v.payoutMinor);
    }
    expect(await balanceOf(member.id)).toBe(expected);
  });

  it('answers a repeated request with the first round and refuses bad input with nothing written', async () => {
    const { session, member } = await funded(name);
    const requestId = randomUUID();
    const first = roundValue(await engine(session, 'play', { requestId, betMinor: '200', params }));
    const balance = await balanceOf(member.id);
    const again = await engine(session, 'play', { requestId, betMinor: '200', params });
    expect(again.statusCode).toBe(200);
    expect(roundValue(again)).toMatchObject({
      replayed: true,
      roundId: first.roundId,
      payoutMinor: first.payoutMinor,
    });
    expect(BigInt(roundValue(again).balanceMinor)).toBe(balance);
    const other = await engine(session, 'play', { requestId, betMinor: '400', params });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(expectedError('idempotency.conflict'));
    const badBet = await engine(session, 'play', { requestId: randomUUID(), betMinor: '201', params });
    expect(badBet.statusCode).toBe(400);
    expect(badBet.json()).toMatchObject({ success: false, errorCode: 'game.bet.invalid' });
    if (!['cluster', 'holdwin', 'megaways'].includes(name)) {
      const bad = {
        dice: { target: 9_999 },
        limbo: { targetX100: 100 },
        plinko: { rows: 7 },
        wheel: { segments: 11 },
        fishing: { speciesId: 99 },
      };
      const res = await engine(session, 'play', {
        requestId: randomUUID(),
        betMinor: '200',
        params: bad[name as keyof typeof bad],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(expectedError('game.input.invalid'));
    }
    expect(await balanceOf(member.id)).toBe(balance);
    const rounds = await t.db
      .selectFrom('game_round')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(rounds).toHaveLength(1);
  });

  it('records a round that verifies once the seed is revealed', async () => {
    const { session } = await funded(name);
    const v = roundValue(await engine(session, 'play', { requestId: randomUUID(), betMinor: '200', params }));
    const revealed = await rotate(session);
    expect(commitmentOf(revealed.serverSeed)).toBe(revealed.commitment);
    const seeds = {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: v.nonce,
      betMinor: 200,
    };
    if (name === 'fishing') {
      const shot = { ...seeds, bulletMinor: 200, speciesId: 3, rtpBp: v.params.rtpBp as number };
      expect(verifyFishShot({ ...shot, recorded: v.result })).toMatchObject({ ok: true, missing: [] });
      const forgedShot = { ...v.result, payoutMinor: Number(v.payoutMinor) + 1 };
      expect(verifyFishShot({ ...shot, recorded: forgedShot }).ok).toBe(false);
      return;
    }
    const checked = ['cluster', 'holdwin', 'megaways'].includes(name)
      ? verifySlotRound({
          ...seeds,
          game: name as 'cluster',
          volatility: v.params.volatility as 'low',
          recorded: v.result,
        })
      : verifyOriginal({ ...seeds, ...(v.params as object), game: name, recorded: v.result } as never);
    expect(checked).toMatchObject({ ok: true, missing: [], mismatches: [] });
    const forged = { ...v.result, payoutMinor: Number(v.payoutMinor) + 1 };
    const refused = ['cluster', 'holdwin', 'megaways'].includes(name)
      ? verifySlotRound({
          ...seeds,
          game: name as 'cluster',
          volatility: v.params.volatility as 'low',
          recorded: forged,
        })
      : verifyOriginal({ ...seeds, ...(v.params as object), game: name, recorded: forged } as never);
    expect(refused.ok).toBe(false);
    // The public proof carries every field of the engine and what the ledger credited.
    const proof = await t.app.inject({ method: 'GET', url: `/wps/game/round/proof?roundId=${v.roundId}` });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().value).toMatchObject({
      engine: name,
      serverSeed: revealed.serverSeed,
      nonce: v.nonce,
      betMinor: 200,
      params: v.params,
      engineRecorded: v.result,
      mode: 'real',
      payoutMinor: v.payoutMinor,
      ledgerPayoutMinor: v.payoutMinor,
    });
  });
});
