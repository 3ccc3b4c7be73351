import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server tests that need a real service run only where it is configured, instead of being
 * skipped: `*.pg.test.ts` with DATABASE_URL (PostgreSQL), `*.redis.test.ts` with REDIS_URL.
 * `npm test` runs the rest on PGlite; `.ci/run` runs the server tests again with both set.
 */
const needsService = [
  ...(process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts']),
  ...(process.env.REDIS_URL ? [] : ['**/*.redis.test.ts']),
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the project's 2-core machines that is
    // one worker, and the server tests (PGlite is CPU-bound WebAssembly) then run one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tools',
          include: ['tools/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'fair',
          include: ['packages/fair/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...needsService],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // One module graph per worker instead of one per file: each file builds its own app on
          // its own database anyway, and re-importing the whole server for each of ~150 files was
          // half of this project's time (measured: 23 files 174 s → 93 s, CPU halved).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        extends: 'apps/backoffice/vite.config.ts',
        test: {
          name: 'backoffice',
          root: 'apps/backoffice',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
        },
      },
    ],
  },
});
