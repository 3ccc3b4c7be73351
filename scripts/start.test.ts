import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale, inputsHash, isUpToDate, TARGETS, writeStamp } from './start.ts';

const web = TARGETS.find((t) => t.workspace === '@khela/web')!;
let root = '';
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'khela-start-'));
  put('package.json', '{}');
  put('package-lock.json', '{}');
  put('packages/contract/src/index.ts', 'export const a = 1;');
  put('apps/web/src/main.tsx', 'console.log(1);');
  put('apps/web/dist/index.html', '<html></html>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start build check', () => {
  it('builds a fresh clone: no stamp, or no output, is never up to date', () => {
    const hash = inputsHash(web, root);
    expect(isUpToDate(web, hash, root)).toBe(false);
    writeStamp(web, hash, root);
    expect(isUpToDate(web, hash, root)).toBe(true);
    rmSync(join(root, 'apps/web/dist'), { recursive: true });
    expect(isUpToDate(web, hash, root)).toBe(false);
  });

  it('is stale after a source, a shared package or the lockfile changed, and not after a test or dist change', () => {
    const hash = inputsHash(web, root);
    writeStamp(web, hash, root);
    put('apps/web/src/main.test.tsx', 'test');
    put('apps/web/test/setup.ts', 'setup');
    put('apps/web/dist/assets/x.js', 'built');
    put('apps/web/node_modules/x/index.js', 'dep');
    expect(inputsHash(web, root)).toBe(hash);
    for (const [path, text] of [
      ['apps/web/src/main.tsx', 'console.log(2);'],
      ['packages/contract/src/index.ts', 'export const a = 2;'],
      ['package-lock.json', '{"v":2}'],
      ['apps/web/src/new-file.ts', ''],
    ] as const) {
      put(path, text);
      const changed = inputsHash(web, root);
      expect(changed, path).not.toBe(hash);
      expect(isUpToDate(web, changed, root)).toBe(false);
    }
  });

  it('is stale when the output was rebuilt from other sources since its stamp', () => {
    const hash = inputsHash(web, root);
    writeStamp(web, hash, root);
    put('apps/web/dist/index.html', '<html>other build</html>');
    expect(isUpToDate(web, hash, root)).toBe(false);
    writeStamp(web, hash, root);
    utimesSync(join(root, 'apps/web/dist/index.html'), new Date(), new Date(Date.now() + 5000));
    expect(isUpToDate(web, hash, root)).toBe(false);
  });
});

describe('npm run build (start.ts --build-only)', () => {
  it('builds every target, stale or not, and stamps it so that the next npm start builds nothing', () => {
    for (const target of TARGETS) put(target.output, 'old build');
    const hashes = TARGETS.map((t) => inputsHash(t, root));
    TARGETS.forEach((t, i) => {
      writeStamp(t, hashes[i] ?? '', root);
    });
    const built: string[] = [];
    const rebuild = (target: (typeof TARGETS)[number], at: string) => {
      built.push(target.name);
      put(target.output, `new build of ${target.name}`);
      utimesSync(join(at, target.output), new Date(), new Date(Date.now() + 5000));
    };
    // Everything up to date, and still every target is built.
    expect(buildIfStale(root, () => {}, { all: true, build: rebuild })).toEqual(TARGETS.map((t) => t.name));
    expect(built).toEqual(TARGETS.map((t) => t.name));
    // The new outputs carry their stamps: npm start builds nothing.
    const logged: string[] = [];
    const again = buildIfStale(root, (line) => logged.push(line), { build: rebuild });
    expect(again).toEqual([]);
    expect(logged).toEqual(['npm start: web app, back office and server are up to date']);
    expect(built).toHaveLength(TARGETS.length);
  });

  it('npm start builds only the stale target, and a failed build stamps nothing', () => {
    for (const target of TARGETS) put(target.output, 'build');
    TARGETS.forEach((t) => {
      writeStamp(t, inputsHash(t, root), root);
    });
    put('apps/web/src/main.tsx', 'console.log(3);');
    const built: string[] = [];
    expect(
      buildIfStale(root, () => {}, {
        build: (target) => {
          built.push(target.name);
        },
      }),
    ).toEqual([web.name]);
    expect(built).toEqual([web.name]);
    put('apps/web/src/main.tsx', 'console.log(4);');
    expect(() =>
      buildIfStale(root, () => {}, {
        build: () => {
          throw new Error('building the web app failed (exit 1)');
        },
      }),
    ).toThrow(/failed/);
    expect(isUpToDate(web, inputsHash(web, root), root)).toBe(false);
  });
});
