import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, Server } from './http';
import { createLoad } from './load';
import { setUp } from './setup';
import { type Backend, verifyDatabase } from './verify';

/** Calls in flight at once. */
const WORKERS = 6;

/**
 * One backend's crash test: the server started on a fresh database, the set-up, then `kills`
 * rounds of load ended by a SIGKILL at a random moment, a restart and replays of the latest
 * acknowledged calls; at the end every acknowledged idempotent call once more, then the database
 * checks. Answers the findings (empty when it passed) and the lines of its report.
 */
export const runBackend = async (
  backend: Backend,
  kills: number,
  paths: { serverFile: string; root: string },
) => {
  const tag = `[${backend.name}]`;
  const findings: string[] = [];
  const server = new Server(await freePort(), backend.env, paths.serverFile, paths.root);
  const began = Date.now();
  await server.start();
  const setup = await setUp(server);
  const load = createLoad(server, setup);

  let replayed = 0;
  for (let k = 0; k < kills; k++) {
    let stop = false;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stop) await load.one();
    });
    // Kill at a random moment while the load runs: after a random number of acknowledged calls
    // (so a slow machine gets as much load between kills as a fast one) and a random delay.
    const target = load.acknowledged() + 10 + randomInt(30);
    const until = Date.now() + 10_000;
    while (load.acknowledged() < target && Date.now() < until) await sleep(20);
    await sleep(randomInt(150));
    await server.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await server.start();
    // Replays of the latest acknowledged calls answer the first result and add nothing.
    for (const r of load.replays.slice(-5)) {
      replayed += 1;
      const problem = await load.replay(r);
      if (problem) findings.push(`after restart ${k + 1}: ${problem}`);
    }
  }
  // Every acknowledged idempotent call, once more: the first answer, nothing new.
  const all = [...load.replays];
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (let r = all.shift(); r; r = all.shift()) {
        replayed += 1;
        const problem = await load.replay(r);
        if (problem) findings.push(`final: ${problem}`);
      }
    }),
  );
  await server.kill('SIGTERM');

  const verified = await verifyDatabase(backend, load.checks, paths.root);
  findings.push(...verified.findings);
  const { report, cliLine } = verified;
  const { sentBy, ackedBy, refused } = load.counts;
  const count = (map: Map<string, number>) => Object.fromEntries([...map].sort());
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const restarts = server.startMs.slice(1);
  const restartCpu = server.startCpu.slice(1);
  const lines = [
    `${tag} first start ${server.startMs[0]} ms (migrate and seed); ${kills} SIGKILLs, restarts ${restarts
      .map((ms) => `${(ms / 1000).toFixed(1)}`)
      .join(', ')} s (mean ${(mean(restarts) / 1000).toFixed(1)} s)`,
    `${tag} CPU per start: first ${server.startCpu[0]?.toFixed(1) ?? '?'} s, restarts mean ${mean(restartCpu).toFixed(1)} s (user + system, from /proc)`,
    `${tag} calls sent ${JSON.stringify(count(sentBy))}`,
    `${tag} acknowledged ${JSON.stringify(count(ackedBy))}; ${load.checks.length} checks, ${replayed} replays`,
    `${tag} refused (business answers): ${JSON.stringify(count(refused))}`,
    `${tag} ledger ${report.ok ? 'verifies' : 'FAILS'} (${report.counts.entries} entries, ${report.counts.lines} lines); ${cliLine}`,
    `${tag} took ${((Date.now() - began) / 1000).toFixed(1)} s`,
  ];
  return { findings, lines };
};
