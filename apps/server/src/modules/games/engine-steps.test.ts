import { randomUUID } from 'node:crypto';
import { minesLayout, towerLayout, verifyOriginal } from '@khela/fair';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { engineOfRow } from './engine-service';
import { openGame, slot } from './test-support';

/** Mines and tower: the round opens with the stake, steps stay server-side, it settles once. */

let t: TestApp;
const nodeOf: Record<string, string> = {};

type Value = {
  roundId: string;
  status: string;
  replayed: boolean;
  nonce: number;
  stakeMinor: string;
  payoutMinor: string;
  balanceMinor: string;
  params: Record<string, unknown>;
  result: Record<string, unknown>;
};

const call = (session: string, path: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/wps/game/engine/${path}`,
    headers: { 'x-game-session': session },
    ...(payload ? { payload } : {}),
  });
const roundValue = (res: { body: string }) => (JSON.parse(res.body) as { value: Value }).value;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .selectFrom('game')
    .select(['node_id', 'display_name', 'classify', 'vendor_code', 'game_type'])
    .where('game_type', '=', 'RNG')
    .where('enabled', '=', true)
    .orderBy('node_id')
    .execute();
  for (const r of rows) {
    if (t.app.services.games.adapterOf(r) !== t.app.services.games.inHouse) continue;
    nodeOf[engineOfRow(r)] ??= r.node_id;
  }
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const funded = async (engine: 'mines' | 'tower') => {
  const m = await newMember(t.db, { prefix: 'gm' });
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 10_000n });
  return { ...m, session: await openGame(t.app, m.token, nodeOf[engine] ?? '') };
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

const memberLines = async (roundId: string) =>
  (
    await sql<{ kind: string; amount: string }>`
      SELECT e.kind, l.amount::text AS amount FROM journal_entry e
      JOIN journal_line l ON l.entry_id = e.id
      JOIN ledger_account a ON a.id = l.account_id AND a.owner_key LIKE 'main:%'
      WHERE e.idempotency_key LIKE ${`engine:${roundId}:%`} ORDER BY e.kind`.execute(t.db)
  ).rows;

/** The seeds of a round, read from the database (the test stands in for the revealed seed). */
const seedsOf = async (roundId: string) => {
  const row = await t.db
    .selectFrom('game_round as r')
    .innerJoin('game_server_seed as s', 's.id', 'r.server_seed_id')
    .select(['s.server_seed', 'r.client_seed', 'r.nonce'])
    .where('r.id', '=', roundId)
    .executeTakeFirstOrThrow();
  return { serverSeed: row.server_seed, clientSeed: row.client_seed ?? '', nonce: Number(row.nonce) };
};

const C = (n: number, k: number): bigint => {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

describe('mines', () => {
  it('opens with the stake, reveals safe cells, cashes out once at the exact multiplier', async () => {
    const { session, member } = await funded('mines');
    const open = await call(session, 'play', {
      requestId: randomUUID(),
      betMinor: '200',
      params: { mines: 3 },
    });
    expect(open.statusCode).toBe(200);
    const round = roundValue(open);
    expect(round).toMatchObject({
      status: 'open',
      stakeMinor: '200',
      payoutMinor: '0',
      balanceMinor: '9800',
    });
    expect(round.result.mineCells).toBeUndefined();
    expect(await balanceOf(member.id)).toBe(9_800n);
    const mines = minesLayout({ ...(await seedsOf(round.roundId)), mines: 3 });
    const safe = [...Array(25).keys()].filter((c) => !mines.includes(c)).slice(0, 4);
    for (const [i, cell] of safe.entries()) {
      const step = roundValue(await call(session, 'step', { roundId: round.roundId, pick: cell }));
      expect(step).toMatchObject({ status: 'open', replayed: false });
      expect(step.result.safeCount).toBe(i + 1);
    }
    // A retried step answers the round as it stands.
    const retried = roundValue(await call(session, 'step', { roundId: round.roundId, pick: safe[3] }));
    expect(retried).toMatchObject({ replayed: true, status: 'open' });
    const init = (await call(session, 'init')).json().value;
    expect(init.open.roundId).toBe(round.roundId);
    const cashed = roundValue(await call(session, 'cashout', { roundId: round.roundId }));
    // 200 × 99·C(25,4) / (100·C(22,4)), rounded down.
    const expected = (200n * 99n * C(25, 4)) / (100n * C(22, 4));
    expect(cashed).toMatchObject({ status: 'settled', payoutMinor: expected.toString() });
    expect(BigInt(cashed.balanceMinor)).toBe(9_800n + expected);
    expect(await balanceOf(member.id)).toBe(9_800n + expected);
    const again = roundValue(await call(session, 'cashout', { roundId: round.roundId }));
    expect(again).toMatchObject({ replayed: true, payoutMinor: expected.toString() });
    expect(await memberLines(round.roundId)).toEqual([
      { kind: 'game.bet', amount: '-200' },
      { kind: 'game.win', amount: expected.toString() },
    ]);
    expect(await balanceOf(member.id)).toBe(9_800n + expected);

    const revealed = (await slot(t.app, session, 'POST', 'seed/rotate')).json().value.revealed;
    const verified = verifyOriginal({
      game: 'mines',
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: cashed.nonce,
      betMinor: 200,
      mines: 3,
      picks: cashed.result.picks as number[],
      recorded: cashed.result,
    });
    expect(verified).toMatchObject({ ok: true, missing: [], mismatches: [] });
  });

  it('ends at a mine with nothing, and refuses what the game does not allow', async () => {
    const { session, member } = await funded('mines');
    const round = roundValue(
      await call(session, 'play', { requestId: randomUUID(), betMinor: '200', params: { mines: 5 } }),
    );
    const again = await call(session, 'play', {
      requestId: randomUUID(),
      betMinor: '200',
      params: { mines: 5 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject(expectedError('game.round.open'));
    const rotate = await slot(t.app, session, 'POST', 'seed/rotate');
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json()).toEqual(expectedError('game.round.open'));
    const early = await call(session, 'cashout', { roundId: round.roundId });
    expect(early.statusCode).toBe(400);
    const mines = minesLayout({ ...(await seedsOf(round.roundId)), mines: 5 });
    const safeCell = [...Array(25).keys()].find((c) => !mines.includes(c)) ?? 0;
    await call(session, 'step', { roundId: round.roundId, pick: safeCell });
    const offBoard = await call(session, 'step', { roundId: round.roundId, pick: 25 });
    expect(offBoard.statusCode).toBe(400);
    const lost = roundValue(await call(session, 'step', { roundId: round.roundId, pick: mines[0] }));
    expect(lost).toMatchObject({ status: 'settled', payoutMinor: '0', balanceMinor: '9800' });
    expect(lost.result.mineCells).toEqual(mines);
    const late = await call(session, 'step', { roundId: round.roundId, pick: safeCell === 24 ? 23 : 24 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(expectedError('game.round.closed'));
    const badParams = await call(session, 'play', {
      requestId: randomUUID(),
      betMinor: '200',
      params: { mines: 25 },
    });
    expect(badParams.statusCode).toBe(400);
    expect(badParams.json()).toMatchObject(expectedError('game.input.invalid'));
    expect(await balanceOf(member.id)).toBe(9_800n);
    expect(await memberLines(round.roundId)).toEqual([{ kind: 'game.bet', amount: '-200' }]);
  });
});

describe('tower', () => {
  it('climbs every level and settles by itself at the top, verifiably', async () => {
    const { session, member } = await funded('tower');
    const round = roundValue(
      await call(session, 'play', {
        requestId: randomUUID(),
        betMinor: '100',
        params: { difficulty: 'hard' },
      }),
    );
    const traps = towerLayout({ ...(await seedsOf(round.roundId)), difficulty: 'hard' });
    let last: Value = round;
    for (const [index, level] of traps.entries()) {
      const tile = level.includes(0) ? 1 : 0;
      last = roundValue(await call(session, 'step', { roundId: round.roundId, pick: tile, index }));
      // The same step again (a retry) changes nothing.
      expect(
        roundValue(await call(session, 'step', { roundId: round.roundId, pick: tile, index })).replayed,
      ).toBe(true);
    }
    // hard: 2 tiles, 1 trap; 8 levels: 100 × 99·2^8 / (100·1^8) = 25,344.
    expect(last).toMatchObject({ status: 'settled', payoutMinor: '25344' });
    expect(await balanceOf(member.id)).toBe(10_000n - 100n + 25_344n);
    const revealed = (await slot(t.app, session, 'POST', 'seed/rotate')).json().value.revealed;
    const verified = verifyOriginal({
      game: 'tower',
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.commitment,
      clientSeed: revealed.clientSeed,
      nonce: last.nonce,
      betMinor: 100,
      difficulty: 'hard',
      picks: last.result.picks as number[],
      recorded: last.result,
    });
    expect(verified.ok).toBe(true);
  });

  it('ends at a trap with nothing and refuses a tile off the level', async () => {
    const { session, member } = await funded('tower');
    const round = roundValue(
      await call(session, 'play', {
        requestId: randomUUID(),
        betMinor: '100',
        params: { difficulty: 'medium' },
      }),
    );
    const off = await call(session, 'step', { roundId: round.roundId, pick: 3 });
    expect(off.statusCode).toBe(400);
    const traps = towerLayout({ ...(await seedsOf(round.roundId)), difficulty: 'medium' });
    const lost = roundValue(
      await call(session, 'step', { roundId: round.roundId, pick: traps[0]?.[0] ?? 0 }),
    );
    expect(lost).toMatchObject({ status: 'settled', payoutMinor: '0' });
    expect(await balanceOf(member.id)).toBe(9_900n);
  });
});

describe('an abandoned round', () => {
  it('is cashed out by the sweeper after 24 h at the multiplier its safe picks reached, once', async () => {
    const { session, member } = await funded('mines');
    const round = roundValue(
      await call(session, 'play', { requestId: randomUUID(), betMinor: '200', params: { mines: 1 } }),
    );
    const mines = minesLayout({ ...(await seedsOf(round.roundId)), mines: 1 });
    const safe = [...Array(25).keys()].filter((c) => !mines.includes(c)).slice(0, 2);
    for (const cell of safe) await call(session, 'step', { roundId: round.roundId, pick: cell });
    await t.db
      .updateTable('game_round')
      .set({ updated_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('id', '=', round.roundId)
      .execute();
    await t.app.services.games.sweep();
    await t.app.services.games.sweep();
    // 200 × 99·C(25,2) / (100·C(24,2)) = 200 × 99 · 300 / (100 · 276), rounded down.
    const expected = (200n * 99n * 300n) / (100n * 276n);
    const row = await t.db
      .selectFrom('game_round')
      .select(['status', 'payout_minor'])
      .where('id', '=', round.roundId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'settled' });
    expect(BigInt(row.payout_minor)).toBe(expected);
    expect(await balanceOf(member.id)).toBe(9_800n + expected);
    expect(await memberLines(round.roundId)).toHaveLength(2);
  });
});
