import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectTransport, type Transport } from '../../../../../tools/vendor-sim/client';
import { startVendorSim } from '../../../../../tools/vendor-sim/main';
import type { Chaos } from '../../../../../tools/vendor-sim/sim';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { LaunchContext } from '../games';
import { verifyLedger } from '../wallet';
import { balanceOf, newPlayer, vendorGame, vendorSecret } from './test-support';

let t: TestApp;
let gameId: string;

beforeAll(async () => {
  t = await createTestApp();
  gameId = await vendorGame(t, 'KM');
});

afterAll(async () => {
  if (!t) return;
  const report = await verifyLedger(t.db);
  expect(report.findings).toEqual([]);
  await t.close();
});

const post = async (url: string, body: unknown) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
};

describe('vendor simulator', () => {
  it('serves its game page and plays rounds against the wallet, with duplicates and out-of-order delivery', async () => {
    const secret = await vendorSecret(t, 'khelabd', 'KM');
    for (const chaos of [{}, { duplicates: 2, outOfOrder: true, delayMs: 1 }]) {
      const sim = await startVendorSim({
        callback: { transport: injectTransport(t.app) },
        secretOf: (merchant, vendor) => (merchant === 'khelabd' && vendor === 'KM' ? secret : undefined),
        chaos,
      });
      try {
        const page = await fetch(`${sim.url}/play?merchant=khelabd&vendor=KM&game=${gameId}`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
        const html = await page.text();
        expect(html).toContain('name="viewport"');
        expect(html).toContain('khela:balance');
        const p = await newPlayer(t, { vendorCode: 'KM', balance: 100_000n, gameId });
        const start = { merchant: 'khelabd', vendor: 'KM', token: p.launchToken };
        const session = await post(`${sim.url}/api/session`, start);
        expect(session).toMatchObject({ status: 'OK', balance: 100_000, playerId: p.playerId });
        // The page never sees the vendor session, only the simulator's handle.
        expect(session.token).toBeUndefined();
        expect(session.session).toMatch(/^[0-9a-f-]{36}$/);
        // The launch token was single-use: a second page start is refused.
        expect(await post(`${sim.url}/api/session`, start)).toEqual({
          status: 'ERROR',
          code: 'INVALID_TOKEN',
        });
        const ctx = { session: session.session, game: gameId };
        let expected = 100_000;
        for (let round = 0; round < 8; round++) {
          const spin = await post(`${sim.url}/api/spin`, { ...ctx, amount: 1_000 });
          expect(spin.status).toBe('OK');
          expected += Number(spin.win) - 1_000;
          expect(spin.balance).toBe(expected);
        }
        expect(await balanceOf(t, p.walletId)).toBe(BigInt(expected));
        const rounds = await t.db
          .selectFrom('game_round')
          .select(['status'])
          .where('member_id', '=', p.memberId)
          .execute();
        expect(rounds).toHaveLength(8);
        for (const r of rounds) expect(r.status).toBe('settled');
        expect(await post(`${sim.url}/api/balance`, { session: session.session })).toMatchObject({
          status: 'OK',
          balance: expected,
        });
        expect(await post(`${sim.url}/api/spin`, { ...ctx, session: 'nope', amount: 1_000 })).toEqual({
          status: 'ERROR',
          code: 'INVALID_SESSION',
        });
        // A token the casino does not know: the page cannot start.
        expect(await post(`${sim.url}/api/session`, { ...start, token: 'x'.repeat(32) })).toEqual({
          status: 'ERROR',
          code: 'INVALID_TOKEN',
        });
        // More than the balance: refused, and in order nothing moves. Out of order the win is
        // sent beside the bet and always credited: when it lands first and covers the stake the
        // bet goes through (the round is then an ordinary one); otherwise the bet is refused and
        // the win stays credited.
        const broke = await post(`${sim.url}/api/spin`, { ...ctx, amount: 10_000_000 });
        const after = await balanceOf(t, p.walletId);
        if (!('outOfOrder' in chaos)) {
          expect(broke).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS' });
          expect(after).toBe(BigInt(expected));
        } else if (broke.status === 'OK') {
          expect(Number(broke.win)).toBeGreaterThanOrEqual(10_000_000 - expected);
          expect(after).toBe(BigInt(expected - 10_000_000 + Number(broke.win)));
          expect(broke.balance).toBe(Number(after));
        } else {
          expect(broke).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS' });
          expect(after).toBeGreaterThanOrEqual(BigInt(expected));
        }
      } finally {
        await sim.close();
      }
    }
  });
});

/**
 * A vendor's network as the simulator sees it: every request reaches the casino, but the answer
 * to the first attempt of each bet is held for `holdMs` (longer than the simulator's time-out:
 * the bet was applied, the vendor cannot know), or the first attempt of each bet fails with a
 * 503 before reaching the casino (`fail5xx`).
 */
const flakyBets = (inner: Transport, mode: { holdMs: number } | { fail5xx: true }) => {
  const attempts = new Map<string, number>();
  const transport: Transport = async (request) => {
    if (!request.path.endsWith('/bet')) return inner(request);
    const txId = String((JSON.parse(request.body) as { txId?: string }).txId);
    const n = (attempts.get(txId) ?? 0) + 1;
    attempts.set(txId, n);
    if (n === 1 && 'fail5xx' in mode) return { status: 503, body: 'busy' };
    const answer = await inner(request);
    if (n === 1 && 'holdMs' in mode) await new Promise((resolve) => setTimeout(resolve, mode.holdMs));
    return answer;
  };
  return { transport, attempts };
};

describe('vendor simulator: retries and time-outs', () => {
  const play = async (chaos: Chaos, mode: { holdMs: number } | { fail5xx: true }) => {
    const secret = await vendorSecret(t, 'khelabd', 'KM');
    const flaky = flakyBets(injectTransport(t.app), mode);
    const sim = await startVendorSim({
      callback: { transport: flaky.transport },
      secretOf: () => secret,
      chaos,
    });
    const p = await newPlayer(t, { vendorCode: 'KM', balance: 50_000n, gameId });
    try {
      const session = await post(`${sim.url}/api/session`, {
        merchant: 'khelabd',
        vendor: 'KM',
        token: p.launchToken,
      });
      const spin = await post(`${sim.url}/api/spin`, {
        session: session.session,
        game: gameId,
        amount: 2_000,
      });
      return { spin, p, attempts: [...flaky.attempts.values()] };
    } finally {
      await sim.close();
    }
  };

  it('a bet whose answer times out is sent again with the same txId and applied once', async () => {
    const { spin, p, attempts } = await play({ retries: 2, timeoutMs: 150 }, { holdMs: 600 });
    expect(attempts).toEqual([2]);
    expect(spin.status).toBe('OK');
    const expected = 50_000 - 2_000 + Number(spin.win);
    expect(spin.balance).toBe(expected);
    expect(await balanceOf(t, p.walletId)).toBe(BigInt(expected));
    const debits = await t.db
      .selectFrom('journal_entry')
      .select('id')
      .where('kind', '=', 'game.bet')
      .where(sql<boolean>`metadata->>'memberId' = ${String(p.memberId)}`)
      .execute();
    expect(debits).toHaveLength(1);
  });

  it('without retries a timed-out bet is rolled back by the vendor: the stake comes back', async () => {
    const { spin, p, attempts } = await play({ retries: 0, timeoutMs: 150 }, { holdMs: 600 });
    expect(attempts).toEqual([1]);
    expect(spin).toMatchObject({ status: 'ERROR', code: 'TIMEOUT' });
    // The vendor's rollback may itself outlast its 150 ms time-out (a loaded machine): on
    // PostgreSQL this read does not queue behind it as it does on PGlite, so wait for it to land.
    await expect.poll(() => balanceOf(t, p.walletId), { timeout: 10_000 }).toBe(50_000n);
    const refunds = await t.db
      .selectFrom('journal_entry')
      .select('kind')
      .where(sql<boolean>`metadata->>'memberId' = ${String(p.memberId)}`)
      .orderBy('created_at')
      .execute();
    // The bet reached the casino (its answer was lost), the vendor's rollback refunded it.
    expect(refunds.map((r) => r.kind)).toEqual(['game.bet', 'game.refund']);
  });

  it('a 5xx answer is retried (same txId) when retries are allowed, and is final without', async () => {
    const retried = await play({ retries: 1 }, { fail5xx: true });
    expect(retried.attempts).toEqual([2]);
    expect(retried.spin.status).toBe('OK');
    expect(await balanceOf(t, retried.p.walletId)).toBe(BigInt(50_000 - 2_000 + Number(retried.spin.win)));
    const refused = await play({ retries: 0 }, { fail5xx: true });
    expect(refused.attempts).toEqual([1]);
    expect(refused.spin.status).toBe('ERROR');
    expect(await balanceOf(t, refused.p.walletId)).toBe(50_000n);
  });
});

describe('launch adapter', () => {
  it('third-party vendors are registered and launch the simulator page with a session that authenticates', async () => {
    const adapter = t.app.services.games.adapters.get('KM');
    expect(adapter).toBeDefined();
    expect(t.app.services.games.adapters.get('PG')).toBeUndefined();
    const p = await newPlayer(t, { vendorCode: 'KM', balance: 500n, gameId });
    const ctx: LaunchContext = {
      merchantCode: 'khelabd',
      currency: 'BDT',
      member: { id: p.memberId, username: 'x', type: 0 },
      game: { nodeId: gameId, gameId, vendorCode: 'KM', gameType: 'PVP', name: 'KM game', launch: {} },
      mode: 'real',
      language: 'bn',
      platform: 'web',
      launchMode: 'GLS',
      returnUrl: null,
      launchHost: '',
      now: new Date(),
    };
    const { url } = await adapter!.launch(ctx);
    const parsed = new URL(url, 'http://localhost');
    expect(parsed.pathname).toBe('/vendor-sim/play');
    expect(parsed.searchParams.get('merchant')).toBe('khelabd');
    expect(parsed.searchParams.get('game')).toBe(gameId);
    const token = parsed.searchParams.get('token');
    expect(token).toBeTruthy();
    // The URL carries a single-use 60 s launch token, not the 12 h vendor session.
    const launch = await t.db
      .selectFrom('provider_launch_token')
      .select(['created_at', 'expires_at', 'used_at'])
      .where('member_id', '=', p.memberId)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(new Date(launch.expires_at).getTime() - new Date(launch.created_at).getTime()).toBe(60_000);
    // The token authenticates at the provider API, as the vendor's page would use it.
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    const session = await startVendorSim({
      callback: { transport: injectTransport(t.app) },
      secretOf: () => vendorSecret(t, 'khelabd', 'KM'),
    });
    try {
      expect(
        await post(`${session.url}/api/session`, { merchant: 'khelabd', vendor: 'KM', token }),
      ).toMatchObject({
        status: 'OK',
        playerId: p.playerId,
        balance: 500,
      });
      // Once: the same URL opened again cannot start a second session.
      expect(await post(`${session.url}/api/session`, { merchant: 'khelabd', vendor: 'KM', token })).toEqual({
        status: 'ERROR',
        code: 'INVALID_TOKEN',
      });
    } finally {
      await session.close();
    }
    // Free play: no session, the page keeps play money of its own.
    const demo = await adapter!.launch({ ...ctx, member: null, mode: 'demo' });
    expect(new URL(demo.url, 'http://localhost').searchParams.get('demo')).toBe('1');
    expect(new URL(demo.url, 'http://localhost').searchParams.get('token')).toBeNull();
    // A merchant without a configured secret for the vendor cannot launch it.
    await t.db
      .deleteFrom('provider_vendor')
      .where('merchant_code', '=', 'khelain')
      .where('vendor_code', '=', 'KM')
      .execute();
    await expect(adapter!.launch({ ...ctx, merchantCode: 'khelain', currency: 'INR' })).rejects.toMatchObject(
      {
        code: 'function.not.available',
      },
    );
  });
});
