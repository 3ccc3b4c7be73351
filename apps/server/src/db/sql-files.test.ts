import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { sqlFilesPlugin } from '../../sql-files-plugin.mjs';
import { readSqlFiles } from './sql-files';

describe("the modules' sql/ files", () => {
  it('are found beside the sources: every module folder with an sql/ folder, each file once', () => {
    const files = readSqlFiles();
    const names = files.map((f) => `${f.module}/${f.name}`);
    expect(new Set(names).size).toBe(names.length);
    for (const expected of ['wallet/ledger_post', 'wallet/wallet_transfer', 'identity/session_member'])
      expect(names).toContain(expected);
    for (const f of files) expect(f.text).toMatch(/\bCREATE\b/);
  });

  it('travel inside the server bundle, the same list and texts as the sources', async () => {
    const bundled = await build({
      entryPoints: [fileURLToPath(new URL('./sql-files.ts', import.meta.url))],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      plugins: [sqlFilesPlugin(fileURLToPath(new URL('../modules/', import.meta.url)))],
      logLevel: 'silent',
    });
    const code = bundled.outputFiles[0]?.text ?? '';
    // No file system access left in the bundle's module: the texts are in it.
    expect(code).not.toMatch(/readdirSync|readFileSync/);
    const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      readSqlFiles: typeof readSqlFiles;
    };
    expect(module.readSqlFiles()).toEqual(readSqlFiles());
  });
});
