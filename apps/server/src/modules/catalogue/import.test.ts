import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Game } from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { applyFeed, csvRows, parseCsvFeed, parseFeed, parseJsonFeed } from './import';
import { IMPORT_HELP, runImportCli } from './import-cli';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => join(fixtures, name);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** Runs the command against the test database; answers its status and what it printed. */
const cli = async (...args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runImportCli(args, {
    env: { DATABASE_URL: 'postgres://test.invalid/unused' },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    // The command closes the database it opened: hand it a handle whose close leaves the test's open.
    open: async () => ({ ...t.database, close: async () => {} }),
  });
  return { status, out: out.join('\n'), err: err.join('\n') };
};

const countRows = async () => {
  const [vendors, games, classifies] = await Promise.all([
    t.db
      .selectFrom('vendor')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('game')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('game_classify')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { vendors: Number(vendors.n), games: Number(games.n), classifies: Number(classifies.n) };
};

const version = async () =>
  (await t.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version;

const gameList = async (query: string) => {
  await t.app.services.catalogue.refresh();
  const res = await t.app.inject({
    url: `/wps/relay/GCSGAME_gameList?${query}`,
    headers: { language: 'en' },
  });
  return res.json().value as { games: Game[]; totalCount: number };
};

describe('feed parsing', () => {
  it('reads CSV with quotes, doubled quotes, line breaks inside quotes and CRLF', () => {
    const rows = csvRows('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
    ]);
  });

  it('knows the line of every JSON row', async () => {
    const feed = parseJsonFeed(await readFile(fixture('bad.json'), 'utf8'));
    expect(feed.vendors.map((v) => v.line)).toEqual([3, 4, 5, 6]);
    expect(feed.games.map((g) => g.line)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    expect(parseJsonFeed('{"games":[1,\n2,\n{"a":[1,2]}]}').games.map((g) => g.line)).toEqual([1, 2, 3]);
  });

  it('refuses a feed it cannot read as a whole', async () => {
    expect(parseJsonFeed(await readFile(fixture('broken.json'), 'utf8'))).toMatchObject({ fatal: true });
    expect(parseJsonFeed('[1, 2]')).toMatchObject({ fatal: true });
    expect(parseCsvFeed('code,name\nPG,PG Soft\n')).toMatchObject({ fatal: true });
    expect(parseFeed('{"extra": 1}', 'json').problems[0]?.message).toContain('extra');
  });
});

describe('npm run catalogue:import', () => {
  it('explains itself, the PGlite single-process rule included', async () => {
    const help = await cli('--help');
    expect(help.status).toBe(0);
    expect(help.out).toBe(IMPORT_HELP);
    expect(IMPORT_HELP).toContain('STOP THE SERVER');
    expect(IMPORT_HELP).toContain('DATABASE_URL');
    expect((await cli()).status).toBe(1);
    expect((await cli(fixture('good.json'), '--format', 'xml')).status).toBe(1);
    expect((await cli(join(fixtures, 'missing.json'))).err).toContain('Cannot read');
  });

  it('imports a good JSON feed, reports the changes, and finds nothing to do the second time', async () => {
    const before = await countRows();
    const startVersion = await version();
    const dry = await cli('--dry-run', fixture('good.json'));
    expect(dry.status).toBe(0);
    expect(dry.out).toContain('Dry run');
    expect(await countRows()).toEqual(before);

    const first = await cli(fixture('good.json'));
    expect(first.status, first.err).toBe(0);
    expect(first.out).toContain('classify   created 1, updated 0, unchanged 0');
    expect(first.out).toContain('vendors    created 1, updated 1, unchanged 0');
    expect(first.out).toContain('games      created 3, updated 1, unchanged 0');
    expect(await countRows()).toEqual({
      vendors: before.vendors + 1,
      games: before.games + 3,
      classifies: before.classifies + 1,
    });
    expect(await version()).toBe(startVersion + 1);

    const second = await cli(fixture('good.json'));
    expect(second.status).toBe(0);
    expect(second.out).toContain('games      created 0, updated 0, unchanged 4');
    expect(second.out).toContain('vendors    created 0, updated 0, unchanged 2');
    expect(await version()).toBe(startVersion + 1);

    // The servers' catalogue follows: new vendor and games, the renamed game, accents folded.
    const sky = await gameList('vassalage=SKYWIN&pageSize=100');
    expect(sky.games.map((g) => g.nodeId).sort()).toEqual(['skywin-1001', 'skywin-1002']);
    expect(sky.games.find((g) => g.nodeId === 'skywin-1001')).toMatchObject({
      showIcon: 'https://cdn.example.com/games/skywin-1001.png',
      gameClassify: ['crash', 'arcade'],
      isNew: true,
      minBet: '0.1',
    });
    expect((await gameList('gameName=creme%20brulee')).games.map((g) => g.nodeId)).toEqual(['skywin-1002']);
    const renamed = await gameList('gameName=mahjong%20ways%20deluxe');
    expect(renamed.games[0]).toMatchObject({ nodeId: 'pg-rng-0001', minBet: '0.5', minLineNum: 1024 });
    expect((await gameList('gameName=monsoon')).totalCount).toBe(0);
    const vendors = await t.app.inject({ url: '/wps/relay/GCSGAME_newGameVendor' });
    const body = vendors.json().value as {
      version: number;
      data: {
        lanes: {
          title: string;
          cards: { vassalage: string; displayName: string; lagerIcon: string | null }[];
        }[];
      };
    };
    expect(body.version).toBe(startVersion + 1);
    const rng = body.data.lanes.find((l) => l.title === 'RNG');
    expect(rng?.cards.find((c) => c.vassalage === 'SKYWIN')?.lagerIcon).toBe(
      'https://cdn.example.com/vendors/skywin.png',
    );
    // The stored generated logo of PG is kept: the feed named no logo for it.
    expect(rng?.cards.find((c) => c.vassalage === 'PG')).toMatchObject({ displayName: 'PG Soft Studio' });
    expect(rng?.cards.find((c) => c.vassalage === 'PG')?.lagerIcon).toMatch(/^\/media\/vendor-pg-/);
  });

  it('imports a good CSV feed', async () => {
    const run = await cli(fixture('good.csv'));
    expect(run.status, run.err).toBe(0);
    expect(run.out).toContain('games      created 2, updated 0, unchanged 0');
    const live = await gameList('vassalage=RIVERA');
    expect(live.games.map((g) => g.displayName).sort()).toEqual(["Hold'em Poker", 'Speed Baccarat, Table 1']);
    expect((await gameList('vassalage=RIVERA&gameClassify=poker')).totalCount).toBe(1);
    expect((await cli(fixture('good.csv'))).out).toContain('games      created 0, updated 0, unchanged 2');
  });

  it('skips bad rows of a JSON feed with their lines and writes the good ones', async () => {
    const before = await countRows();
    const run = await cli(fixture('bad.json'));
    expect(run.status).toBe(2);
    expect(run.out).toContain('vendors    created 1, updated 0, unchanged 0');
    expect(run.out).toContain('games      created 1, updated 0, unchanged 0');
    expect(run.out).toContain('skipped 10 row(s)');
    for (const expected of [
      'line 4 (vendor): code: letters, digits and _',
      'line 5 (vendor): gameType:',
      'line 6 (vendor): lane: only SPORTS vendors',
      'line 10 (game): no vendor NOSUCH of type FISH',
      'line 11 (game): minBet: a decimal with at most 2 places',
      'line 12 (game): nodeId goodv-1 appears twice in the feed',
      'line 13 (game): unknown classify tag(s): no_such_tag',
      'line 14 (game): displayName.en:',
      'line 15 (game): nodeId pg-rng-0002 is a game of PG RNG',
      'line 16 (game): iconUrl: an https address or a /media/ path',
    ]) {
      expect(run.out).toContain(expected);
    }
    expect(await countRows()).toEqual({ ...before, vendors: before.vendors + 1, games: before.games + 1 });
    expect((await gameList('vassalage=GOODV')).games.map((g) => g.nodeId)).toEqual(['goodv-1']);
    // The game the feed tried to move is untouched.
    expect((await gameList('vassalage=PG&pageSize=100')).games.map((g) => g.nodeId)).toContain('pg-rng-0002');
  });

  it('skips bad rows of a CSV feed with their lines', async () => {
    const run = await cli(fixture('bad.csv'));
    expect(run.status).toBe(2);
    expect(run.out).toContain('games      created 1, updated 0, unchanged 0');
    for (const expected of [
      'line 4 (game): displayName.en:',
      'line 5 (row): has 10 fields, the header 11',
      'line 6 (row): unknown record "wizard"',
      'line 7 (game): minBet:',
    ]) {
      expect(run.out).toContain(expected);
    }
  });

  it('writes nothing from a feed it cannot read, nor when the database refuses part of it', async () => {
    const before = await countRows();
    const startVersion = await version();
    const broken = await cli(fixture('broken.json'));
    expect(broken.status).toBe(1);
    expect(broken.err).toContain('not valid JSON');
    expect(await countRows()).toEqual(before);

    // A database failure half-way through the write (a trigger stands in for one) leaves
    // everything as it was: vendors and earlier games of the same run are rolled back too.
    await sql`
      CREATE FUNCTION refuse_game() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.node_id = 'explode-1' THEN RAISE EXCEPTION 'refused by test trigger'; END IF;
        RETURN NEW;
      END;
      $$;
      CREATE TRIGGER refuse_game BEFORE INSERT ON game FOR EACH ROW EXECUTE FUNCTION refuse_game();
    `.execute(t.db);
    const games = Array.from({ length: 1200 }, (_, i) => ({
      nodeId: i === 1100 ? 'explode-1' : `atomic-${i}`,
      gameId: String(i),
      vendor: 'ATOMIC',
      gameType: 'RNG',
      displayName: { en: `Atomic ${i}` },
      minBet: '0.1',
    }));
    const feed = parseJsonFeed(
      JSON.stringify({
        vendors: [{ code: 'ATOMIC', gameType: 'RNG', displayName: 'Atomic', accountTypeId: 900 }],
        games,
      }),
    );
    await expect(applyFeed(t.db, feed)).rejects.toThrow(/refused by test trigger/);
    await sql`DROP TRIGGER refuse_game ON game; DROP FUNCTION refuse_game();`.execute(t.db);
    expect(await countRows()).toEqual(before);
    expect(await version()).toBe(startVersion);
  });
});
