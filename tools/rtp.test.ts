import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateCatalogueRngGames } from './rtp-catalogue';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('npm run rtp', () => {
  it('reports every RNG game of the demo catalogue inside 96 % ± 0.5 and exits 0', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/rtp.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const games = generateCatalogueRngGames();
    expect(games.length).toBeGreaterThan(9000);
    const lines = run.stdout.split('\n');
    // One line per game (node id, name, paytable, RTP), each in the band.
    const gameLines = lines.filter((line) => /^\S+\t.+\t[a-z]+-[a-z]+-[a-z]+\t\d+\.\d{4} %$/.test(line));
    expect(gameLines).toHaveLength(games.length);
    expect(new Set(gameLines.map((line) => line.split('\t')[0]))).toEqual(
      new Set(games.map((g) => g.nodeId)),
    );
    for (const line of gameLines) {
      const rtp = Number(line.split('\t')[3]?.replace(' %', ''));
      expect(rtp, line).toBeGreaterThanOrEqual(95.5);
      expect(rtp, line).toBeLessThanOrEqual(96.5);
    }
    const summary = lines.find((line) => line.startsWith('Games: '));
    expect(summary).toMatch(
      new RegExp(`^Games: ${games.length} RNG games, \\d+ distinct paytables\\. .* 0 outside\\.`),
    );
  }, 180_000);
});
