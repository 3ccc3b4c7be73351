import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkServerModules, moduleCycles } from './check-server-modules.ts';

let root = '';
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const mod = (name: string, file: string) => `apps/server/src/modules/${name}/${file}`;

beforeEach(() => {
  // A small tree laid out like the repository, checked with the repository's own rules.
  root = mkdtempSync(join(tmpdir(), 'khela-modules-'));
  copyFileSync(
    join(import.meta.dirname, '../.dependency-cruiser.cjs'),
    join(root, '.dependency-cruiser.cjs'),
  );
  put(
    'apps/server/tsconfig.json',
    '{ "compilerOptions": { "module": "ESNext", "moduleResolution": "Bundler" } }',
  );
  put(mod('wallet', 'index.ts'), "export { post } from './ledger';\n");
  put(mod('wallet', 'ledger.ts'), 'export const post = () => 1;\n');
  put(
    mod('wallet', 'test-support.ts'),
    "import { post } from './ledger';\nexport const fund = () => post();\n",
  );
  put(mod('games', 'index.ts'), "export { play } from './slot';\n");
  put(mod('games', 'slot.ts'), "import { post } from '../wallet';\nexport const play = () => post();\n");
  put(
    'apps/server/src/app.ts',
    "import { play } from './modules/games';\nexport const app = () => play();\n",
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the server module rules (npm run lint)', () => {
  it('accept imports through index.ts, and test-support.ts from tests', async () => {
    put(mod('games', 'slot.test.ts'), "import { fund } from '../wallet/test-support';\nfund();\n");
    expect(await checkServerModules(root)).toEqual({ violations: [], cycles: [] });
  }, 60_000);

  it("refuse an import of another module's internals, from a module or from outside", async () => {
    put(
      mod('games', 'jackpot.ts'),
      "import { post } from '../wallet/ledger';\nexport const pay = () => post();\n",
    );
    put(
      'apps/server/src/http/route.ts',
      "import { play } from '../modules/games';\nexport const r = play;\n",
    );
    put('tools/verify.ts', "import { post } from '../apps/server/src/modules/wallet/ledger';\npost();\n");
    const { violations } = await checkServerModules(root);
    expect(violations.sort()).toEqual([
      `module-internals: ${mod('games', 'jackpot.ts')} → ${mod('wallet', 'ledger.ts')}`,
      `outside-into-module-internals: tools/verify.ts → ${mod('wallet', 'ledger.ts')}`,
      `plumbing-knows-no-module: apps/server/src/http/route.ts → ${mod('games', 'index.ts')}`,
    ]);
  }, 60_000);

  it('refuse modules that depend on each other through their index files (no file cycle)', async () => {
    // games/slot → wallet (index → ledger) and wallet/rounds → games (index → slot): no file cycle.
    put(mod('wallet', 'rounds.ts'), "import { play } from '../games';\nexport const r = () => play();\n");
    const { violations, cycles } = await checkServerModules(root);
    expect(violations).toEqual([]);
    expect(cycles).toEqual([['games', 'wallet']]);
  }, 60_000);
});

describe('moduleCycles', () => {
  it('finds each group of modules in a circle, and none in a one-way graph', () => {
    const graph = (pairs: [string, string][]) => {
      const edges = new Map<string, Set<string>>();
      for (const [a, b] of pairs) edges.set(a, (edges.get(a) ?? new Set()).add(b));
      return edges;
    };
    expect(
      moduleCycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
    expect(
      moduleCycles(
        graph([
          ['staff', 'inbox'],
          ['inbox', 'cashier'],
          ['cashier', 'staff'],
          ['site', 'x'],
          ['x', 'site'],
          ['a', 'site'],
        ]),
      ),
    ).toEqual([
      ['cashier', 'inbox', 'staff'],
      ['site', 'x'],
    ]);
  });
});
