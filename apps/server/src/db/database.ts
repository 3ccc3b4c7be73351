import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pgliteDialect } from './pglite-dialect';
import { PREPARED_TEXT } from './prepared';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Flushes (PGlite: CHECKPOINT) and closes every connection. */
  close: () => Promise<void>;
  /** PostgreSQL: the pool's connections now (the metrics read it); PGlite has one session. */
  pool?: () => { total: number; idle: number; waiting: number };
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Sends the statements marked `PREPARED` as named statements (see there). */
const prepareMarked = (client: pg.PoolClient) => {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as QueryFn;
  const marked: QueryFn = (config, values, callback) => {
    if (typeof config !== 'string' || !config.startsWith(PREPARED_TEXT) || !Array.isArray(values))
      return query(config, values, callback);
    let name = names.get(config);
    if (name === undefined) {
      name = `khela_${createHash('sha256').update(config).digest('hex').slice(0, 24)}`;
      names.set(config, name);
    }
    return query({ name, text: config, values }, callback);
  };
  client.query = marked as typeof client.query;
};

// int8 and numeric come back as strings from node-postgres; keep them as strings so that no
// amount is ever silently rounded through a float. Callers convert with BigInt where needed.
export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('connect', prepareMarked);
    // An idle client that loses its connection (a restart, a terminated backend) emits 'error' on
    // the pool; without a listener Node ends the process. The pool drops that client and the next
    // query opens a new one, so it is only reported.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = new Kysely<DB>({ dialect: pgliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!client.closed) {
        await client.query('CHECKPOINT');
        await client.close();
      }
    },
  };
};
