import { describe, expect, it } from 'vitest';
import { commitmentOf, DEFAULT_JACKPOT_ODDS, spin, themeFor, verifyRound } from './index';

const SERVER = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const game = { nodeId: 'pg-rng-0007', name: 'Mystic Lotus' };

const play = (nonce: number) =>
  spin({
    serverSeed: SERVER,
    clientSeed: 'my-seed',
    nonce,
    theme: themeFor(game),
    betMinor: 500,
    state: null,
  });

describe('verifyRound', () => {
  it('confirms a true round and its commitment', () => {
    const r = play(3);
    const v = verifyRound({
      serverSeed: SERVER,
      serverSeedHash: commitmentOf(SERVER),
      clientSeed: 'my-seed',
      nonce: 3,
      theme: game,
      betMinor: 500,
      state: null,
      jackpotOdds: DEFAULT_JACKPOT_ODDS,
      recorded: {
        stops: r.stops,
        winMinor: r.winMinor,
        jackpotHit: r.jackpotHit,
        freeSpinsAwarded: r.freeSpinsAwarded,
        freeSpinsRemaining: r.freeSpinsRemaining,
      },
    });
    expect(v).toMatchObject({
      ok: true,
      commitmentOk: true,
      outcomeOk: true,
      mismatches: [],
      missing: [],
      error: null,
    });
    expect(v.result).toEqual(r);
  });

  it('verifies a free spin from its state', () => {
    const theme = themeFor(game);
    const state = {
      freeSpinsRemaining: 4,
      freeSpinsPlayed: 6,
      multiplier: theme.paytable.freeSpinMultiplier,
      betMinor: 500,
      featureWinMinor: 1234,
    };
    const r = spin({ serverSeed: SERVER, clientSeed: 'my-seed', nonce: 9, theme, betMinor: 500, state });
    const v = verifyRound({
      serverSeed: SERVER,
      serverSeedHash: commitmentOf(SERVER).toUpperCase(),
      clientSeed: 'my-seed',
      nonce: 9,
      theme: game,
      betMinor: 500,
      state,
      jackpotOdds: DEFAULT_JACKPOT_ODDS,
      recorded: {
        stops: r.stops,
        winMinor: r.winMinor,
        jackpotHit: r.jackpotHit,
        freeSpinsRemaining: r.freeSpinsRemaining,
      },
    });
    expect(v.ok).toBe(true);
    expect(v.result?.kind).toBe('free');
  });

  it('catches a changed outcome, a wrong nonce and a seed that does not match its commitment', () => {
    const r = play(3);
    const base = {
      serverSeed: SERVER,
      serverSeedHash: commitmentOf(SERVER),
      clientSeed: 'my-seed',
      nonce: 3,
      theme: game,
      betMinor: 500,
      state: null,
      jackpotOdds: DEFAULT_JACKPOT_ODDS,
    };
    const record = { stops: r.stops, winMinor: r.winMinor, jackpotHit: r.jackpotHit };
    const tampered = verifyRound({
      ...base,
      recorded: { ...record, stops: r.stops.map((s, i) => (i === 2 ? s + 1 : s)) },
    });
    expect(tampered).toMatchObject({
      ok: false,
      commitmentOk: true,
      outcomeOk: false,
      mismatches: ['stops'],
      missing: [],
    });
    const richer = verifyRound({ ...base, recorded: { ...record, winMinor: r.winMinor + 20 } });
    expect(richer.mismatches).toEqual(['winMinor']);
    const jackpot = verifyRound({ ...base, recorded: { ...record, jackpotHit: !r.jackpotHit } });
    expect(jackpot.mismatches).toEqual(['jackpotHit']);
    const wrongNonce = verifyRound({ ...base, nonce: 4, recorded: record });
    expect(wrongNonce.outcomeOk).toBe(false);
    const otherSeed = `${SERVER.slice(0, 63)}9`;
    const swapped = verifyRound({ ...base, serverSeed: otherSeed, recorded: record });
    expect(swapped).toMatchObject({ commitmentOk: false, ok: false });
  });

  it('answers bad inputs without throwing', () => {
    const v = verifyRound({
      serverSeed: 'not-a-seed',
      serverSeedHash: 'x',
      clientSeed: 'my-seed',
      nonce: 0,
      theme: game,
      betMinor: 500,
      state: null,
      jackpotOdds: DEFAULT_JACKPOT_ODDS,
      recorded: {},
    });
    expect(v).toMatchObject({ ok: false, commitmentOk: false, result: null });
    expect(v.error).toMatch(/server seed/);
    const badBet = verifyRound({
      serverSeed: SERVER,
      serverSeedHash: commitmentOf(SERVER),
      clientSeed: 'my-seed',
      nonce: 0,
      theme: game,
      betMinor: 7,
      state: null,
      jackpotOdds: DEFAULT_JACKPOT_ODDS,
      recorded: {},
    });
    expect(badBet).toMatchObject({ ok: false, commitmentOk: true, result: null });
  });
});

