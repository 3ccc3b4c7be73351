import { describe, expect, it } from 'vitest';
import { commitmentOf, spin, themeFor, verifyRound } from './index';

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
      recorded: {
        stops: r.stops,
        winMinor: r.winMinor,
        jackpotHit: r.jackpotHit,
        freeSpinsAwarded: r.freeSpinsAwarded,
        freeSpinsRemaining: r.freeSpinsRemaining,
      },
    });
    expect(v).toMatchObject({ ok: true, commitmentOk: true, outcomeOk: true, mismatches: [], error: null });
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
      recorded: { stops: r.stops, winMinor: r.winMinor, freeSpinsRemaining: r.freeSpinsRemaining },
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
    };
    const tampered = verifyRound({
      ...base,
      recorded: { stops: r.stops.map((s, i) => (i === 2 ? s + 1 : s)) },
    });
    expect(tampered).toMatchObject({
      ok: false,
      commitmentOk: true,
      outcomeOk: false,
      mismatches: ['stops'],
    });
    const richer = verifyRound({ ...base, recorded: { winMinor: r.winMinor + 20 } });
    expect(richer.mismatches).toEqual(['winMinor']);
    const jackpot = verifyRound({ ...base, recorded: { jackpotHit: !r.jackpotHit } });
    expect(jackpot.mismatches).toEqual(['jackpotHit']);
    const wrongNonce = verifyRound({ ...base, nonce: 4, recorded: { stops: r.stops, winMinor: r.winMinor } });
    expect(wrongNonce.outcomeOk).toBe(false);
    const otherSeed = `${SERVER.slice(0, 63)}9`;
    const swapped = verifyRound({ ...base, serverSeed: otherSeed, recorded: {} });
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
      recorded: {},
    });
    expect(badBet).toMatchObject({ ok: false, commitmentOk: true, result: null });
  });
});

describe('browser safety', () => {
  it('imports nothing but its own files and @noble/hashes at run time', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources).toContain('index.ts');
    for (const file of sources) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const imports = [...text.matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)].map(
        (m) => m[1] as string,
      );
      for (const spec of imports) expect(spec, `${file} imports ${spec}`).toMatch(/^(\.\/|@noble\/hashes\/)/);
      expect(text, file).not.toMatch(/\bprocess\.|\bBuffer\b|Math\.random/);
    }
  });
});
