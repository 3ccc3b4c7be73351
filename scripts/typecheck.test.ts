import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from './typecheck.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.tmp', 'test-results', 'playwright-report']);

/** Every folder of the repository with a tsconfig.json of its own. */
const tsconfigFolders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : tsconfigFolders(join(dir, entry.name));
    return entry.name === 'tsconfig.json' && dir !== ROOT ? [relative(ROOT, dir)] : [];
  });

describe('npm run typecheck', () => {
  it('checks every package and folder that has a tsconfig.json, each once', () => {
    expect([...PROJECTS].sort()).toEqual(tsconfigFolders(ROOT).sort());
    expect(new Set(PROJECTS).size).toBe(PROJECTS.length);
  });
});
