import { randomUUID } from 'node:crypto';
import { commitmentOf, spin, themeFor, verifyRound } from '@khela/fair';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { readPool } from './jackpot';
import { DEFAULT_GAMES_SETTINGS, readGamesSettings, writeGamesSettings } from './settings';
import { gamesOf, openGame, slot, spinOnce, spinValue } from './test-support';

let t: TestApp;
let nodeId: string;

beforeAll(async () => {
  t = await createTestApp();
  [nodeId = ''] = await gamesOf(t.db, 'PG', 1);
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const funded = async (minor: bigint) => {
  const m = await newMember(t.db, { prefix: 'gs' });
  if (minor > 0n) await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: minor });
  const session = await openGame(t.app, m.token, nodeId);
  return { ...m, session };
};

const balanceOf = async (memberId: number) => {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `main:${memberId}`)
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};

const entriesOf = async (memberId: number) =>
  (
    await sql<{ kind: string; amount: string }>`
      SELECT e.kind, l.amount::text AS amount FROM journal_line l
      JOIN journal_entry e ON e.id = l.entry_id
      JOIN ledger_account a ON a.id = l.account_id
      WHERE a.owner_key = ${`main:${memberId}`} ORDER BY e.created_at, e.kind`.execute(t.db)
  ).rows;

const setSettings = (patch: Partial<typeof DEFAULT_GAMES_SETTINGS>) =>
  writeGamesSettings(t.db, 'khelabd', { ...DEFAULT_GAMES_SETTINGS, ...patch }, new Date());

