import { describe, expect, it } from 'vitest';
import { generateCatalogueRngGames } from '../../../../tools/rtp-catalogue';
import { commitmentOf } from '../rng';
import {
  PALETTES,
  SLOT_ENGINES,
  slotLookFor,
  spinCluster,
  spinHoldWin,
  spinMegaways,
  verifySlotRound,
} from './index';

const SEED = '91'.repeat(32);

describe('slot looks', () => {
  it('follows the name and classify, is stable, and spreads the catalogue over engines, families and palettes', () => {
    expect(slotLookFor({ nodeId: 'x-1', name: 'Gates of Olympus Megaways' }).engine).toBe('megaways');
    expect(slotLookFor({ nodeId: 'x-2', name: 'Sweet Candy Rush' }).engine).toBe('cluster');
    expect(slotLookFor({ nodeId: 'x-3', name: 'Dragon Link' }).engine).toBe('holdwin');
    expect(slotLookFor({ nodeId: 'x-4', name: 'Lucky Star', classify: 'megaways' }).engine).toBe('megaways');
    expect(slotLookFor({ nodeId: 'x-5', name: 'Golden Dragon' })).toEqual(
      slotLookFor({ nodeId: 'x-5', name: 'Golden Dragon' }),
    );
    const games = generateCatalogueRngGames();
    const engines = new Map<string, number>();
    const looks = new Set<string>();
    const colours = new Set<string>();
    for (const g of games) {
      const look = slotLookFor(g);
      engines.set(look.engine, (engines.get(look.engine) ?? 0) + 1);
      looks.add(look.lookKey);
      colours.add(`${look.lookKey}|${look.colors.background}|${look.colors.accent}`);
    }
    for (const e of SLOT_ENGINES) expect(engines.get(e) ?? 0).toBeGreaterThan(games.length / 20);
    expect(looks.size).toBeGreaterThan(300); // 4 engines × 8 families × 12 palettes = 384 art sets
    expect(colours.size).toBeGreaterThan(games.length * 0.9);
    expect(PALETTES).toHaveLength(12);
  });
});

describe('slot verification', () => {
  const base = { serverSeed: SEED, clientSeed: 'v', nonce: 5, betMinor: 200, volatility: 'high' as const };
  const revealed = { ...base, serverSeedHash: commitmentOf(SEED) };
  it('confirms a true round of each engine and refuses a missing or changed field', () => {
    const cluster = spinCluster(base);
    expect(
      verifySlotRound({
        ...revealed,
        game: 'cluster',
        recorded: { cells: cluster.cells, payoutMinor: cluster.payoutMinor },
      }),
    ).toMatchObject({ ok: true });
    expect(
      verifySlotRound({ ...revealed, game: 'cluster', recorded: { payoutMinor: cluster.payoutMinor } }),
    ).toMatchObject({ ok: false, missing: ['cells'] });
    const hold = spinHoldWin(base);
    const holdRecord = { stops: hold.stops, cash: hold.cash, held: hold.held, payoutMinor: hold.payoutMinor };
    expect(verifySlotRound({ ...revealed, game: 'holdwin', recorded: holdRecord })).toMatchObject({
      ok: true,
    });
    expect(
      verifySlotRound({
        ...revealed,
        game: 'holdwin',
        recorded: { ...holdRecord, payoutMinor: hold.payoutMinor + 10 },
      }),
    ).toMatchObject({ ok: false, mismatches: ['payoutMinor'] });
    const mw = spinMegaways(base);
    const mwRecord = { heights: mw.heights, stops: mw.stops, payoutMinor: mw.payoutMinor };
    expect(verifySlotRound({ ...revealed, game: 'megaways', recorded: mwRecord })).toMatchObject({
      ok: true,
    });
    expect(
      verifySlotRound({ ...revealed, game: 'megaways', recorded: { ...mwRecord, stops: '' } }),
    ).toMatchObject({ ok: false, missing: ['stops'] });
    expect(verifySlotRound({ ...revealed, nonce: 6, game: 'megaways', recorded: mwRecord }).ok).toBe(false);
    expect(
      verifySlotRound({
        ...revealed,
        serverSeedHash: commitmentOf('92'.repeat(32)),
        game: 'megaways',
        recorded: mwRecord,
      }),
    ).toMatchObject({ ok: false, commitmentOk: false, outcomeOk: true });
    expect(verifySlotRound({ ...revealed, betMinor: 7, game: 'megaways', recorded: mwRecord })).toMatchObject(
      { ok: false, result: null },
    );
  });
});
