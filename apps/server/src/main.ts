import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { SERVING_MARK, shortLogStream } from './http/short-log';
import { seedAndCheck } from './startup';

const here = dirname(fileURLToPath(import.meta.url));

const start = async () => {
  const startedAt = Date.now();
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(config.DATA_DIR) },
  );
  await migrateToLatest(database.db);
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const seeded = await seedAndCheck(database.db, config, publicUrl).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : undefined;
  await redis?.connect();

  const app = await buildApp({
    config,
    database,
    redis,
    // The demo logs short human lines; production keeps pino's JSON.
    ...(config.isDemo
      ? {
          logger: { level: config.LOG_LEVEL, stream: shortLogStream(process.stdout) },
          shortRequestLines: true,
        }
      : {}),
    webDist: config.SERVE_WEB ? resolve(config.WEB_DIST ?? join(here, '../../web/dist')) : undefined,
    boWebDist: config.SERVE_WEB
      ? resolve(config.BO_WEB_DIST ?? join(here, '../../backoffice/dist'))
      : undefined,
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    redis?.disconnect();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  const shownHost = ['127.0.0.1', '0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  const reach = config.HOST === '127.0.0.1' ? ' (this machine only; set HOST=0.0.0.0 to open it)' : '';
  app.log.info(
    {
      [SERVING_MARK]: true,
      database: database.kind,
      mode: config.KHELA_MODE,
      seeded,
      startupMs: Date.now() - startedAt,
    },
    `Khela is serving on http://${shownHost}:${config.PORT}${reach}; ${seeded ? 'seeded a new database' : 'database reused, nothing seeded'}`,
  );
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
