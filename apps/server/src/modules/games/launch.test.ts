import { LAUNCH_TOKEN_TTL_MS } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { createSeamlessAdapter } from '../provider';
import { clientFor } from '../provider/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { hashToken } from './launch';
import { openOrGetRound, settleRound } from './rounds';
import { exchange, gamesOf, launch, openGame, slot, tokenOfUrl } from './test-support';

let t: TestApp;
const clock = createClock(new Date());

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

type LaunchValue = {
  content: { game_url: string; mode: string; expiresAt: number; nodeId: string; provider: string };
};
const contentOf = (res: { body: string }) => (JSON.parse(res.body) as { value: LaunchValue }).value.content;

describe('launchGame', () => {
  it('answers a single-use play URL on the launch host, and the token opens one session only', async () => {
    const { token } = await newMember(t.db, { prefix: 'gl' });
    const [nodeId] = await gamesOf(t.db);
    const res = await launch(t.app, token, { nodeId: nodeId ?? '', accountType: 1, language: 'en' });
    expect(res.statusCode).toBe(200);
    const content = contentOf(res);
    expect(content.mode).toBe('real');
    expect(content.provider).toBe('inhouse');
    expect(content.nodeId).toBe(nodeId);
    // The demo brand's launchGameCDNs is [''] (this server): a path on the same host.
    expect(content.game_url).toMatch(/^\/play\.html\?t=[A-Za-z0-9_-]{43}&lang=en&engine=classic$/);
    expect(content.expiresAt).toBe(clock.now().getTime() + LAUNCH_TOKEN_TTL_MS);
    const launchToken = tokenOfUrl(content.game_url);
    // Only the hash is stored.
    const stored = await t.db.selectFrom('game_launch_token').selectAll().execute();
    expect(stored.some((r) => r.token_hash === hashToken(launchToken))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(launchToken);

    const first = await exchange(t.app, launchToken);
    expect(first.statusCode).toBe(200);
    const session = first.json().value;
    expect(session).toMatchObject({ mode: 'real', nodeId, merchantCode: 'khelabd', currency: 'BDT' });
    expect(session.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const second = await exchange(t.app, launchToken);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual(expectedError('game.token.invalid'));
  });

  it('refuses a token exchanged after its 60 s', async () => {
    const { token } = await newMember(t.db, { prefix: 'gl' });
    const [nodeId] = await gamesOf(t.db);
    const res = await launch(t.app, token, { nodeId: nodeId ?? '' });
    const launchToken = tokenOfUrl(contentOf(res).game_url);
    clock.advance(LAUNCH_TOKEN_TTL_MS + 1);
    const late = await exchange(t.app, launchToken);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(expectedError('game.token.invalid'));
    const unknown = await exchange(t.app, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
  });

  it('needs a session for real money: 401 logged out', async () => {
    const [nodeId] = await gamesOf(t.db);
    const res = await launch(t.app, null, { nodeId: nodeId ?? '', accountType: 1 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expectedError('login.not.session'));
  });

  it('lets a visitor play for free where the vendor offers demo, with play money off the ledger', async () => {
    const [nodeId] = await gamesOf(t.db);
    // The member-less play money never reaches the ledger (the jackpot pool's first seed may).
    const ledgerWrites = () =>
      t.db.selectFrom('journal_entry').select('id').where('kind', '!=', 'jackpot.seed').execute();
    const entriesBefore = await ledgerWrites();
    const session = await openGame(t.app, null, nodeId ?? '', 0);
    const init = await slot(t.app, session, 'GET', 'init');
    expect(init.statusCode).toBe(200);
    expect(init.json().value).toMatchObject({ mode: 'demo', balanceMinor: '1000000' });
    const spun = await slot(t.app, session, 'POST', 'spin', { requestId: 'demo-spin-0001', betMinor: '200' });
    expect(spun.statusCode).toBe(200);
    const v = spun.json().value;
    expect(BigInt(v.balanceMinor)).toBe(1_000_000n - BigInt(v.stakeMinor) + BigInt(v.payoutMinor));
    const entriesAfter = await ledgerWrites();
    expect(entriesAfter.length).toBe(entriesBefore.length);
    const rounds = await t.db.selectFrom('game_round').selectAll().where('id', '=', v.roundId).execute();
    expect(rounds[0]).toMatchObject({ mode: 'demo', member_id: null });
  });

  it('refuses free play for a vendor without demo', async () => {
    const vendor = await t.db
      .selectFrom('vendor')
      .select(['code', 'game_type'])
      .where('allow_demo', '=', false)
      .where('game_type', '=', 'RNG')
      .executeTakeFirst();
    const code = vendor?.code ?? 'PG';
    if (!vendor) {
      await t.db.updateTable('vendor').set({ allow_demo: false }).where('code', '=', 'PG').execute();
    }
    const [nodeId] = await gamesOf(t.db, code);
    const res = await launch(t.app, null, { nodeId: nodeId ?? '', accountType: 0 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(expectedError('game.demo.unavailable'));
    if (!vendor)
      await t.db.updateTable('vendor').set({ allow_demo: true }).where('code', '=', 'PG').execute();
  });

  it('answers 4xx for an unknown game, a disabled game or vendor, and a game without a provider', async () => {
    const { token } = await newMember(t.db, { prefix: 'gl' });
    const unknown = await launch(t.app, token, { nodeId: 'no-such-game' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(expectedError('game.unavailable'));
    const byVendor = await launch(t.app, token, { vassalage: 'PG', gameId: 'no-such-id' });
    expect(byVendor.statusCode).toBe(404);

    const [a, b] = await gamesOf(t.db, 'JILI', 2);
    await t.db
      .updateTable('game')
      .set({ enabled: false })
      .where('node_id', '=', a ?? '')
      .execute();
    expect((await launch(t.app, token, { nodeId: a ?? '' })).statusCode).toBe(404);
    await t.db.updateTable('vendor').set({ enabled: false }).where('code', '=', 'JILI').execute();
    expect((await launch(t.app, token, { nodeId: b ?? '' })).statusCode).toBe(404);
    await t.db.updateTable('vendor').set({ enabled: true }).where('code', '=', 'JILI').execute();
    await t.db
      .updateTable('game')
      .set({ enabled: true })
      .where('node_id', '=', a ?? '')
      .execute();
    expect((await launch(t.app, token, { nodeId: b ?? '' })).statusCode).toBe(200);

    // A non-RNG game of a vendor without a registered adapter has no way to launch.
    const withAdapter = t.app.services.games.adapters.codes();
    const orphan = await t.db
      .selectFrom('game')
      .select('node_id')
      .where('game_type', '!=', 'RNG')
      .where('enabled', '=', true)
      .where('vendor_code', 'not in', withAdapter.length > 0 ? withAdapter : ['-'])
      .executeTakeFirstOrThrow();
    const refused = await launch(t.app, token, { nodeId: orphan.node_id });
    expect(refused.statusCode).toBe(404);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const { token } = await newMember(t.db, { prefix: 'gl' });
    const [nodeId] = await gamesOf(t.db);
    const before = await t.db.selectFrom('game_launch_token').select('token_hash').execute();
    const noMode = await t.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${nodeId}`,
      headers: { authorization: token },
    });
    expect(noMode.statusCode).toBe(400);
    expect((await launch(t.app, token, { nodeId: nodeId ?? '', accountType: 7 })).statusCode).toBe(400);
    expect((await launch(t.app, token, { launchMode: 'XYZ', nodeId: nodeId ?? '' })).statusCode).toBe(400);
    expect((await launch(t.app, token, {})).statusCode).toBe(400);
    expect((await exchange(t.app, 'short')).statusCode).toBe(400);
    const after = await t.db.selectFrom('game_launch_token').select('token_hash').execute();
    expect(after.length).toBe(before.length);
  });

  it('answers #734 while a round is open in another game, but not for the same game', async () => {
    const { token, member } = await newMember(t.db, { prefix: 'gl' });
    const [a, b] = await gamesOf(t.db, 'PP', 2);
    const { round } = await openOrGetRound(t.db, {
      merchantCode: 'khelabd',
      memberId: member.id,
      vendorCode: 'PP',
      gameType: 'RNG',
      gameNodeId: a ?? '',
      externalRoundId: `ext-${member.id}`,
      currency: 'BDT',
      balanceBeforeMinor: 0n,
    });
    const other = await launch(t.app, token, { nodeId: b ?? '' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      success: false,
      errorCode: 'game.previous.unfinished',
      message: 'error.game.previous.unfinished',
      value: { nodeId: a, vassalage: 'PP' },
    });
    expect((await launch(t.app, token, { nodeId: a ?? '' })).statusCode).toBe(200);
    await settleRound(t.db, { roundId: round.id });
    expect((await launch(t.app, token, { nodeId: b ?? '' })).statusCode).toBe(200);
  });

  it('records the play for recent games', async () => {
    const { token } = await newMember(t.db, { prefix: 'gl' });
    const [nodeId] = await gamesOf(t.db, 'JDB', 1);
    await launch(t.app, token, { nodeId: nodeId ?? '' });
    const recent = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_recentGame',
      headers: { authorization: token },
    });
    expect(recent.statusCode).toBe(200);
    const list = recent.json().value.list as { nodeId: string }[];
    expect(list.map((g) => g.nodeId)).toContain(nodeId);
  });

  it('refuses slot calls without a live game session', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/wps/game/slot/init' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(expectedError('game.session.invalid'));
    const wrong = await slot(t.app, 'y'.repeat(43), 'GET', 'init');
    expect(wrong.statusCode).toBe(401);
  });
});

/** A launch from an address of its own (launches are limited per IP per minute). */
const launchFrom = (
  token: string | null,
  query: Record<string, string | number>,
  n: number,
  url = '/wps/game/launchGame',
) =>
  t.app.inject({
    method: 'GET',
    url: `${url}?${new URLSearchParams(
      Object.entries({ launchMode: 'GLS', ...query }).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString()}`,
    headers: token ? { authorization: token } : {},
    remoteAddress: `10.7.${Math.floor(n / 250)}.${(n % 250) + 1}`,
  });

describe('launch hosts', () => {
  it('every launch lands on one of the configured launch CDN hosts, in-house and vendor adapters alike, and all are used', async () => {
    const site = t.app.services.site;
    const before = site.settingsOf('khelabd').cdn;
    const hosts = ['https://cdn-a.example', 'https://cdn-b.example', 'https://cdn-c.example/'];
    await site.updateSetting('khelabd', 'cdn', { ...before, launchGameCDNs: hosts });
    try {
      const { token } = await newMember(t.db, { prefix: 'cdn' });
      const [slotNode = ''] = await gamesOf(t.db);
      const km = await t.db
        .selectFrom('game')
        .select('node_id')
        .where('vendor_code', '=', 'KM')
        .executeTakeFirstOrThrow();
      const seen = { inhouse: new Set<string>(), KM: new Set<string>() };
      for (let n = 0; n < 30; n++) {
        for (const [provider, nodeId, path] of [
          ['inhouse', slotNode, '/play.html?t='],
          ['KM', km.node_id, '/vendor-sim/play?'],
        ] as const) {
          const res = await launchFrom(token, { nodeId }, n);
          expect(res.statusCode, res.body).toBe(200);
          const url = contentOf(res).game_url;
          expect(contentOf(res).provider).toBe(provider);
          const host = hosts.map((h) => h.replace(/\/$/, '')).find((h) => url.startsWith(`${h}${path}`));
          expect(host, url).toBeDefined();
          seen[provider].add(host ?? '');
        }
      }
      // Three hosts, 30 launches each: every host is picked (the chance one is never picked is ~1e-5).
      expect(seen.inhouse.size).toBe(3);
      expect(seen.KM.size).toBe(3);
      // A vendor with a game page of its own keeps it whatever the CDN list.
      await t.db
        .updateTable('provider_vendor')
        .set({ launch_url: 'https://games.evo.example/khela' })
        .where('merchant_code', '=', 'khelabd')
        .where('vendor_code', '=', 'EVO')
        .execute();
      await new Promise((resolve) => setTimeout(resolve, 5_100)); // the vendor configuration cache
      const evo = await t.db
        .selectFrom('game')
        .select('node_id')
        .where('vendor_code', '=', 'EVO')
        .executeTakeFirstOrThrow();
      const own = await launchFrom(token, { nodeId: evo.node_id }, 99);
      expect(contentOf(own).game_url).toMatch(/^https:\/\/games\.evo\.example\/khela\/play\?/);
    } finally {
      await site.updateSetting('khelabd', 'cdn', before);
      await t.db
        .updateTable('provider_vendor')
        .set({ launch_url: null })
        .where('merchant_code', '=', 'khelabd')
        .where('vendor_code', '=', 'EVO')
        .execute();
    }
  });
});

describe('GCS_gameLaunchFB (the sports-vendor launch)', () => {
  it('launches the sportsbook that launches here (SABA in the demo, FB once configured) with a single-use token', async () => {
    const { token, member } = await newMember(t.db, { prefix: 'fb' });
    const fb = '/wps/relay/GCS_gameLaunchFB';
    const res = await launchFrom(token, { language: 'en' }, 200, fb);
    expect(res.statusCode, res.body).toBe(200);
    const content = contentOf(res);
    expect(content).toMatchObject({ mode: 'real', provider: 'SABA' });
    const url = new URL(content.game_url, 'http://x');
    expect(url.pathname).toBe('/vendor-sim/play');
    expect(url.searchParams.get('vendor')).toBe('SABA');
    expect(url.searchParams.get('game')).toBe(content.nodeId);
    const saba = await t.db
      .selectFrom('game')
      .select(['node_id', 'game_type'])
      .where('node_id', '=', content.nodeId)
      .executeTakeFirstOrThrow();
    expect(saba.game_type).toBe('SPORTS');
    // The URL's token is the single-use launch token of the vendor.
    const client = await clientFor(t, { vendorCode: 'SABA', clock: () => clock.now().getTime() });
    const auth = await client.authenticate(url.searchParams.get('token') ?? '');
    expect(auth.answer).toMatchObject({ status: 'OK', playerId: String(member.id) });
    expect((await client.authenticate(url.searchParams.get('token') ?? '')).answer).toMatchObject({
      code: 'INVALID_TOKEN',
    });
    // A sportsbook asked for by name; a vendor that is no sportsbook (or does not launch) is refused.
    expect(contentOf(await launchFrom(token, { vassalage: 'saba' }, 201, fb)).provider).toBe('SABA');
    for (const vassalage of ['EVO', 'FB', 'NOPE']) {
      const refused = await launchFrom(token, { vassalage }, 202, fb);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(expectedError('game.unavailable'));
    }
    // A visitor: free play only where the vendor offers it (the demo sportsbook does not).
    const visitor = await launchFrom(null, {}, 203, fb);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toEqual(expectedError('game.demo.unavailable'));
    const realVisitor = await launchFrom(null, { accountType: 1 }, 204, fb);
    expect(realVisitor.statusCode).toBe(401);

    // Once FB Sports is configured for the merchant, the FB page opens it.
    await t.db
      .insertInto('provider_vendor')
      .values({
        merchant_code: 'khelabd',
        vendor_code: 'FB',
        secret: 'f'.repeat(40),
        launch_url: null,
        enabled: true,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    t.app.services.games.adapters.register(
      createSeamlessAdapter('FB', t.app.services.provider, { demo: true }),
    );
    const fbLaunch = contentOf(await launchFrom(token, {}, 205, fb));
    expect(fbLaunch.provider).toBe('FB');
    expect(new URL(fbLaunch.game_url, 'http://x').searchParams.get('vendor')).toBe('FB');
  });
});
