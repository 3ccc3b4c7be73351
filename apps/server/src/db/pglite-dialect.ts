import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * PGlite has one session. Kysely may run several transactions at once, so a connection is
 * handed out to one user at a time (a FIFO mutex); otherwise two transactions would share a
 * session and interleave their BEGIN/COMMIT. (kysely-pglite does not guard this.)
 */
class PGliteDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(private readonly client: PGlite) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return new PGliteConnection(this.client);
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection() {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async destroy() {
    await this.#queue;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Like node-postgres, accept several statements in one text when it has no parameters
    // (migrations); PGlite's extended protocol would refuse them.
    if (query.parameters.length === 0) {
      const results = await this.client.exec(query.sql);
      const last = results.at(-1);
      return {
        rows: (last?.rows ?? []) as R[],
        ...(last?.affectedRows !== undefined ? { numAffectedRows: BigInt(last.affectedRows) } : {}),
      };
    }
    const result = await this.client.query<R>(query.sql, [...query.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; Kysely needs the method to exist.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

export const pgliteDialect = (client: PGlite): Dialect => ({
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new PGliteDriver(client),
  createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
  createQueryCompiler: () => new PostgresQueryCompiler(),
});
