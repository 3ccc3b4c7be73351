// @ts-check
// Bundles the server into one ESM file. Workspace packages (TypeScript source) are bundled in;
// every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { sqlFilesPlugin } from './sql-files-plugin.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@khela/'));

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  // SERVER_OUTFILE lets a private browser-test run build aside (scripts/e2e-private.sh).
  outfile: process.env.SERVER_OUTFILE ?? new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // The modules' sql/ files go into the bundle (db/sql-files.ts).
  plugins: [sqlFilesPlugin(new URL('./src/modules/', import.meta.url).pathname)],
  logLevel: 'warning',
});
