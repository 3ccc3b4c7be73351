import { spawn } from 'node:child_process';
import { type E2eServer, serversOfRun, stopServer } from './servers';

/**
 * After the journeys: stop every worker's server, then `npm run ledger:verify` (issue 6: the
 * ledger verifies after every test suite) and `npm run audit:verify` (issue 4: the staff audit
 * chain is intact) on each server's PGlite folder. PGlite has one user at a time, so a server goes
 * first: SIGTERM makes it checkpoint and close its database. The run fails when any database's
 * books do not balance or its audit chain is broken (every check runs and reports either way).
 */
const verify = (server: E2eServer, tool: 'ledger' | 'audit') =>
  new Promise<string | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `tools/${tool}-verify.ts`], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: server.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('close', (code, signal) => {
      process.stdout.write(output.replace(/^(?=.)/gm, `[server ${server.index}] `));
      resolve(
        code === 0
          ? null
          : `${tool}:verify of e2e server ${server.index}'s database failed (exit ${code ?? signal})`,
      );
    });
  });

export default async function globalTeardown() {
  const servers = await serversOfRun();
  const stopped = await Promise.allSettled(servers.map((server) => stopServer(server)));
  const failures = stopped.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
  // Servers that did not stop keep their database open: only the others are verified.
  const verified = servers.filter((_, i) => stopped[i]?.status === 'fulfilled');
  const found = await Promise.all(
    verified.flatMap((server) => [verify(server, 'ledger'), verify(server, 'audit')]),
  );
  failures.push(...found.filter((failure): failure is string => failure !== null));
  if (failures.length > 0) throw new Error(failures.join('; '));
}
