import pg from 'pg';

/** Double-quotes a PostgreSQL identifier. Test database names are generated, but quote anyway. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The same server and credentials as `url`, another database. */
export const databaseUrl = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

export const adminPool = (url: string) => new pg.Pool({ connectionString: url, max: 1 });

/** Runs one statement on a short-lived connection to the admin database. */
export const adminQuery = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
};

export const isObjectInUse = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55006';

/**
 * Drops one database once its connections are gone. `pool.end()` resolves before its clients
 * have finished saying goodbye, and `WITH (FORCE)` would kill them mid-way (an unhandled
 * 57P01 error in the test process), so wait for them first and force only as a last resort.
 */
export const dropDatabase = async (url: string, name: string) => {
  for (let attempt = 1; attempt <= 40; attempt++) {
    try {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
      return;
    } catch (error) {
      if (!isObjectInUse(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * Math.min(attempt, 8)));
    }
  }
  await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
};

/** Drops every database whose name starts with `prefix` (closing their connections first). */
export const dropDatabasesWithPrefix = async (admin: pg.Pool, prefix: string) => {
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname',
    [prefix],
  );
  for (const { datname } of rows) {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
  }
  return rows.map((r) => r.datname);
};

/** Run prefixes look like `khela_test_<base-36 ms>_<hex>`; see global-setup.ts. */
export const RUN_PREFIX = 'khela_test_';

export const newRunPrefix = (random: string) => `${RUN_PREFIX}${Date.now().toString(36)}_${random}`;

/**
 * Drops what killed runs left behind: databases of a run prefix older than `maxAgeMs`. Younger
 * ones may belong to a run in progress and are left alone, as are names of any other shape.
 */
export const dropStaleRunDatabases = async (admin: pg.Pool, maxAgeMs: number) => {
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
    [RUN_PREFIX],
  );
  const dropped: string[] = [];
  for (const { datname } of rows) {
    const match = /^khela_test_([0-9a-z]{8,9})_[0-9a-f]{6}_/.exec(datname);
    const startedAt = match?.[1] ? Number.parseInt(match[1], 36) : Number.NaN;
    if (Number.isFinite(startedAt) && Date.now() - startedAt > maxAgeMs) {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
      dropped.push(datname);
    }
  }
  return dropped;
};