describe('verifyRound is strict', () => {
  const base = {
    serverSeed: SERVER,
    serverSeedHash: commitmentOf(SERVER),
    clientSeed: 'my-seed',
    theme: game,
    betMinor: 500,
    state: null,
  };
  it("verifies a jackpot at non-default odds only with the round's own odds", () => {
    // odds of 1 in 3: find a round that hit the jackpot
    let nonce = 0;
    let r = spin({ ...base, nonce, theme: themeFor(game), jackpotOdds: 3 });
    while (!r.jackpotHit) r = spin({ ...base, nonce: ++nonce, theme: themeFor(game), jackpotOdds: 3 });
    const recorded = { stops: r.stops, winMinor: r.winMinor, jackpotHit: true };
    expect(verifyRound({ ...base, nonce, jackpotOdds: 3, recorded })).toMatchObject({
      ok: true,
      missing: [],
    });
    // with the default odds the same record does not verify, and without odds it is incomplete
    expect(verifyRound({ ...base, nonce, jackpotOdds: DEFAULT_JACKPOT_ODDS, recorded }).mismatches).toEqual([
      'jackpotHit',
    ]);
    const noOdds = verifyRound({ ...base, nonce, recorded } as unknown as Parameters<typeof verifyRound>[0]);
    expect(noOdds).toMatchObject({ ok: false, outcomeOk: false, missing: ['jackpotOdds'] });
  });
  it('never counts blank recorded fields as a match: the seeds alone are not "fair"', () => {
    const seedsOnly = verifyRound({ ...base, nonce: 1, jackpotOdds: DEFAULT_JACKPOT_ODDS, recorded: {} });
    expect(seedsOnly).toMatchObject({
      ok: false,
      commitmentOk: true,
      outcomeOk: false,
      mismatches: [],
      missing: ['stops', 'winMinor', 'jackpotHit'],
    });
    const r = spin({ ...base, nonce: 1, theme: themeFor(game), jackpotOdds: DEFAULT_JACKPOT_ODDS });
    const blanks = verifyRound({
      ...base,
      nonce: 1,
      jackpotOdds: DEFAULT_JACKPOT_ODDS,
      recorded: { stops: r.stops, winMinor: '' as unknown as number, jackpotHit: null as unknown as boolean },
    });
    expect(blanks).toMatchObject({ ok: false, missing: ['winMinor', 'jackpotHit'] });
    const noRecord = verifyRound({
      ...base,
      nonce: 1,
      jackpotOdds: DEFAULT_JACKPOT_ODDS,
      recorded: null as unknown as Record<string, never>,
    });
    expect(noRecord.ok).toBe(false);
  });
});

describe('browser safety', () => {
  it('imports nothing but its own files and @noble/hashes at run time', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('.', import.meta.url);
    // every source file, subfolders included (originals/, fishing/, slots/ …)
    const sources = (readdirSync(dir, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    expect(sources).toContain('index.ts');
    for (const file of sources) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const imports = [...text.matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)].map(
        (m) => m[1] as string,
      );
      for (const spec of imports)
        expect(spec, `${file} imports ${spec}`).toMatch(/^(\.\/|\.\.\/|@noble\/hashes\/)/);
      expect(text, file).not.toMatch(/\bprocess\.|\bBuffer\b|Math\.random/);
    }
  });
});