describe('in-house slot', () => {
  it('opens with the theme, bet levels, seed commitment, balance and jackpot', async () => {
    const { session } = await funded(50_000n);
    const res = await slot(t.app, session, 'GET', 'init');
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.nodeId).toBe(nodeId);
    expect(v.mode).toBe('real');
    expect(v.balanceMinor).toBe('50000');
    expect(v.balance).toBe('500.00');
    expect(v.betLevels).toContain('200');
    expect(v.betLevels.every((l: string) => Number(l) % 20 === 0)).toBe(true);
    expect(v.seed.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(v.seed.nonce).toBe(0);
    expect(v.state).toBeNull();
    expect(v.theme.nodeId).toBe(nodeId);
    expect(v.theme.paytable).toBeTruthy();
    expect(v.jackpot.enabled).toBe(true);
    expect(BigInt(v.jackpot.poolMinor)).toBeGreaterThanOrEqual(DEFAULT_GAMES_SETTINGS.jackpotSeedMinor);
  });

  it('debits the stake and credits the win exactly, in the ledger, with the round recorded', async () => {
    const { session, member } = await funded(100_000n);
    let expected = 100_000n;
    for (let i = 0; i < 12; i++) {
      const res = await spinOnce(t.app, session, 200);
      expect(res.statusCode).toBe(200);
      const v = spinValue(res);
      expect(v.replayed).toBe(false);
      expect(BigInt(v.balanceBeforeMinor ?? '')).toBe(expected);
      expected = expected - BigInt(v.stakeMinor) + BigInt(v.payoutMinor);
      expect(BigInt(v.balanceMinor)).toBe(expected);
      expect(BigInt(v.balanceAfterMinor ?? '')).toBe(expected);
      expect(v.nonce).toBe(i);
      expect(BigInt(v.payoutMinor)).toBe(BigInt(v.result.winMinor) + BigInt(v.jackpotWinMinor));
    }
    expect(await balanceOf(member.id)).toBe(expected);
    const lines = await entriesOf(member.id);
    const bets = lines.filter((l) => l.kind === 'game.bet');
    const wins = lines.filter((l) => l.kind === 'game.win' || l.kind === 'game.jackpot');
    const rounds = await t.db
      .selectFrom('game_round')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(rounds).toHaveLength(12);
    const stakes = rounds.reduce((a, r) => a + BigInt(r.stake_minor), 0n);
    const payouts = rounds.reduce((a, r) => a + BigInt(r.payout_minor), 0n);
    expect(bets.reduce((a, l) => a + BigInt(l.amount), 0n)).toBe(-stakes);
    expect(wins.reduce((a, l) => a + BigInt(l.amount), 0n)).toBe(payouts);
    for (const r of rounds) {
      expect(r).toMatchObject({
        status: 'settled',
        mode: 'real',
        game_node_id: nodeId,
        external_round_id: null,
      });
      expect(r.server_seed_id).not.toBeNull();
    }
    expect((await verifyLedger(t.db)).findings).toEqual([]);
  });

  it('answers a repeated request id with the first round and moves nothing', async () => {
    const { session, member } = await funded(10_000n);
    const requestId = randomUUID();
    const first = spinValue(await spinOnce(t.app, session, 200, requestId));
    const balance = await balanceOf(member.id);
    const linesBefore = (await entriesOf(member.id)).length;
    const again = await spinOnce(t.app, session, 200, requestId);
    expect(again.statusCode).toBe(200);
    const v = spinValue(again);
    expect(v.replayed).toBe(true);
    expect(v.roundId).toBe(first.roundId);
    expect(v.payoutMinor).toBe(first.payoutMinor);
    expect(BigInt(v.balanceMinor)).toBe(balance);
    expect(await balanceOf(member.id)).toBe(balance);
    expect((await entriesOf(member.id)).length).toBe(linesBefore);
    const conflict = await spinOnce(t.app, session, 400, requestId);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual(expectedError('idempotency.conflict'));
    expect(await balanceOf(member.id)).toBe(balance);
  });

  it('plays a request sent many times at once exactly once', async () => {
    const { session, member } = await funded(10_000n);
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => spinOnce(t.app, session, 200, requestId)),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    const values = answers.map(spinValue);
    expect(new Set(values.map((v) => v.roundId)).size).toBe(1);
    expect(values.filter((v) => !v.replayed)).toHaveLength(1);
    const rounds = await t.db
      .selectFrom('game_round')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(rounds).toHaveLength(1);
    const first = values[0];
    expect(await balanceOf(member.id)).toBe(
      10_000n - BigInt(first?.stakeMinor ?? 0) + BigInt(first?.payoutMinor ?? 0),
    );
  });

  it('pushes a balance event after each spin that moved money, and none for a replay', async () => {
    const { session, member } = await funded(10_000n);
    let events = 0;
    const stop = t.app.services.wallet.events.subscribe(member.id, () => {
      events++;
    });
    try {
      const requestId = randomUUID();
      await spinOnce(t.app, session, 200, requestId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(events).toBe(1);
      await spinOnce(t.app, session, 200, requestId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(events).toBe(1);
    } finally {
      stop();
    }
  });

  it('takes no share when the jackpot is off', async () => {
    await setSettings({ jackpotEnabled: false });
    try {
      const { session } = await funded(10_000n);
      const before = await readPool(t.db, 'khelabd', 'BDT');
      const v = spinValue(await spinOnce(t.app, session, 200));
      expect(v.jackpot).toMatchObject({ enabled: false, poolMinor: '0' });
      const round = await t.db
        .selectFrom('game_round')
        .select('jackpot_contribution_minor')
        .where('id', '=', v.roundId)
        .executeTakeFirstOrThrow();
      expect(String(round.jackpot_contribution_minor)).toBe('0');
      expect(await readPool(t.db, 'khelabd', 'BDT')).toBe(before);
    } finally {
      await setSettings({});
    }
  });

  it('keeps spinning across a seed rotation that races with it', async () => {
    const { session, member } = await funded(10_000n);
    await slot(t.app, session, 'GET', 'init');
    const calls = [
      ...Array.from({ length: 4 }, () => spinOnce(t.app, session, 200)),
      slot(t.app, session, 'POST', 'seed/rotate'),
      ...Array.from({ length: 4 }, () => spinOnce(t.app, session, 200)),
    ];
    const answers = await Promise.all(calls);
    for (const a of answers) expect(a.statusCode).toBe(200);
    const rounds = await t.db
      .selectFrom('game_round')
      .select(['server_seed_id', 'nonce'])
      .where('member_id', '=', member.id)
      .execute();
    expect(rounds).toHaveLength(8);
    // Per seed pair, the nonces are 0, 1, 2, … without gaps or repeats.
    const bySeed = new Map<string, number[]>();
    for (const r of rounds)
      bySeed.set(r.server_seed_id ?? '', [...(bySeed.get(r.server_seed_id ?? '') ?? []), Number(r.nonce)]);
    for (const nonces of bySeed.values())
      expect(nonces.sort((a, b) => a - b)).toEqual(nonces.map((_, i) => i));
  });

  it('refuses a spin the balance does not cover and writes nothing', async () => {
    const { session, member } = await funded(100n);
    const seedBefore = await t.db
      .selectFrom('game_server_seed')
      .select('next_nonce')
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    const res = await spinOnce(t.app, session, 200);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(expectedError('insufficient.balance'));
    expect(await balanceOf(member.id)).toBe(100n);
    const rounds = await t.db
      .selectFrom('game_round')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(rounds).toHaveLength(0);
    expect((await entriesOf(member.id)).map((l) => l.kind)).toEqual(['demo.credit']);
    const seedAfter = await t.db
      .selectFrom('game_server_seed')
      .select('next_nonce')
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    expect(String(seedAfter?.next_nonce ?? 0)).toBe(String(seedBefore?.next_nonce ?? 0));
  });

  it('refuses bad bets and bad requests with 4xx', async () => {
    const { session, member } = await funded(10_000n);
    const notLevel = await spinOnce(t.app, session, 210);
    expect(notLevel.statusCode).toBe(400);
    expect(notLevel.json().errorCode).toBe('game.bet.invalid');
    expect((await spinOnce(t.app, session, '-200')).statusCode).toBe(400);
    expect((await spinOnce(t.app, session, 2.5)).statusCode).toBe(400);
    expect((await spinOnce(t.app, session, undefined)).statusCode).toBe(400);
    expect((await spinOnce(t.app, session, 200, 'bad id!')).statusCode).toBe(400);
    expect((await slot(t.app, session, 'POST', 'seed/client', { clientSeed: 'has space' })).statusCode).toBe(
      400,
    );
    expect(
      (await slot(t.app, session, 'POST', 'seed/client', { clientSeed: 'x'.repeat(65) })).statusCode,
    ).toBe(400);
    expect(await balanceOf(member.id)).toBe(10_000n);
  });

  it('never lets concurrent spins on one balance go negative', async () => {
    const { session, member } = await funded(1_000n);
    const results = await Promise.all(Array.from({ length: 12 }, () => spinOnce(t.app, session, 200)));
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const ok = results.filter((r) => r.statusCode === 200).map(spinValue);
    expect(ok.length).toBeGreaterThanOrEqual(5);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().errorCode).toBe('insufficient.balance');
    const rounds = await t.db
      .selectFrom('game_round')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(rounds).toHaveLength(ok.length);
    const net = rounds.reduce((a, r) => a - BigInt(r.stake_minor) + BigInt(r.payout_minor), 0n);
    const final = await balanceOf(member.id);
    expect(final).toBe(1_000n + net);
    expect(final >= 0n).toBe(true);
    const nonces = rounds.map((r) => Number(r.nonce)).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: ok.length }, (_, i) => i));
    expect((await verifyLedger(t.db)).findings).toEqual([]);
  });

  it('refuses bets of a locked member', async () => {
    const { session, member } = await funded(10_000n);
    await t.db.updateTable('member').set({ status: 'locked' }).where('id', '=', member.id).execute();
    const res = await spinOnce(t.app, session, 200);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(expectedError('account.locked'));
    expect(await balanceOf(member.id)).toBe(10_000n);
  });

  it('funds the jackpot from every paid stake and pays the whole pool on a hit, then reseeds it', async () => {
    await setSettings({ jackpotShareBp: 1000, jackpotSeedMinor: 5_000n, jackpotOdds: 2 });
    try {
      const { session, member } = await funded(200_000n);
      let pool = await readPool(t.db, 'khelabd', 'BDT');
      let hits = 0;
      let balance = 200_000n;
      for (let i = 0; i < 30; i++) {
        const v = spinValue(await spinOnce(t.app, session, 200));
        const contribution = BigInt(v.stakeMinor) / 10n;
        pool += contribution;
        if (v.result.jackpotHit) {
          hits++;
          expect(BigInt(v.jackpotWinMinor)).toBe(pool);
          pool = 5_000n;
        } else {
          expect(v.jackpotWinMinor).toBe('0');
        }
        balance = balance - BigInt(v.stakeMinor) + BigInt(v.payoutMinor);
        expect(BigInt(v.jackpot.poolMinor)).toBe(pool);
      }
      expect(hits).toBeGreaterThan(0);
      expect(await readPool(t.db, 'khelabd', 'BDT')).toBe(pool);
      expect(await balanceOf(member.id)).toBe(balance);
      const rounds = await t.db
        .selectFrom('game_round')
        .selectAll()
        .where('member_id', '=', member.id)
        .execute();
      const contributions = rounds.reduce((a, r) => a + BigInt(r.jackpot_contribution_minor), 0n);
      expect(contributions).toBe(rounds.reduce((a, r) => a + BigInt(r.stake_minor) / 10n, 0n));
      const jackpotLines = await sql<{ kind: string }>`
        SELECT e.kind FROM journal_entry e JOIN journal_line l ON l.entry_id = e.id
        JOIN ledger_account a ON a.id = l.account_id
        WHERE a.kind = 'jackpot' AND (e.metadata->>'memberId')::int = ${member.id} AND e.kind = 'game.jackpot'`.execute(
        t.db,
      );
      expect(jackpotLines.rows.length).toBe(hits);
      const pub = await t.app.inject({ method: 'GET', url: '/wps/relay/VIS_getJackpot' });
      expect(pub.statusCode).toBe(200);
      expect(pub.json().value).toMatchObject({ enabled: true, poolMinor: pool.toString(), currency: 'BDT' });
      expect((await verifyLedger(t.db)).findings).toEqual([]);
    } finally {
      await setSettings({});
    }
  });

  it('pushes every jackpot won to the open counters (server-sent events), and no push for growth', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    try {
      const res = await fetch(`${address}/wps/game/jackpot/events?merchant=khelabd`, {
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no stream');
      // Every push is counted as it arrives; a waiter is woken by the pump, not by a clock, so a
      // slow machine only makes the test slower (the real-time bound is the e2e counter's).
      let text = '';
      let ended: string | undefined;
      const waiters: (() => void)[] = [];
      const messages = () => text.split('\n').filter((l) => l === 'data: {"type":"jackpot"}').length;
      const pump = (async () => {
        const decoder = new TextDecoder();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            ended = 'the stream ended';
            break;
          }
          text += decoder.decode(value, { stream: true });
          for (const wake of waiters.splice(0)) wake();
        }
      })().catch((error: unknown) => {
        if (!abort.signal.aborted) ended = `the stream failed: ${String(error)}`;
      });
      const waitForMessages = async (count: number) => {
        const deadline = Date.now() + 15_000;
        while (messages() < count) {
          if (ended) throw new Error(`${ended} after ${messages()} of ${count} pushes`);
          if (Date.now() > deadline) throw new Error(`${messages()} of ${count} pushes after 15 s`);
          await new Promise<void>((resolve) => {
            waiters.push(resolve);
            setTimeout(resolve, 500);
          });
        }
      };
      const { session } = await funded(100_000n);

      // Every second paid spin or so hits (odds 1 in 2; free spins never draw): each win is pushed.
      await setSettings({ jackpotShareBp: 1000, jackpotSeedMinor: 5_000n, jackpotOdds: 2 });
      let hits = 0;
      for (let i = 0; i < 60 && hits < 3; i++) {
        const v = spinValue(await spinOnce(t.app, session, 200));
        expect(v.jackpotWinMinor !== '0').toBe(v.result.jackpotHit);
        if (v.result.jackpotHit) {
          hits++;
          await waitForMessages(hits);
        }
      }
      expect(hits).toBe(3);

      // Growth only (odds 1 in 10^9): no push. A barrier published after the spins arrives on the
      // same ordered stream, so any push a spin without a hit had caused (in either phase) would
      // be counted before it.
      await setSettings({ jackpotShareBp: 1000, jackpotSeedMinor: 5_000n, jackpotOdds: 1_000_000_000 });
      for (let i = 0; i < 5; i++) {
        const v = spinValue(await spinOnce(t.app, session, 200));
        expect(v.jackpotWinMinor).toBe('0');
      }
      t.app.services.games.jackpotEvents.publish('khelabd');
      await waitForMessages(hits + 1);
      expect(messages()).toBe(hits + 1);
      expect(text).toContain('retry: 5000');
      abort.abort();
      await pump;
    } finally {
      abort.abort();
      await setSettings({});
    }
  });

  it('puts a win at or above the threshold on the winner board with a masked name', async () => {
    await setSettings({ bigWinMinMinor: 1n });
    try {
      const { session, member } = await funded(500_000n);
      let win: ReturnType<typeof spinValue> | undefined;
      for (let i = 0; i < 300 && !win; i++) {
        const v = spinValue(await spinOnce(t.app, session, 200));
        if (BigInt(v.payoutMinor) > 0n) win = v;
      }
      expect(win).toBeDefined();
      const row = await t.db
        .selectFrom('game_win')
        .selectAll()
        .where('round_ref', '=', win?.roundId ?? '')
        .executeTakeFirstOrThrow();
      expect(row.member_id).toBe(member.id);
      const board = await t.app.inject({
        method: 'GET',
        url: '/wps/relay/ODSFE2_getWinnerBoard?gameCategory=ALL&limitNum=50',
      });
      const list = board.json().value.list as {
        vo: { customerName: string; nodeId: string; winAmount: string };
      }[];
      const mine = list.filter((e) => e.vo.nodeId === nodeId && e.vo.customerName.includes('***'));
      expect(mine.length).toBeGreaterThan(0);
      expect(JSON.stringify(list)).not.toContain(member.username);
    } finally {
      await setSettings({});
    }
    expect((await readGamesSettings(t.db, 'khelabd')).bigWinMinMinor).toBe(
      DEFAULT_GAMES_SETTINGS.bigWinMinMinor,
    );
  });

  it('keeps the server seed secret until rotation, then the round verifies in @khela/fair', async () => {
    const { session, member } = await funded(10_000n);
    const set = await slot(t.app, session, 'POST', 'seed/client', { clientSeed: 'my-lucky-seed' });
    expect(set.statusCode).toBe(200);
    expect(set.json().value).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    const v = spinValue(await spinOnce(t.app, session, 200));
    const hidden = await t.app.inject({ method: 'GET', url: `/wps/game/round/proof?roundId=${v.roundId}` });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().value).toMatchObject({ serverSeed: null, clientSeed: 'my-lucky-seed', nonce: 0 });
    const rotated = await slot(t.app, session, 'POST', 'seed/rotate');
    expect(rotated.statusCode).toBe(200);
    const { revealed, next } = rotated.json().value;
    expect(commitmentOf(revealed.serverSeed)).toBe(revealed.commitment);
    expect(revealed.rounds).toBe(1);
    expect(next.nonce).toBe(0);
    expect(next.clientSeed).toBe('my-lucky-seed');
    expect(next.commitment).not.toBe(revealed.commitment);
    const proof = (
      await t.app.inject({ method: 'GET', url: `/wps/game/round/proof?roundId=${v.roundId}` })
    ).json().value;
    expect(proof.serverSeed).toBe(revealed.serverSeed);
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
    expect(verified.mismatches).toEqual([]);
    expect(verified.ok).toBe(true);
    // What the ledger credited for the round is the round's payout (the verify page compares them).
    expect(proof).toMatchObject({ engine: 'classic', mode: 'real', ledgerPayoutMinor: v.payoutMinor });
    const bad = await t.app.inject({ method: 'GET', url: '/wps/game/round/proof?roundId=nope' });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/wps/game/round/proof?roundId=${randomUUID()}`,
    });
    expect(missing.statusCode).toBe(404);
    void member;
  });

  it('plays free spins at the triggering bet without stake, and recalls the last 10 rounds', async () => {
    const { session, member } = await funded(100_000n);
    // Find a client seed whose first spin under the member's server seed triggers free spins.
    await slot(t.app, session, 'GET', 'init');
    const seed = await t.db
      .selectFrom('game_server_seed')
      .selectAll()
      .where('member_id', '=', member.id)
      .where('revealed_at', 'is', null)
      .executeTakeFirstOrThrow();
    const game = await t.db
      .selectFrom('game')
      .select('display_name')
      .where('node_id', '=', nodeId)
      .executeTakeFirstOrThrow();
    const theme = themeFor({ nodeId, name: (game.display_name as { en?: string }).en ?? '' });
    let clientSeed = '';
    for (let i = 0; i < 20_000 && !clientSeed; i++) {
      const candidate = `fs-${i}`;
      const r = spin({
        serverSeed: seed.server_seed,
        clientSeed: candidate,
        nonce: 0,
        theme,
        betMinor: 200,
        state: null,
      });
      if (r.freeSpinsAwarded > 0) clientSeed = candidate;
    }
    expect(clientSeed).not.toBe('');
    await slot(t.app, session, 'POST', 'seed/client', { clientSeed });
    const trigger = spinValue(await spinOnce(t.app, session, 200));
    expect(trigger.result.freeSpinsRemaining).toBeGreaterThan(0);
    const init = (await slot(t.app, session, 'GET', 'init')).json().value;
    expect(init.state.freeSpinsRemaining).toBe(trigger.result.freeSpinsRemaining);
    // A free spin ignores the bet sent and stakes nothing.
    const free = spinValue(await spinOnce(t.app, session, 4_000));
    expect(free.result.kind).toBe('free');
    expect(free.stakeMinor).toBe('0');
    for (let i = 0; i < 12; i++) await spinOnce(t.app, session, 200);
    const history = await slot(t.app, session, 'GET', 'history');
    expect(history.statusCode).toBe(200);
    const list = history.json().value.list as { nonce: number; result: { stops: number[] } }[];
    expect(list).toHaveLength(10);
    expect(list[0]?.nonce).toBe(13);
    expect(list.map((r) => r.nonce)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(list.every((r) => r.result.stops.length === 5)).toBe(true);
  });
});
