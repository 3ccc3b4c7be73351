import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app';
import { insertMember, insertSession, revokeMemberSessions } from '../src/modules/identity/test-support';
import { hashSessionToken, newSessionToken } from '../src/shared/tokens';
import { createClock, createTestDatabase, expectedError, setModule, type TestDatabase } from './helpers';

/**
 * The hot answers (ADR 018, http/route.ts `memo` and `quietLog`): the permission call and the game
 * list answer a repeated call from memory, before validation and the handler, yet every gate still
 * runs; and they write no per-request log lines, while errors are still logged.
 */
const clock = createClock('2026-03-01T08:00:00Z');
let database: TestDatabase;
let app: App;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await createTestDatabase('demo');
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({
    config: { LOG_LEVEL: 'info', KHELA_MODE: 'demo', TRUST_PROXY: undefined, BLOCKED_COUNTRIES: undefined },
    database,
    logger: { level: 'info', stream: sink },
    now: clock.now,
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const LIST = '/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=dragon&gameClassify=video_slot&pageNo=1';
const STATUS = '/wps/system/status?url=localhost';

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

let members = 0;
const signIn = async () => {
  members += 1;
  const member = await insertMember(database.db, {
    merchantCode: 'khelabd',
    username: `hot${String(members).padStart(4, '0')}`,
    mobile: null,
    email: null,
    passwordHash: null,
    type: 0,
    uplineId: null,
    nickname: 'player',
    now: clock.now(),
    lastLoginAt: clock.now(),
  });
  const token = newSessionToken();
  await insertSession(database.db, {
    tokenHash: hashSessionToken(token),
    memberId: member.id,
    now: clock.now(),
    expiresAt: new Date(clock.now().getTime() + 24 * 60 * 60 * 1000),
    ip: null,
    userAgent: null,
  });
  return { id: member.id, token };
};

describe('a repeated call answered from memory', () => {
  it('sends the same bytes without building the game list again, per language', async () => {
    // The cached versions are checked every 2 s, and a call then takes the full path: a fixed
    // stamp keeps a slow machine from making this count flaky.
    vi.spyOn(app.services.catalogue, 'listStamp').mockReturnValue('fixed for the test');
    const build = vi.spyOn(app.services.catalogue, 'listGamesJson');
    const first = await get(LIST, { language: 'en' });
    expect(first.statusCode).toBe(200);
    expect(build).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) expect((await get(LIST, { language: 'en' })).body).toBe(first.body);
    expect(build).toHaveBeenCalledTimes(1);
    // Another language (header) is another answer; so is another query string.
    const bn = await get(LIST, { language: 'bn' });
    expect(bn.body).not.toBe(first.body);
    await get(`${LIST}&pageSize=15`, { language: 'en' });
    expect(build).toHaveBeenCalledTimes(3);
  });

  it('still runs the gates: maintenance, module switch and session', async () => {
    const site = app.services.site;
    expect((await get(LIST)).statusCode).toBe(200);
    expect((await get(LIST)).statusCode).toBe(200);

    await setModule(app, 'khelabd', 'GAMELO3', false);
    try {
      const off = await get(LIST);
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject(expectedError('function.not.available'));
    } finally {
      await setModule(app, 'khelabd', 'GAMELO3', true);
    }

    const maintenance = site.settingsOf('khelabd').maintenance;
    await site.updateSetting('khelabd', 'maintenance', { ...maintenance, enabled: true, endTime: null });
    try {
      expect((await get(LIST)).statusCode).toBe(503);
    } finally {
      await site.updateSetting('khelabd', 'maintenance', maintenance);
    }

    // A token that is sent must be live, however often the answer was sent before.
    const { id, token } = await signIn();
    const signedIn = await get(LIST, { authorization: token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe((await get(LIST)).body);
    await revokeMemberSessions(database.db, id, clock.now());
    const revoked = await get(LIST, { authorization: token });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject(expectedError('login.not.session'));
    expect((await get(LIST, { authorization: 'not-a-token' })).statusCode).toBe(401);
  });

  it('keeps refusing a bad query, and the merchant parameter of another merchant', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await get('/wps/relay/GCSGAME_gameList?minBet=0.33')).statusCode).toBe(400);
      expect((await get('/wps/relay/GCSGAME_gameList?merchant=khelain')).statusCode).toBe(400);
    }
    expect(
      (await get('/wps/relay/GCSGAME_gameList?merchant=khelain', { merchant: 'khelain' })).statusCode,
    ).toBe(200);
  });

  it("follows the settings a list depends on (a brand's esports lanes)", async () => {
    const site = app.services.site;
    const url = '/wps/relay/GCSGAME_gameList?gameType=ESPORTS&vassalage=SBO';
    const count = async () => (await get(url)).json<{ value: { totalCount: number } }>().value.totalCount;
    expect(await count()).toBe(0);
    expect(await count()).toBe(0);
    const brand = site.settingsOf('khelabd').brand;
    await site.updateSetting('khelabd', 'brand', { ...brand, esportGames: ['SBO'] });
    try {
      expect(await count()).toBe(1);
    } finally {
      await site.updateSetting('khelabd', 'brand', brand);
    }
    expect(await count()).toBe(0);
  });

  it('answers the permission call from memory per caller, until the settings or maintenance change', async () => {
    const site = app.services.site;
    const stamp = vi.spyOn(site, 'statusStamp').mockReturnValue(-1);
    const build = vi.spyOn(site, 'getStatusJson');
    const first = await get(STATUS, { language: 'en' });
    expect(first.statusCode).toBe(200);
    expect((await get(STATUS, { language: 'en' })).body).toBe(first.body);
    expect(build).toHaveBeenCalledTimes(1);
    const india = await get(STATUS, { merchant: 'khelain' });
    expect(india.json<{ value: { info: { merchant: { code: string } } } }>().value.info.merchant.code).toBe(
      'khelain',
    );
    expect(build).toHaveBeenCalledTimes(2);
    stamp.mockRestore();

    // Maintenance for an hour: the memory is not used across the switch, nor when it ends.
    const maintenance = site.settingsOf('khelabd').maintenance;
    await site.updateSetting('khelabd', 'maintenance', {
      ...maintenance,
      enabled: true,
      endTime: clock.now().getTime() + 60 * 60 * 1000,
    });
    try {
      const status = async () =>
        (await get(STATUS, { language: 'en' })).json<{ value: { status: number } }>();
      expect((await status()).value.status).toBe(1);
      expect((await status()).value.status).toBe(1);
      clock.advance(60 * 60 * 1000 + 1);
      expect((await status()).value.status).toBe(0);
    } finally {
      await site.updateSetting('khelabd', 'maintenance', maintenance);
    }
    expect((await get(STATUS, { language: 'en' })).json<{ value: { status: number } }>().value.status).toBe(
      0,
    );
  });
});

