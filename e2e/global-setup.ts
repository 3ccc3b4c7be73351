import type { FullConfig } from '@playwright/test';
import { prepareRun, startServer } from './servers';

/**
 * Before the journeys: stop what an interrupted run left, empty the run's folder, copy the built
 * web app and back office aside, and start one server per worker (e2e/servers.ts), all at once.
 * Started here, the servers are children of the test runner, whose CPU time then counts them.
 */
export default async function globalSetup(config: FullConfig) {
  await prepareRun();
  await Promise.all(Array.from({ length: config.workers }, (_, index) => startServer(index)));
}
