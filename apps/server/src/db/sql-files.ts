import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One database-code file of a module: `apps/server/src/modules/<module>/sql/<name>.sql`. */
export type SqlFile = { module: string; name: string; text: string };

const MODULES_DIR = fileURLToPath(new URL('../modules/', import.meta.url));

/**
 * Every module's `sql/*.sql` file, by module then name, read from the sources. The server bundle
 * carries them instead: `apps/server/sql-files-plugin.mjs` replaces this module with one that
 * holds the same list (its test compares the two).
 */
export const readSqlFiles = (): SqlFile[] =>
  readdirSync(MODULES_DIR)
    .sort()
    .flatMap((module) => {
      const dir = join(MODULES_DIR, module, 'sql');
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .filter((file) => file.endsWith('.sql'))
        .sort()
        .map((file) => ({
          module,
          name: file.slice(0, -'.sql'.length),
          text: readFileSync(join(dir, file), 'utf8'),
        }));
    });