describe('request log lines', () => {
  /** The messages of the request lines of calls whose URL starts with `path`. */
  const requestLines = (path: string) => {
    const ids = new Set(
      lines
        .filter((l) => l.msg === 'incoming request' && (l.req as { url: string }).url.startsWith(path))
        .map((l) => l.reqId),
    );
    return lines.filter((l) => ids.has(l.reqId)).map((l) => l.msg);
  };

  it('are left out on the hot routes and kept on the others', async () => {
    await get(STATUS);
    await get(LIST);
    await get('/wps/system/whitelabel');
    expect(requestLines('/wps/system/status')).toEqual([]);
    expect(requestLines('/wps/relay/GCSGAME_gameList')).toEqual([]);
    expect(requestLines('/wps/system/whitelabel')).toEqual(['incoming request', 'request completed']);
  });

  it('still logs a failure of a hot route', async () => {
    vi.spyOn(app.services.site, 'getStatusJson').mockRejectedValueOnce(new Error('boom'));
    // A URL of its own, so the memory has no answer and the answer is built (and fails).
    const failed = await get(`${STATUS}&fail=1`);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject(expectedError('system.error'));
    const logged = lines.find((l) => l.msg === 'unhandled error');
    expect(logged).toMatchObject({ level: 50, err: { message: 'boom' } });
    expect(logged?.reqId).toEqual(expect.any(String));
  });
});
