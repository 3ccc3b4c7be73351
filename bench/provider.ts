/**
 * Callback latency of the seamless-wallet provider API (issue 7: p50 <= 50 ms, p99 <= 250 ms at
 * 100 requests/s for 60 s, on PostgreSQL and on PGlite). Starts the built server on a fresh
 * database (tools/vendor-sim/harness.ts), then sends signed callbacks open-loop at a fixed rate —
 * bet, win, endRound rounds spread over several players — and measures each answer's latency.
 *
 *   runProviderBench({ rate: 100, durationS: 60 })                 // PGlite
 *   runProviderBench({ rate: 100, durationS: 60, databaseUrl })    // PostgreSQL
 * bench/run.ts runs it for BENCH_CALLBACK_SECONDS (60) on both engines against the built server;
 * `tsx bench/provider.ts [seconds]` runs it alone (DATABASE_URL for PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoVendorSecret } from '../apps/server/src/modules/provider';
import { processCpu } from '../tools/proc-cpu';
import { createVendorClient, fetchTransport } from '../tools/vendor-sim/client';
import { createHarness, MERCHANT, VENDOR } from '../tools/vendor-sim/harness';

export type ProviderBenchOptions = {
  /** Requests per second (open loop: sent on schedule whether or not earlier ones answered). */
  rate?: number;
  /** Measured seconds (default 10 for quick runs; the target is stated for 60). */
  durationS?: number;
  /** PostgreSQL server URL (a fresh database is made beside it); unset: PGlite. */
  databaseUrl?: string | undefined;
  serverFile?: string;
  players?: number;
  log?: (line: string) => void;
};

export type ProviderBenchResult = {
  engine: 'pglite' | 'postgres';
  rate: number;
  durationS: number;
  sent: number;
  answered: number;
  /** Answers that were not OK, or no answer at all. */
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /**
   * CPU time the server process spent per callback over the measured window (user + system, from
   * /proc; undefined elsewhere): what bounds the rate PGlite's single thread can take, and less
   * sensitive than latency to other load on the machine.
   */
  serverCpuMsPerCall: number | undefined;
  /** p50 <= 50 ms and p99 <= 250 ms with no errors. */
  meetsTarget: boolean;
};

/** User + system CPU time of a process in ms, if readable. */
const cpuMsOf = async (pid: number | undefined) =>
  pid === undefined ? undefined : (await processCpu(pid))?.ms;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const runProviderBench = async (options: ProviderBenchOptions = {}): Promise<ProviderBenchResult> => {
  const rate = options.rate ?? 100;
  const durationS = options.durationS ?? 10;
  const log = options.log ?? ((line: string) => process.stdout.write(`bench provider: ${line}\n`));
  const h = await createHarness({
    players: options.players ?? 20,
    databaseUrl: options.databaseUrl,
    ...(options.serverFile ? { serverFile: options.serverFile } : {}),
    log,
  });
  const server = await h.start();
  try {
    const client = createVendorClient({
      transport: fetchTransport(h.baseUrl),
      vendorCode: VENDOR,
      merchant: MERCHANT,
      secret: demoVendorSecret(MERCHANT, VENDOR),
      timeoutMs: 10_000,
    });
    // Each player walks through rounds: bet, win, endRound; one call per tick, players in turn.
    const steps = h.tokens.map((p) => ({ ...p, step: 0, round: '' }));
    const nextCall = (n: number) => {
      const p = steps[n % steps.length]!;
      const phase = p.step++ % 3;
      if (phase === 0) {
        p.round = `bench-${randomBytes(6).toString('hex')}`;
        return () =>
          client.bet({
            playerId: p.playerId,
            token: p.token,
            txId: `${p.round}-b`,
            roundId: p.round,
            gameId: h.gameId,
            amount: 100,
            currency: 'BDT',
          });
      }
      if (phase === 1)
        return () =>
          client.win({
            playerId: p.playerId,
            txId: `${p.round}-w`,
            roundId: p.round,
            gameId: h.gameId,
            amount: 90,
            currency: 'BDT',
          });
      return () => client.endRound({ playerId: p.playerId, txId: `${p.round}-e`, roundId: p.round });
    };
    // Warm-up: one round per player, not measured.
    for (let n = 0; n < steps.length * 3; n++) await nextCall(n)();

    const latencies: number[] = [];
    let errors = 0;
    const cpuBefore = await cpuMsOf(server.child.pid);
    const total = Math.round(rate * durationS);
    const interval = 1000 / rate;
    const begin = performance.now();
    const pending: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = begin + n * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const call = nextCall(steps.length * 3 + n);
      const sentAt = performance.now();
      pending.push(
        call().then(
          (result) => {
            latencies.push(performance.now() - sentAt);
            if (result.answer.status !== 'OK') errors++;
          },
          () => {
            errors++;
          },
        ),
      );
    }
    await Promise.all(pending);
    const cpuAfter = await cpuMsOf(server.child.pid);
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const result: ProviderBenchResult = {
      engine: h.engine,
      rate,
      durationS,
      sent: total,
      answered: latencies.length,
      errors,
      p50: Math.round(p50 * 10) / 10,
      p99: Math.round(p99 * 10) / 10,
      max: Math.round((latencies.at(-1) ?? Number.NaN) * 10) / 10,
      serverCpuMsPerCall:
        cpuBefore === undefined || cpuAfter === undefined
          ? undefined
          : Math.round(((cpuAfter - cpuBefore) / total) * 100) / 100,
      meetsTarget: p50 <= 50 && p99 <= 250 && errors === 0,
    };
    log(JSON.stringify(result));
    return result;
  } finally {
    await h.stopGracefully(server);
    await h.cleanup();
  }
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.argv[2] ?? 10);
  runProviderBench({ durationS: seconds, databaseUrl: process.env.DATABASE_URL || undefined })
    .then((r) => process.exit(r.meetsTarget ? 0 : 1))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(2);
    });
}
