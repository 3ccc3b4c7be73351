import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RouteErrorBoundary } from '../features/shell/route-error';
import { ChunkTimeoutError, importChunk, lazyChunk } from '../shared/chunk';
import { changeLanguage, i18nReady } from '../shared/i18n';

const SRC = join(__dirname, '..');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'play' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

afterEach(cleanup);

describe('chunk time-out (spec §9: 120 s for every lazy import)', () => {
  it('turns a lazily loaded component that never arrives into the translated time-out view', async () => {
    const Never = lazyChunk(() => new Promise<never>(() => {}), 20);
    render(
      <RouteErrorBoundary resetKey="/">
        <Suspense fallback={<p>loading</p>}>
          <Never />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Page load timed out' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('fails a stalled plain import (a library, a locale file) with ChunkTimeoutError, and passes a quick one', async () => {
    await expect(importChunk(() => new Promise<never>(() => {}), 10)).rejects.toBeInstanceOf(
      ChunkTimeoutError,
    );
    await expect(importChunk(async () => ({ ok: 1 }), 10)).resolves.toEqual({ ok: 1 });
  });

  it('is used by every lazy component and dynamic import of the site (React.lazy and bare import() are not)', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const name = relative(SRC, file);
      if (name === join('shared', 'chunk.ts')) continue;
      const text = readFileSync(file, 'utf8');
      if (/(?<![\w.])lazy\(/.test(text)) offenders.push(`${name}: React.lazy`);
      for (const match of text.matchAll(/(?<!typeof )\bimport\(/g)) {
        const before = text.slice(Math.max(0, match.index - 40), match.index);
        // The router's loader table is called through withTimeout (router.tsx).
        const wrapped =
          /(importChunk|lazyChunk|withTimeout)\(\(\) =>\s*$/.test(before) ||
          name === join('app', 'router.tsx');
        if (!wrapped) offenders.push(`${name}: ${text.slice(match.index, match.index + 40).split('\n')[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
