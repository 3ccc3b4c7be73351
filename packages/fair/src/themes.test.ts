import { describe, expect, it } from 'vitest';
import { generateCatalogueRngGames } from '../../../tools/rtp-catalogue';
import { SYMBOL_FAMILIES, themeFor } from './index';

describe('themes', () => {
  it('are a pure function of node id and name', () => {
    const a = themeFor({ nodeId: 'jili-rng-0001', name: 'Golden Dragon' });
    const b = themeFor({ nodeId: 'jili-rng-0001', name: 'Golden Dragon' });
    expect(b).toEqual(a);
    expect(b.paytable).toBe(a.paytable); // cached by key
    const other = themeFor({ nodeId: 'jili-rng-0002', name: 'Golden Dragon' });
    expect(other.family).toBe('asian');
    expect(other.colors).not.toEqual(a.colors);
  });

  it('read the family, layout and volatility from the name where it says so', () => {
    expect(themeFor({ nodeId: 'x-1', name: 'Golden Dragon Megaways' })).toMatchObject({
      family: 'asian',
      layout: 'ways',
      volatility: 'high',
    });
    expect(themeFor({ nodeId: 'x-2', name: 'Happy Cherry' })).toMatchObject({
      family: 'fruits',
      volatility: 'low',
    });
    expect(themeFor({ nodeId: 'x-3', name: 'Ancient Pharaoh' }).family).toBe('egypt');
    expect(themeFor({ nodeId: 'x-4', name: 'Lucky Pirate' }).family).toBe('ocean');
    expect(themeFor({ nodeId: 'x-5', name: 'Cosmic Rocket Blitz' })).toMatchObject({
      family: 'space',
      volatility: 'high',
    });
    expect(themeFor({ nodeId: 'x-6', name: 'Diwali Lines' })).toMatchObject({
      family: 'festival',
      layout: 'lines',
    });
    // Right-most word wins: "Golden" (gems) loses to "Tiger" (asian).
    expect(themeFor({ nodeId: 'x-7', name: 'Golden Tiger' }).family).toBe('asian');
  });

  it('give well-formed symbols and colours', () => {
    for (const family of SYMBOL_FAMILIES) {
      const name = {
        fruits: 'Cherry',
        gems: 'Gems',
        jungle: 'Lion',
        egypt: 'Pharaoh',
        asian: 'Panda',
        ocean: 'Pirate',
        space: 'Galaxy',
        festival: 'Holi',
      }[family];
      const t = themeFor({ nodeId: `f-${family}`, name });
      expect(t.family).toBe(family);
      expect(t.symbols.map((s) => s.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(t.symbols.map((s) => s.kind)).toEqual([
        'wild',
        'scatter',
        'high',
        'high',
        'high',
        'high',
        'low',
        'low',
        'low',
        'low',
      ]);
      expect(new Set(t.symbols.map((s) => s.glyph)).size).toBe(10);
      for (const s of t.symbols) expect(s.color).toMatch(/^#[0-9a-f]{6}$/);
      for (const c of Object.values(t.colors)) expect(c).toMatch(/^#[0-9a-f]{6}$/);
      expect(t.jackpotGlyph.length).toBeGreaterThan(0);
    }
  });

  it('spread the catalogue over every layout, volatility and family', () => {
    const games = generateCatalogueRngGames();
    const keys = new Map<string, number>();
    for (const g of games) {
      const key = themeFor(g).paytable.key;
      keys.set(key, (keys.get(key) ?? 0) + 1);
    }
    expect(keys.size).toBe(48);
    const layouts = (l: string) => [...keys].filter(([k]) => k.startsWith(l)).reduce((s, [, n]) => s + n, 0);
    expect(layouts('ways-')).toBeGreaterThan(games.length * 0.25);
    expect(layouts('lines-')).toBeGreaterThan(games.length * 0.4);
  });
});

describe('paytable sharing', () => {
  it('freezes the shared paytable so one game cannot change another', () => {
    const t = themeFor({ nodeId: 'jili-rng-0009', name: 'Lucky Cherry' });
    expect(Object.isFrozen(t.paytable)).toBe(true);
    expect(() => {
      (t.paytable.pays[2] as number[])[3] = 999;
    }).toThrow(TypeError);
    expect(() => {
      (t.paytable.reels[1] as number[]).push(0);
    }).toThrow(TypeError);
  });
});
