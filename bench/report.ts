import { cpus, freemem, platform, release, totalmem } from 'node:os';
import { fastifyVersion, nodeBin, runAndRead } from './processes';
import { CONNECTIONS, ROUNDS, SLICE_S, WARMUP_S } from './throughput';
import type { TransfersResult } from './transfers';

/** A line of the BENCHMARKS.md table. */
export type Row = {
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  result: string;
};

export type ReportFacts = {
  rows: Row[];
  assets: { js: string[]; css: string[] };
  listCalls: number;
  gameListConnections: number;
  lobbyJs: string[];
  transfers: TransfersResult;
  began: number;
};

/** The table of figures, as BENCHMARKS.md and the console show it. */
export const tableOf = (rows: Row[]) =>
  [
    '| Figure | Value | Baseline | Ratio | Target | Result |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) => `| ${r.figure} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.result} |`,
    ),
  ].join('\n');

/** BENCHMARKS.md: the machine, how each figure is measured, and the table. */
export const benchmarksMarkdown = async ({
  rows,
  assets,
  listCalls,
  gameListConnections,
  lobbyJs,
  transfers,
  began,
}: ReportFacts) => {
  const nodeVersion = (await runAndRead(nodeBin, ['--version'])).trim();
  const cpu = cpus();
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM (${(freemem() / 2 ** 30).toFixed(1)} GiB free), ${platform()} ${release()}, Node ${nodeVersion}`;
  const transferRounds = transfers.rounds.transfers
    .map((t, i) => `${t}/s against ${Math.round(transfers.rounds.pgbench[i] ?? 0)} tps`)
    .join(', ');
  const perOp = transfers.postgres.cpuPerTransfer;
  const transferCpu = perOp
    ? `${perOp.machineMs} ms of the machine a transfer (the server ${perOp.serverMs ?? '?'} ms, PostgreSQL ${perOp.postgresMs ?? '?'} ms), ${transfers.pgbench.cpuPerTransaction?.machineMs ?? '?'} ms a pgbench transaction`
    : 'not measured (no /proc)';
  const table = tableOf(rows);
  return `# Benchmarks

Written by \`npm run bench\` (\`bench/run.ts\`); do not edit by hand. Run it again after a change
that could move these figures, and commit the new file.

- Date: ${date}
- Machine: ${machine}
- Load: autocannon, ${CONNECTIONS} connections, from the same machine (the load generator shares
  the CPU with the servers, equally for every figure). Each figure: ${WARMUP_S} s warm-up, then
  ${ROUNDS} rounds of ${SLICE_S} s interleaved with the other figures (${ROUNDS * SLICE_S} s in all). Value: mean
  req/s over the rounds; ratio: the median over rounds of figure / baseline in the same round,
  so that other load on the machine weighs on both sides alike.
- Khela: the built server (\`apps/server/dist/main.js\`), demo mode, PGlite in a fresh temporary data
  directory, \`LOG_LEVEL=warn\` (no per-request log lines), requests without \`Merchant\`/\`Language\`
  headers (the default merchant). Status figures are uncompressed unless marked brotli.
- Baseline: a bare Fastify ${fastifyVersion()} hello-world (\`bench/hello-world.mjs\`) started by the same run.
- Initial JS/CSS: the \`<script type="module">\`, \`<link rel="modulepreload">\` and
  \`<link rel="stylesheet">\` files of \`apps/web/dist/index.html\` plus the chunks they import
  statically; lazy route chunks are not counted. Sizes are gzip (zlib default level), 1 KB = 1024 bytes.
  Files: ${[...assets.js, ...assets.css].map((f) => `\`${f}\``).join(', ')}.
- Game list: ${listCalls} queries of the RNG lobby in turn (name searches in three languages
  with classify, min-bet and page filters) over the 10,000-game demo catalogue, against the same
  hello-world at the same ${gameListConnections} connections, each called as the web app calls it (its query
  parameters; \`Device\`, \`Language\` and \`Merchant\` headers; no token, as a visitor).
- \`/rng\` first paint: a new browser context per run (empty cache), DevTools CPU throttling 4x,
  from navigation start to the first visible game card (\`performance.now()\` in the page). Lobby JS:
  the scripts that navigation loads beyond the home page's initial files: ${lobbyJs.map((f) => `\`${f}\``).join(', ')}.
- Lighthouse (\`bench/lighthouse.ts\`, lighthouse 12.8 in Debian's Chromium): the performance
  category with its default mobile emulation and simulated throttling, a fresh browser per run
  (empty cache), three rounds, each round visiting \`/offline.html\`, \`/\` and \`/rng\` in turn;
  the figure is the median score, every round's score, LCP and FCP are listed. Baseline: the
  site's own static offline page served by the same server (what a page scores here with no
  application on it).
- Start-up: from spawning the process to the first successful \`/healthz\`.
- Transfers (\`bench/transfers.ts\`): wallet transfers between the main and a vendor wallet through
  the full HTTP stack on a fresh PostgreSQL database, each connection its own funded member, after
  a 3 s warm-up; \`pgbench -b tpcb-like\` on the same database with as many clients. Three rounds
  of each alternate (5 s each); the figure is the round with the median ratio. Rounds:
  ${transferRounds}. CPU per operation in that round (from \`/proc\`): ${transferCpu}. Then the same
  load on PGlite.
- Callbacks (\`bench/provider.ts\`): the vendor simulator's client sends signed bet/win/endRound
  callbacks on a fixed schedule (open loop) at 100 per second, 20 players, to the built server on a
  fresh database; latency per answer, and the server process's CPU time (user + system) over the
  window divided by the callbacks: the work per callback, which other load on the machine does not
  change much (PGlite runs it on one thread: at 100/s it must stay well under 10 ms).

${table}

Whole run: ${((Date.now() - began) / 1000).toFixed(0)} s.
`;
};
