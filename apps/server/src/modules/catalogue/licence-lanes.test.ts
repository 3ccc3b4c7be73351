import { GAME_TYPES, type GameType } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { bo, staffLogin } from '../staff/test-support';

/**
 * A merchant's licence profile (ADR 045) decides the verticals its members may play; the catalogue
 * leaves the others out of every list it serves (navigation lanes, the vendors by type, game lists,
 * hot games), so the site never offers what the server would refuse. Another merchant keeps its own.
 */
const clock = createClock(new Date());
let t: TestApp;
let risk: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  risk = await staffLogin(t.app, clock, 'risk');
});

afterAll(async () => {
  await t?.close();
});

const saveAllowed = async (merchant: string, allowedProducts: readonly GameType[]) => {
  const current = await bo(t.app, risk, {
    method: 'GET',
    url: `/bo/api/protection/profile?merchant=${merchant}`,
  });
  expect(current.statusCode, current.body).toBe(200);
  const { merchant: _m, version, savedAt: _a, savedBy: _b, ...profile } = current.json().value;
  const saved = await bo(t.app, risk, {
    method: 'PUT',
    url: '/bo/api/protection/profile',
    payload: { ...profile, allowedProducts, merchant, baseVersion: version },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // A node remembers a profile for at most a second.
  clock.advance(1_100);
};

const get = async (url: string, merchant: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { merchant } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};

const laneTitles = async (merchant: string) =>
  ((await get('/wps/relay/GCSGAME_newGameVendor', merchant)).data.lanes as { title: string }[]).map(
    (l) => l.title,
  );

const listedTypes = async (merchant: string, query = '') => {
  const page = await get(`/wps/relay/GCSGAME_gameList?pageNo=1&pageSize=200${query}`, merchant);
  return {
    total: page.totalCount as number,
    types: new Set((page.games as { gameType: string }[]).map((g) => g.gameType)),
  };
};

describe('the licence profile decides what the catalogue offers', () => {
  it('leaves a disallowed vertical out of lanes, lists and hot games; another merchant keeps it', async () => {
    const before = await laneTitles('khelabd');
    expect(before).toEqual(expect.arrayContaining(['RNG', 'LIVE']));
    const slots = await listedTypes('khelabd', '&gameType=RNG');
    expect(slots.total).toBeGreaterThan(0);
    const hotBefore = (await get('/wps/relay/GCSGAME_hotGamesV2', 'khelabd')).list as unknown[];
    expect(hotBefore.length).toBeGreaterThan(0);

    await saveAllowed(
      'khelabd',
      GAME_TYPES.filter((g) => g !== 'RNG' && g !== 'LIVE'),
    );

    const after = await laneTitles('khelabd');
    expect(after).not.toContain('RNG');
    expect(after).not.toContain('LIVE');
    // Only those two went.
    expect(after).toEqual(before.filter((title) => title !== 'RNG' && title !== 'LIVE'));
    expect((await listedTypes('khelabd', '&gameType=RNG')).total).toBe(0);
    expect((await listedTypes('khelabd', '&gameType=LIVE')).total).toBe(0);
    const everything = await listedTypes('khelabd');
    expect(everything.total).toBeGreaterThan(0);
    expect(everything.types.has('RNG')).toBe(false);
    const hotAfter = (await get('/wps/relay/GCSGAME_hotGamesV2', 'khelabd')).list as { gameType: string }[];
    const hotTypes = (list: unknown[]) => (list as { gameType: string }[]).map((g) => g.gameType);
    expect(hotTypes(hotBefore)).toContain('RNG');
    expect(hotAfter).toHaveLength(hotTypes(hotBefore).filter((g) => g !== 'RNG' && g !== 'LIVE').length);
    expect(hotTypes(hotAfter)).not.toContain('RNG');
    expect(hotTypes(hotAfter)).not.toContain('LIVE');

    // The Indian brand's licence is its own: it still offers both.
    expect(await laneTitles('khelain')).toEqual(expect.arrayContaining(['RNG', 'LIVE']));
    expect((await listedTypes('khelain', '&gameType=RNG')).total).toBe(slots.total);

    // Allowed again: back in the lists at once (after a node's second of memory).
    await saveAllowed('khelabd', GAME_TYPES);
    expect(await laneTitles('khelabd')).toEqual(before);
    expect((await listedTypes('khelabd', '&gameType=RNG')).total).toBe(slots.total);
  });
});
