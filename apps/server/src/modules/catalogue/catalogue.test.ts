import { brotliDecompressSync } from 'node:zlib';
import type { Game, GameLane } from '@khela/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, expectedError, setModule, type TestApp } from '../../../test/helpers';
import type { MemberType } from '../../db/schema';
import { foldText } from '../../shared/search-text';
import { hashSessionToken, newSessionToken } from '../../shared/tokens';
import { insertMember, insertSession } from '../identity/test-support';

let t: TestApp;
const clock = createClock('2026-03-01T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});

afterAll(async () => {
  await t?.close();
});

type Call = {
  method?: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: unknown;
  token?: string;
  language?: string;
};
const call = ({ method = 'GET', url, payload, token, language }: Call) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(language ? { language } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const okValue = <T>(res: LightMyRequestResponse): T => {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { success: boolean; value: T };
  expect(body.success).toBe(true);
  return body.value;
};

type ListValue = { games: Game[]; totalPages: number; totalCount: number; pageNo: number; pageSize: number };
const list = async (query: Record<string, string | number>, language?: string) =>
  okValue<ListValue>(
    await call({
      url: `/wps/relay/GCSGAME_gameList?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      ...(language ? { language } : {}),
    }),
  );

let memberCounter = 0;
/** A member of khelabd with a live session; answers its id and raw token. */
const signIn = async (type: MemberType = 0) => {
  memberCounter += 1;
  const member = await insertMember(t.db, {
    merchantCode: 'khelabd',
    username: `cat${type}x${String(memberCounter).padStart(4, '0')}`,
    mobile: null,
    email: null,
    passwordHash: null,
    type,
    uplineId: null,
    nickname: 'player',
    now: clock.now(),
    lastLoginAt: clock.now(),
  });
  const token = newSessionToken();
  await insertSession(t.db, {
    tokenHash: hashSessionToken(token),
    memberId: member.id,
    now: clock.now(),
    expiresAt: new Date(clock.now().getTime() + 24 * 60 * 60 * 1000),
    ip: null,
    userAgent: null,
  });
  return { id: member.id, token };
};

const dbCount = async (where: ReturnType<typeof sql>) =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM game g WHERE g.enabled AND ${where}`.execute(
        t.db,
      )
    ).rows[0]?.n,
  );

describe('demo catalogue', () => {
  it('holds at least 60 vendors over every category and about 10,000 games, most of them slots', async () => {
    const stats = await t.app.services.catalogue.stats();
    expect(stats.vendors).toBeGreaterThanOrEqual(60);
    expect(stats.games).toBeGreaterThanOrEqual(9500);
    const types = await t.db.selectFrom('vendor').select('game_type').distinct().execute();
    expect(types.map((r) => r.game_type).sort()).toEqual([
      'ELOTT',
      'FISH',
      'LIVE',
      'LOTT',
      'PVP',
      'RNG',
      'SPORTS',
    ]);
    const rng = await dbCount(sql`g.game_type = 'RNG'`);
    expect(rng / stats.games).toBeGreaterThan(0.85);
    // Every game has a name in each language and an icon that the server serves.
    const missing = await dbCount(
      sql`(g.display_name->>'bn' IS NULL OR g.display_name->>'hi' IS NULL OR g.icon_media_id IS NULL)`,
    );
    expect(missing).toBe(0);
    const { games } = await list({ pageSize: 1 });
    const icon = await call({ url: games[0]?.showIcon ?? '' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toContain('immutable');
  });

  it('has unique names, min bets from the spec options, classify tags, hot and new games', async () => {
    const dupes = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT display_name->>'en' FROM game WHERE game_type IN ('RNG', 'LIVE', 'FISH', 'PVP')
        GROUP BY 1 HAVING count(*) > 1) d`.execute(t.db);
    expect(dupes.rows[0]?.n).toBe(0);
    const bets = await sql<{ b: string }>`SELECT DISTINCT min_bet::text AS b FROM game ORDER BY 1`.execute(
      t.db,
    );
    expect(bets.rows.map((r) => Number(r.b))).toEqual([0.01, 0.05, 0.1, 0.5, 0.75]);
    expect(await dbCount(sql`jsonb_array_length(g.classify) = 0`)).toBe(0);
    expect(await dbCount(sql`g.hot_rank IS NOT NULL`)).toBeGreaterThan(50);
    expect(await dbCount(sql`g.is_new`)).toBeGreaterThan(100);
  });
});

describe('GCSGAME_newGameVendor', () => {
  const lanesOf = async (language?: string) => {
    const value = okValue<{ version: number; data: { lanes: GameLane[] } }>(
      await call({
        url: '/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop',
        ...(language ? { language } : {}),
      }),
    );
    expect(value.version).toBeGreaterThanOrEqual(1);
    return value.data.lanes;
  };

  it('answers the categories in navigation order, cockfight two after sports, esports split out last', async () => {
    const lanes = await lanesOf();
    const titles = lanes.map((l) => l.title);
    expect(titles).toEqual(['RNG', 'ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'COCKFIGHT', 'PVP', 'ESPORTS']);
    expect(titles.indexOf('COCKFIGHT')).toBe(titles.indexOf('SPORTS') + 2);
    const codes = (title: string) =>
      lanes.find((l) => l.title === title)?.cards.map((c) => c.vassalage) ?? [];
    expect(codes('ESPORTS')).toEqual(['IMES', 'TF', 'IA']);
    expect(codes('COCKFIGHT')).toEqual(['SV3', 'WS168']);
    expect(codes('SPORTS')).not.toContain('IMES');
    expect(codes('SPORTS')).not.toContain('SV3');
    expect(codes('ELOTT')).toEqual(expect.arrayContaining(['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT']));
    expect(codes('LOTT')).toContain('LOTT');
  });

  it('gives cards their fields and classify counts that add up to the games of the lane', async () => {
    const lanes = await lanesOf('en');
    const rng = lanes.find((l) => l.title === 'RNG');
    const pg = rng?.cards.find((c) => c.vassalage === 'PG');
    expect(pg).toMatchObject({
      gameType: 'RNG',
      isHot: true,
      isGame: 'VASSALAGE',
      accountTypeName: 'PG',
      displayName: 'PG Soft',
    });
    expect(pg?.lagerIcon).toMatch(/^\/media\/vendor-pg-[0-9a-f]{16}\.svg$/);
    const slots = rng?.gameClassify.find((c) => c.key === 'video_slot');
    expect(slots?.displayName).toBe('Video Slots');
    expect(slots?.gameCount).toBe(await dbCount(sql`g.game_type = 'RNG' AND g.classify ? 'video_slot'`));
    const sabа = lanes.find((l) => l.title === 'SPORTS')?.cards.find((c) => c.vassalage === 'SABA');
    expect(sabа).toMatchObject({ isGame: 'GAME', gameCode: 'LOBBY', gameCount: 1 });
    const bn = await lanesOf('bn');
    expect(
      bn.find((l) => l.title === 'RNG')?.gameClassify.find((c) => c.key === 'video_slot')?.displayName,
    ).toBe('ভিডিও স্লট');
  });

  it('serves every vendor logo with the long immutable cache of the game icons', async () => {
    const lanes = await lanesOf();
    const urls = new Set(
      lanes.flatMap((l) => l.cards.flatMap((c) => [c.lagerIcon, c.smallIcon, c.mobileSmallIcon, c.h5Icon])),
    );
    urls.delete(null);
    expect(urls.size).toBeGreaterThanOrEqual(60);
    for (const url of urls) {
      const logo = await call({ url: url ?? '' });
      expect(logo.statusCode, url ?? '').toBe(200);
      expect(logo.headers['content-type'], url ?? '').toMatch(/^image\//);
      expect(logo.headers['cache-control'], url ?? '').toBe('public, max-age=31536000, immutable');
      expect(logo.headers.etag, url ?? '').toBeTruthy();
    }
  });

  it("follows a brand's esports and cockfight lists and drops a category whose vendors are all off", async () => {
    const site = t.app.services.site;
    const brand = site.settingsOf('khelabd').brand;
    await site.updateSetting('khelabd', 'brand', { ...brand, esportGames: ['SBO'] });
    try {
      const lanes = await lanesOf();
      expect(lanes.find((l) => l.title === 'ESPORTS')?.cards.map((c) => c.vassalage)).toContain('SBO');
      expect(lanes.find((l) => l.title === 'SPORTS')?.cards.map((c) => c.vassalage)).not.toContain('SBO');
      const sbo = await list({ gameType: 'ESPORTS', vassalage: 'SBO' });
      expect(sbo.totalCount).toBe(1);
    } finally {
      await site.updateSetting('khelabd', 'brand', brand);
    }
    await t.db.updateTable('vendor').set({ enabled: false }).where('game_type', '=', 'PVP').execute();
    await t.db.updateTable('catalogue_version').set({ version: 1000 }).execute();
    try {
      await t.app.services.catalogue.refresh();
      const value = okValue<{ version: number; data: { lanes: GameLane[] } }>(
        await call({ url: '/wps/relay/GCSGAME_newGameVendor' }),
      );
      expect(value.version).toBe(1000);
      expect(value.data.lanes.map((l) => l.title)).not.toContain('PVP');
    } finally {
      await t.db.updateTable('vendor').set({ enabled: true }).where('game_type', '=', 'PVP').execute();
      await t.db.updateTable('catalogue_version').set({ version: 1001 }).execute();
      await t.app.services.catalogue.refresh();
    }
  });
});

describe('GCSGAME_gameList page cache', () => {
  it('answers a repeated query with the same bytes, compressed alike, and follows a catalogue change', async () => {
    const url = '/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=dragon&pageNo=2&pageSize=15';
    const first = await call({ url });
    const page = okValue<ListValue>(first);
    expect(page.games).toHaveLength(15);
    expect((await call({ url })).body).toBe(first.body);
    for (let i = 0; i < 2; i++) {
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    }
    // Another language of the same page is its own answer.
    const en = okValue<ListValue>(await call({ url, language: 'en' }));
    expect(en.games.map((g) => g.nodeId)).toEqual(page.games.map((g) => g.nodeId));
    expect(en.games[0]?.displayName).not.toBe(page.games[0]?.displayName);

    const vendor = page.games[0]?.vendor as string;
    await t.db.updateTable('vendor').set({ enabled: false }).where('code', '=', vendor).execute();
    await t.db.updateTable('catalogue_version').set({ version: 2000 }).execute();
    try {
      await t.app.services.catalogue.refresh();
      const after = okValue<ListValue>(await call({ url }));
      expect(after.games.some((g) => g.vendor === vendor)).toBe(false);
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')).value).toEqual(after);
    } finally {
      await t.db.updateTable('vendor').set({ enabled: true }).where('code', '=', vendor).execute();
      await t.db.updateTable('catalogue_version').set({ version: 2001 }).execute();
      await t.app.services.catalogue.refresh();
    }
    expect((await call({ url })).body).toBe(first.body);
  });
});

describe('GCSGAME_getVassGameType', () => {
  it('needs a session and maps each game type to its vendors', async () => {
    const anonymous = await call({ url: '/wps/relay/GCSGAME_getVassGameType' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject(expectedError('login.not.session'));
    const { token } = await signIn();
    const value = okValue<{ content: Record<string, Record<string, string[]>> }>(
      await call({ url: '/wps/relay/GCSGAME_getVassGameType', token }),
    );
    expect(Object.keys(value.content.RNG ?? {})).toHaveLength(34);
    expect(value.content.FISH?.JILI).toEqual(['fishing']);
    expect(Object.keys(value.content.ESPORTS ?? {})).toEqual(['IMES', 'TF', 'IA']);
  });
});

describe('GCSGAME_gameList filters', () => {
  it('lists every game without filters, in a stable order, 15 a page, for visitors too', async () => {
    const all = await list({});
    expect(all.totalCount).toBe(await dbCount(sql`true`));
    expect(all.pageSize).toBe(15);
    expect(all.games).toHaveLength(15);
    expect(all.totalPages).toBe(Math.ceil(all.totalCount / 15));
    const again = await list({});
    expect(again.games.map((g) => g.nodeId)).toEqual(all.games.map((g) => g.nodeId));
    // Hot games lead the list in rank order.
    expect(all.games.slice(0, 3).map((g) => g.hotRank)).toEqual([1, 2, 3]);
  });

  it('filters by game type, vendor (any case), classify, min bet and line count, alone and together', async () => {
    const fish = await list({ gameType: 'FISH', pageSize: 100 });
    expect(fish.totalCount).toBe(await dbCount(sql`g.game_type = 'FISH'`));
    expect(fish.games.every((g) => g.gameType === 'FISH')).toBe(true);

    const pg = await list({ vassalage: 'pg', pageSize: 100 });
    expect(pg.totalCount).toBe(await dbCount(sql`g.vendor_code = 'PG'`));
    expect(pg.games.every((g) => g.vassalage === 'PG')).toBe(true);

    const mega = await list({ gameClassify: 'megaways', pageSize: 100 });
    expect(mega.totalCount).toBe(await dbCount(sql`g.classify ? 'megaways'`));
    expect(mega.games.every((g) => g.gameClassify.includes('megaways'))).toBe(true);

    for (const bet of ['0.01', '0.05', '0.1', '0.5', '0.75']) {
      const page = await list({ minBet: bet, pageSize: 100 });
      expect(page.totalCount).toBe(await dbCount(sql`g.min_bet = ${bet}::numeric`));
      expect(page.games.every((g) => g.minBet === bet)).toBe(true);
    }

    const lines = await list({ minLineNum: 243, pageSize: 100 });
    expect(lines.totalCount).toBe(await dbCount(sql`g.min_line_num = 243`));

    const together = await list({
      gameType: 'RNG',
      vassalage: 'JILI',
      gameClassify: 'video_slot',
      minBet: '0.1',
      pageSize: 100,
    });
    expect(together.totalCount).toBe(
      await dbCount(
        sql`g.game_type = 'RNG' AND g.vendor_code = 'JILI' AND g.classify ? 'video_slot' AND g.min_bet = 0.1`,
      ),
    );
    expect(together.totalCount).toBeGreaterThan(0);
    // Empty values mean "all", as the lobby sends them.
    const blank = await list({ gameType: 'FISH', gameClassify: '', minBet: '', gameName: '', vassalage: '' });
    expect(blank.totalCount).toBe(fish.totalCount);
  });

  it('splits esports and cockfight out of sports in the list too', async () => {
    expect((await list({ gameType: 'ESPORTS' })).games.map((g) => g.vassalage).sort()).toEqual([
      'IA',
      'IMES',
      'TF',
    ]);
    expect((await list({ gameType: 'COCKFIGHT' })).totalCount).toBe(2);
    expect((await list({ gameType: 'SPORTS' })).totalCount).toBe(5);
  });

  it('takes a merchant parameter that names the Merchant header, refuses one naming another merchant', async () => {
    const page = (merchant: string | undefined, query: string) =>
      t.app.inject({
        url: `/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=5&${query}`,
        headers: merchant ? { merchant } : {},
      });
    const bd = okValue<ListValue>(await page('khelabd', ''));
    // The platform's clients send merchant, clientType, platform and channel beside the header.
    const platformQuery = 'clientType=3&platform=flash,html5-desktop&channel=web';
    for (const query of [`merchant=khelabd&${platformQuery}`, 'merchant=KHELABD', 'merchant=']) {
      expect(okValue<ListValue>(await page('khelabd', query)), query).toEqual(bd);
    }
    // No header: the brand's merchant (khelabd) is the call's, and the parameter must name it.
    expect(okValue<ListValue>(await page(undefined, 'merchant=khelabd'))).toEqual(bd);
    for (const [header, query] of [
      ['khelabd', 'merchant=khelain'],
      [undefined, 'merchant=khelain'],
      ['khelain', 'merchant=khelabd'],
      ['khelabd', 'merchant=nobody'],
    ] as const) {
      const refused = await page(header, query);
      expect(refused.statusCode, `${header} ${query}`).toBe(400);
      expect(refused.json()).toMatchObject({
        ...expectedError('request_param_err'),
        value: { field: 'merchant' },
      });
    }
    expect(okValue<ListValue>(await page('khelain', 'merchant=khelain')).totalCount).toBe(bd.totalCount);
  });

  it('refuses values outside the options', async () => {
    for (const query of ['minBet=0.2', 'gameType=CASINO', 'pageNo=abc', 'pageSize=1.5', 'minLineNum=-1']) {
      const res = await call({ url: `/wps/relay/GCSGAME_gameList?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('GCSGAME_gameList paging', () => {
  it('clamps the page to 1..totalPages and reports the page served', async () => {
    const first = await list({ gameType: 'FISH' });
    expect(first.pageNo).toBe(1);
    expect(first.totalPages).toBe(Math.ceil(first.totalCount / 15));
    for (const pageNo of [0, -3]) {
      const page = await list({ gameType: 'FISH', pageNo });
      expect(page.pageNo).toBe(1);
      expect(page.games).toEqual(first.games);
    }
    const last = await list({ gameType: 'FISH', pageNo: first.totalPages });
    expect(last.games).toHaveLength(first.totalCount - (first.totalPages - 1) * 15);
    const past = await list({ gameType: 'FISH', pageNo: first.totalPages + 50 });
    expect(past.pageNo).toBe(first.totalPages);
    expect(past.games).toEqual(last.games);
  });

  it('walks every page once with no game twice', async () => {
    const seen = new Set<string>();
    const first = await list({ gameType: 'LIVE', pageSize: 40 });
    for (let page = 1; page <= first.totalPages; page++) {
      for (const g of (await list({ gameType: 'LIVE', pageSize: 40, pageNo: page })).games)
        seen.add(g.nodeId);
    }
    expect(seen.size).toBe(first.totalCount);
  });

  it('keeps the page size between 1 and 100', async () => {
    expect((await list({ pageSize: 0 })).pageSize).toBe(1);
    expect((await list({ pageSize: 0 })).games).toHaveLength(1);
    expect((await list({ pageSize: 100 })).games).toHaveLength(100);
    const big = await list({ pageSize: 1000 });
    expect(big.pageSize).toBe(100);
    expect(big.games).toHaveLength(100);
  });

  it('answers an empty result as page 1 of 0', async () => {
    const none = await list({ gameName: 'zzqqxx no such game', pageNo: 4 });
    expect(none).toEqual({ games: [], totalPages: 0, totalCount: 0, pageNo: 1, pageSize: 15 });
  });
});

describe('GCSGAME_gameList search', () => {
  const names = async (gameName: string, language?: string) =>
    (await list({ gameName, pageSize: 100 }, language)).games.map((g) => g.displayName);

  it('finds English names whatever the case, every word anywhere in the name', async () => {
    const lower = await list({ gameName: 'dragon', pageSize: 100 }, 'en');
    expect(lower.totalCount).toBe(await dbCount(sql`lower(g.display_name->>'en') LIKE '%dragon%'`));
    expect(lower.totalCount).toBeGreaterThan(50);
    expect((await list({ gameName: 'DrAgOn' }, 'en')).totalCount).toBe(lower.totalCount);
    const two = await list({ gameName: 'golden dragon', pageSize: 100 }, 'en');
    expect(two.totalCount).toBeGreaterThan(0);
    expect(two.games.every((g) => /golden/i.test(g.displayName) && /dragon/i.test(g.displayName))).toBe(true);
  });

  it('finds Bangla and Hindi names, whatever the answer language', async () => {
    const en = await list({ gameName: 'tiger', pageSize: 100 }, 'en');
    const bn = await list({ gameName: 'বাঘ', pageSize: 100 }, 'en');
    const hi = await list({ gameName: 'बाघ', pageSize: 100 }, 'bn');
    expect(bn.totalCount).toBeGreaterThan(0);
    expect(bn.games.every((g) => /tiger/i.test(g.displayName))).toBe(true);
    expect(hi.games.every((g) => g.displayName.includes('বাঘ'))).toBe(true);
    // bn বাঘ and hi बाघ both name the tiger: the same games as the English word (plus Dragon Tiger tables).
    expect(new Set(bn.games.map((g) => g.nodeId))).toEqual(new Set(hi.games.map((g) => g.nodeId)));
    expect(en.totalCount).toBeGreaterThanOrEqual(bn.totalCount);
    expect(await names('সোনালি ড্রাগন', 'bn')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^সোনালি ড্রাগন/)]),
    );
  });

  it('ignores accents both ways', async () => {
    const plain = await list({ gameName: 'pinata', pageSize: 100 }, 'en');
    expect(plain.totalCount).toBeGreaterThan(0);
    expect(plain.games.every((g) => g.displayName.includes('Piñata'))).toBe(true);
    expect((await list({ gameName: 'PIÑATA' }, 'en')).totalCount).toBe(plain.totalCount);
    expect((await list({ gameName: 'cafe' }, 'en')).totalCount).toBeGreaterThan(0);
    expect((await list({ gameName: 'jalapeno señorita' }, 'en')).totalCount).toBe(0);
    expect(foldText('  Jalapeño   CAFÉ ')).toBe('jalapeno cafe');
    // Bangla and Devanagari vowel signs are kept.
    expect(foldText('সোনালি')).toBe('সোনালি');
    expect(foldText('सुनहरा')).toBe('सुनहरा');
  });

  it('combines search with filters and paging', async () => {
    const found = await list(
      { gameName: 'dragon', gameType: 'RNG', minBet: '0.05', pageSize: 5, pageNo: 2 },
      'en',
    );
    expect(found.pageNo).toBe(2);
    expect(found.games.every((g) => g.minBet === '0.05' && /dragon/i.test(g.displayName))).toBe(true);
  });
});

describe('GCSGAME_hotGamesV2', () => {
  it('answers the hot games in rank order by GET and by POST, without a token', async () => {
    const get = okValue<{ list: Game[] }>(
      await call({ url: '/wps/relay/GCSGAME_hotGamesV2?isPlatform=2&vassalage=' }),
    );
    expect(get.list.length).toBe(await dbCount(sql`g.hot_rank IS NOT NULL`));
    const ranks = get.list.map((g) => g.hotRank ?? 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(get.list.every((g) => g.isHot)).toBe(true);
    const post = okValue<{ list: Game[] }>(
      await call({
        method: 'POST',
        url: '/wps/relay/GCSGAME_hotGamesV2',
        payload: {
          merchantCode: 'khelabd',
          isPlatform: '2',
          vassalage: 'PG',
          platform: 'flash,html5-desktop',
          language: 'hi',
        },
      }),
    );
    expect(post.list.length).toBeGreaterThanOrEqual(6);
    expect(post.list.every((g) => g.vassalage === 'PG')).toBe(true);
  });
});

describe('ODSFE2_getWinnerBoard', () => {
  it('is empty while no round has been won, and checks the limit', async () => {
    const empty = okValue<{ list: unknown[] }>(
      await call({ url: '/wps/relay/ODSFE2_getWinnerBoard?gameCategory=ALL&language=en&limitNum=50' }),
    );
    expect(empty.list).toEqual([]);
    for (const limitNum of ['51', '0', 'ten']) {
      const res = await call({
        url: `/wps/relay/ODSFE2_getWinnerBoard?gameCategory=ALL&limitNum=${limitNum}`,
      });
      expect(res.statusCode, limitNum).toBe(400);
    }
    expect((await call({ url: '/wps/relay/ODSFE2_getWinnerBoard?gameCategory=POKER' })).statusCode).toBe(400);
  });

  it('shows recorded wins, biggest first, with masked names and the limit applied', async () => {
    const { id } = await signIn();
    const member = await t.db
      .selectFrom('member')
      .select('username')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const wins = [
      ['pg-rng-0001', '120.50', 'r-1'],
      ['pg-rng-0002', '9800.00', 'r-2'],
      ['evo-live-0001', '450.00', 'r-3'],
    ] as const;
    await t.db
      .insertInto('game_win')
      .values(
        wins.map(([nodeId, amount, ref]) => ({
          merchant_code: 'khelabd',
          member_id: id,
          node_id: nodeId,
          round_ref: ref,
          bet_amount: '1.00',
          win_amount: amount,
          won_at: clock.now(),
        })),
      )
      .execute();
    try {
      const board = okValue<{ list: { vo: { customerName: string; winAmount: string; nodeId: string } }[] }>(
        await call({ url: '/wps/relay/ODSFE2_getWinnerBoard?gameCategory=ALL&limitNum=2' }),
      );
      expect(board.list.map((r) => r.vo.winAmount)).toEqual(['9800', '450']);
      expect(board.list[0]?.vo.customerName).toBe(
        `${member.username.slice(0, 2)}***${member.username.slice(-2)}`,
      );
      const live = okValue<{ list: { vo: { nodeId: string } }[] }>(
        await call({ url: '/wps/relay/ODSFE2_getWinnerBoard?gameCategory=LIVE' }),
      );
      expect(live.list.map((r) => r.vo.nodeId)).toEqual(['evo-live-0001']);
      // Another merchant's board does not show them.
      const other = await t.app.inject({
        url: '/wps/relay/ODSFE2_getWinnerBoard',
        headers: { merchant: 'khelain' },
      });
      expect(other.json().value.list).toEqual([]);
    } finally {
      await t.db.deleteFrom('game_win').execute();
    }
  });
});

describe('favourites', () => {
  const ids = async (token: string) =>
    okValue<string[]>(await call({ url: '/wps/relay/MCSFE_getFavoriteGames', token }));
  const add = (token: string, payload: unknown) =>
    call({ method: 'POST', url: '/wps/relay/MCSFE_addFavoriteGameV2', token, payload });
  const remove = (token: string, payload: unknown) =>
    call({ method: 'DELETE', url: '/wps/relay/MCSFE_removeFavoriteGameV2', token, payload });

  it('refuses visitors and trial accounts', async () => {
    const payload = { nodeId: 'pg-rng-0001', vendor: 'PG', gameType: 'RNG' };
    for (const res of [
      await call({ url: '/wps/relay/MCSFE_getFavoriteGames' }),
      await call({ url: '/wps/relay/MCSFE_getFavoriteGamesList' }),
      await add('', payload),
      await remove('', payload),
      await call({ url: '/wps/relay/MCSFE_getFavoriteGames', token: 'x'.repeat(43) }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject(expectedError('login.not.session'));
    }
    const trial = await signIn(4);
    for (const res of [
      await call({ url: '/wps/relay/MCSFE_getFavoriteGames', token: trial.token }),
      await add(trial.token, payload),
      await remove(trial.token, payload),
      await call({ url: '/wps/relay/GCS_recentGame', token: trial.token }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject(expectedError('in_need_true_account'));
    }
  });

  it('adds once however often it is asked, lists newest first, removes, and ignores absent ones', async () => {
    const { token } = await signIn();
    expect(await ids(token)).toEqual([]);
    const first = { nodeId: 'pg-rng-0001', vendor: 'PG', gameType: 'RNG' };
    expect(okValue<string[]>(await add(token, first))).toEqual(['pg-rng-0001']);
    expect(okValue<string[]>(await add(token, first))).toEqual(['pg-rng-0001']);
    clock.advance(1000);
    expect(
      okValue<string[]>(await add(token, { nodeId: 'jili-fish-0002', vendor: 'jili', gameType: 'FISH' })),
    ).toEqual(['jili-fish-0002', 'pg-rng-0001']);
    clock.advance(1000);
    // Esports games may be named by their lane.
    okValue(await add(token, { nodeId: 'imes-sports-0001', vendor: 'IMES', gameType: 'ESPORTS' }));
    expect(await ids(token)).toEqual(['imes-sports-0001', 'jili-fish-0002', 'pg-rng-0001']);

    const page = okValue<{ content: Game[]; pageNum: number; totalPages: number }>(
      await call({
        url: '/wps/relay/MCSFE_getFavoriteGamesList?pageNo=1&pageSize=999&gameType=',
        token,
        language: 'en',
      }),
    );
    expect(page.content.map((g) => g.nodeId)).toEqual(['imes-sports-0001', 'jili-fish-0002', 'pg-rng-0001']);
    expect(page.pageNum).toBe(1);
    expect(page.totalPages).toBe(1);
    const rngOnly = okValue<{ content: Game[] }>(
      await call({ url: '/wps/relay/MCSFE_getFavoriteGamesList?gameType=RNG&pageSize=999', token }),
    );
    expect(rngOnly.content.map((g) => g.nodeId)).toEqual(['pg-rng-0001']);
    const paged = okValue<{ content: Game[]; pageNum: number; totalPages: number }>(
      await call({ url: '/wps/relay/MCSFE_getFavoriteGamesList?pageSize=2&pageNo=9', token }),
    );
    expect(paged).toMatchObject({ pageNum: 2, totalPages: 2 });
    expect(paged.content.map((g) => g.nodeId)).toEqual(['pg-rng-0001']);

    expect(okValue<string[]>(await remove(token, first))).toEqual(['imes-sports-0001', 'jili-fish-0002']);
    expect(okValue<string[]>(await remove(token, first))).toEqual(['imes-sports-0001', 'jili-fish-0002']);
    expect(
      okValue<string[]>(await remove(token, { nodeId: 'no-such-game', vendor: 'PG', gameType: 'RNG' })),
    ).toHaveLength(2);
    // Without a body, the payload may come in the query string.
    const byQuery = await call({
      method: 'DELETE',
      url: '/wps/relay/MCSFE_removeFavoriteGameV2?nodeId=jili-fish-0002&vendor=JILI&gameType=FISH',
      token,
    });
    expect(okValue<string[]>(byQuery)).toEqual(['imes-sports-0001']);
    const nothing = await call({ method: 'DELETE', url: '/wps/relay/MCSFE_removeFavoriteGameV2', token });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject(expectedError('validation.failed'));
  });

  it('keeps each member to their own list and refuses unknown or mismatched games', async () => {
    const a = await signIn();
    const b = await signIn();
    okValue(await add(a.token, { nodeId: 'pg-rng-0003', vendor: 'PG', gameType: 'RNG' }));
    expect(await ids(b.token)).toEqual([]);
    for (const payload of [
      { nodeId: 'no-such-game', vendor: 'PG', gameType: 'RNG' },
      { nodeId: 'pg-rng-0003', vendor: 'JILI', gameType: 'RNG' },
      { nodeId: 'pg-rng-0003', vendor: 'PG', gameType: 'LIVE' },
    ]) {
      const res = await add(b.token, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(expectedError('not.found'));
    }
    const bad = await add(b.token, { nodeId: '', vendor: 'PG', gameType: 'RNG' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GCS_recentGame', () => {
  it('needs a session and lists the games played, most recent first', async () => {
    expect((await call({ url: '/wps/relay/GCS_recentGame' })).statusCode).toBe(401);
    const { id, token } = await signIn();
    const catalogue = t.app.services.catalogue;
    expect(okValue(await call({ url: '/wps/relay/GCS_recentGame?clientType=3', token }))).toEqual({
      list: [],
      totalPages: 0,
      totalCount: 0,
      pageNo: 1,
    });
    for (const nodeId of ['pg-rng-0001', 'jili-rng-0001', 'evo-live-0001', 'pg-rng-0002']) {
      clock.advance(60_000);
      await catalogue.recordPlay(id, nodeId);
    }
    clock.advance(60_000);
    await catalogue.recordPlay(id, 'jili-rng-0001');
    type Recent = {
      list: (Game & { lastPlayedAt: number })[];
      totalPages: number;
      totalCount: number;
      pageNo: number;
    };
    const all = okValue<Recent>(
      await call({ url: '/wps/relay/GCS_recentGame?clientType=3&pageSize=15', token }),
    );
    expect(all.list.map((g) => g.nodeId)).toEqual([
      'jili-rng-0001',
      'pg-rng-0002',
      'evo-live-0001',
      'pg-rng-0001',
    ]);
    expect(all.list[0]?.lastPlayedAt).toBe(clock.now().getTime());
    expect(all).toMatchObject({ totalPages: 1, totalCount: 4, pageNo: 1 });
    const pg = okValue<Recent>(await call({ url: '/wps/relay/GCS_recentGame?vassalage=PG', token }));
    expect(pg.list.map((g) => g.nodeId)).toEqual(['pg-rng-0002', 'pg-rng-0001']);
    const second = okValue<Recent>(
      await call({ url: '/wps/relay/GCS_recentGame?pageSize=3&pageNo=2', token }),
    );
    expect(second).toMatchObject({ pageNo: 2, totalPages: 2 });
    expect(second.list.map((g) => g.nodeId)).toEqual(['pg-rng-0001']);
    await expect(catalogue.recordPlay(id, 'no-such-game')).rejects.toMatchObject({ code: 'not.found' });
  });
});

describe('module switches', () => {
  it('answers function.not.available when a module is off', async () => {
    const { token } = await signIn();
    const cases = [
      ['GAMELO3', '/wps/relay/GCSGAME_gameList'],
      ['GAMELOHOT3', '/wps/relay/GCSGAME_hotGamesV2'],
      ['GAMELOFAV3', '/wps/relay/MCSFE_getFavoriteGames'],
      ['GAMELOFAV3', '/wps/relay/MCSFE_getFavoriteGamesList'],
      ['GAMELOREC3', '/wps/relay/GCS_recentGame'],
    ] as const;
    for (const [modId, url] of cases) {
      await setModule(t.app, 'khelabd', modId, false);
      try {
        const res = await call({ url, token });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject(expectedError('function.not.available'));
        // The other merchant keeps it.
        const other = await t.app.inject({ url, headers: { merchant: 'khelain' } });
        expect(other.statusCode === 200 || other.statusCode === 401, url).toBe(true);
      } finally {
        await setModule(t.app, 'khelabd', modId, true);
      }
    }
    // Turning the game lobby off turns its children (hot, favourites, recent) off.
    await setModule(t.app, 'khelabd', 'GAMELO3', false);
    try {
      expect((await call({ url: '/wps/relay/GCSGAME_hotGamesV2' })).statusCode).toBe(403);
    } finally {
      await setModule(t.app, 'khelabd', 'GAMELO3', true);
    }
    expect((await call({ url: '/wps/relay/GCSGAME_hotGamesV2' })).statusCode).toBe(200);
    // The vendor list and the winner board follow the common module.
    await setModule(t.app, 'khelabd', 'COMM3', false);
    try {
      for (const url of ['/wps/relay/GCSGAME_newGameVendor', '/wps/relay/ODSFE2_getWinnerBoard']) {
        const res = await call({ url });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject(expectedError('function.not.available'));
      }
    } finally {
      await setModule(t.app, 'khelabd', 'COMM3', true);
    }
    expect((await call({ url: '/wps/relay/GCSGAME_newGameVendor' })).statusCode).toBe(200);
  });
});
