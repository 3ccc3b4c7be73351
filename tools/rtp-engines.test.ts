import { describe, expect, it, vi } from 'vitest';
import { FISH_SPECIES } from '../packages/fair/src/fishing/index';
import { printEngineRtps } from './rtp-engines';

describe('npm run rtp: the originals, fishing and slot engines', () => {
  it('prints every mode with its exact RTP, all inside their bands', () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((text: string) => void lines.push(text));
    const ok = printEngineRtps();
    log.mockRestore();
    expect(ok).toBe(true);
    const rows = lines.filter((l) => l.includes('  |  '));
    // 2 dice + limbo + crash + 27 plinko + 24 mines + 15 wheel + 5 tower; fishing; 9 slot tables
    expect(rows.filter((l) => l.startsWith('original '))).toHaveLength(2 + 2 + 27 + 24 + 15 + 5);
    expect(rows.filter((l) => l.startsWith('fishing '))).toHaveLength(FISH_SPECIES.length);
    expect(rows.filter((l) => l.startsWith('slot '))).toHaveLength(9);
    // Scratch cards are exact and banded; video poker's optimal-strategy RTP is a stated figure (ADR 049).
    expect(rows.filter((l) => l.startsWith('scratch '))).toHaveLength(1);
    const stated = rows.filter((l) => l.startsWith('video poker '));
    expect(stated).toHaveLength(1);
    expect(stated[0]).toMatch(/stated$/);
    expect(rows.filter((l) => !l.startsWith('video poker ')).every((l) => l.endsWith('in band'))).toBe(true);
    expect(lines.at(-1)).toBe('\nEngines: 0 mode(s) outside their band.');
  }, 120_000);
});
