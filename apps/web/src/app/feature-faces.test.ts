import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');
const FEATURES = join(SRC, 'features');

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });

/** The modules a feature's index.ts names (`export … from './<module>'`). */
const faceOf = (feature: string) => {
  const text = readFileSync(join(FEATURES, feature, 'index.ts'), 'utf8');
  return new Set([...text.matchAll(/from '\.\/([^']+)'/g)].map((match) => match[1] as string));
};

/**
 * Every feature has an index.ts, its public face. Outside a feature (app/, the composition root,
 * main.tsx and test/'s helpers) only the modules that index.ts names are imported: statically,
 * or by `import()` where the module starts a lazy chunk (app/ imports the module itself, not the
 * index, so a chunk does not take the feature's other modules with it — ADR 026). Inside features
 * the dependency rules (lint:deps:web) refuse imports of other features altogether.
 */
describe('web features have one public face', () => {
  const features = readdirSync(FEATURES).filter((name) => statSync(join(FEATURES, name)).isDirectory());

  it('gives every feature an index.ts', () => {
    for (const feature of features) expect(faceOf(feature).size, feature).toBeGreaterThan(0);
  });

  it('imports from outside a feature only what its index.ts names', () => {
    // Tests may reach inside a feature; the app's own modules may not.
    const outside = [
      ...sources(join(SRC, 'app')),
      join(SRC, 'main.tsx'),
      ...sources(join(SRC, '..', 'test')),
    ];
    const modules = outside.filter((file) => !/\.test\.tsx?$/.test(file));
    const offenders: string[] = [];
    for (const file of modules) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from |import\()'([^']*features\/[^']+)'/g)) {
        const target = relative(FEATURES, resolve(join(file, '..'), match[1] as string));
        const [feature, ...rest] = target.split('/');
        const module = rest.join('/');
        if (!feature || module === '' || module === 'index') continue;
        if (!faceOf(feature).has(module)) offenders.push(`${relative(SRC, file)} → features/${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
