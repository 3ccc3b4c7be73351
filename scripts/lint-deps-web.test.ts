import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkApp } from './lint-deps-web.mjs';

const ROOT = join(import.meta.dirname, '..');

/** A small app with the web app's own rules and the given source files. */
const fixture = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'khela-deps-'));
  cpSync(join(ROOT, 'apps/web/.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true },
      include: ['src'],
    }),
  );
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  made.push(dir);
  return dir;
};
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the web dependency rules (lint:deps:web)', () => {
  it('passes an app whose features import only themselves and shared code', () => {
    const dir = fixture({
      'src/shared/format.ts': 'export const format = (n: number) => String(n);\n',
      'src/features/lobby/index.ts':
        "import { format } from '../../shared/format';\nexport const lobby = format(1);\n",
      'src/features/shell/index.ts': "export const shell = 'shell';\n",
      'src/app/main.ts':
        "import { lobby } from '../features/lobby';\nimport { shell } from '../features/shell';\nexport const page = lobby + shell;\n",
    });
    const { status, report } = checkApp(dir);
    expect(report).toContain('no dependency violations');
    expect(status).toBe(0);
  });

  it('refuses a feature importing another feature, shared code importing a feature, and a cycle', () => {
    const dir = fixture({
      'src/features/shell/header.ts':
        "import { slot } from '../lobby/nav-slot';\nexport const header = slot;\n",
      'src/features/lobby/nav-slot.ts': "import { banner } from './banner';\nexport const slot = banner;\n",
      'src/features/lobby/banner.ts':
        "import { slot } from './nav-slot';\nexport const banner = () => slot;\n",
      'src/shared/state.ts':
        "import { header } from '../features/shell/header';\nexport const state = header;\n",
    });
    const { status, report } = checkApp(dir);
    expect(status).not.toBe(0);
    expect(report).toContain(
      'no-cross-feature: src/features/shell/header.ts → src/features/lobby/nav-slot.ts',
    );
    expect(report).toContain(
      'shared-stays-below-features: src/shared/state.ts → src/features/shell/header.ts',
    );
    expect(report).toMatch(/no-circular: src\/features\/lobby\/(nav-slot|banner)\.ts/);
  });
});
