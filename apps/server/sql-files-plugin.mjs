// @ts-check
// The modules' database code in the server bundle: esbuild loads src/db/sql-files.ts as a module
// that holds every modules/<module>/sql/*.sql file's text, so the built server needs no sources
// beside it (db/sql-files.test.ts compares the two lists).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every modules/<module>/sql/*.sql file under `modulesDir`, by module then name, as
 * src/db/sql-files.ts reads them.
 * @param {string} modulesDir
 * @returns {{ module: string; name: string; text: string; path: string }[]}
 */
export const listSqlFiles = (modulesDir) =>
  readdirSync(modulesDir)
    .sort()
    .flatMap((module) => {
      const dir = join(modulesDir, module, 'sql');
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .filter((file) => file.endsWith('.sql'))
        .sort()
        .map((file) => ({
          module,
          name: file.slice(0, -'.sql'.length),
          text: readFileSync(join(dir, file), 'utf8'),
          path: join(dir, file),
        }));
    });

/**
 * @param {string} modulesDir
 * @returns {import('esbuild').Plugin}
 */
export const sqlFilesPlugin = (modulesDir) => ({
  name: 'khela-sql-files',
  setup(build) {
    build.onLoad({ filter: /[\\/]db[\\/]sql-files\.ts$/ }, () => {
      const files = listSqlFiles(modulesDir);
      const list = files.map(({ module, name, text }) => ({ module, name, text }));
      return {
        contents: `export const readSqlFiles = () => ${JSON.stringify(list)};\n`,
        loader: 'js',
        watchFiles: files.map((f) => f.path),
      };
    });
  },
});
