/**
 * Crash test of the provider API (issue 7, Reliability; docs/decisions/010-provider-api.md):
 * starts the real built server (`SERVER_OUTFILE=apps/server/dist/h3-crash/main.js node apps/server/build.mjs`),
 * storms it with signed vendor callbacks from several players (bets, wins, rollbacks, endRounds,
 * duplicates), SIGKILLs it at random moments, restarts it, and checks afterwards that:
 *   - every acknowledged callback answers the same when replayed (its write survived the kill);
 *   - every player's balance equals the model built from the acknowledged answers only;
 * then, with the server stopped, runs the round sweeper in process with the clock 25 h ahead
 * (`scheduler.runNow('games.sweeper')`, the job the server runs every 10 min) and checks that:
 *   - the rounds some workers abandoned mid-storm (a bet and nothing more, or a bet and a win
 *     without endRound) are closed: refunded when they had no result, settled when they had;
 *   - every balance equals the model with those refunds, a second pass changes nothing;
 *   - no round is left open, and the ledger verifies.
 * Vendors retry an unanswered callback with the same txId until it is answered, as real ones do.
 *
 *   npm run crash:provider [-- --kills 10 --players 6 --storm-ms 1500 --build]
 * PGlite by default (a fresh data folder); PostgreSQL when DATABASE_URL is set (a fresh database
 * made beside the one named, dropped afterwards). CI runs `--kills 3 --players 4` on both.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app';
import { demoVendorSecret } from '../../apps/server/src/modules/provider';
import { type VerifyReport, verifyLedger } from '../../apps/server/src/modules/wallet';
import type { ProviderAnswer } from '../../packages/contract/src/provider';
import { createVendorClient, fetchTransport } from './client';
import { buildServerAside, createHarness, MERCHANT, sleep, VENDOR } from './harness';

/** JSON with sorted keys: answers compare by content, not key order. */
const same = (a: unknown, b: unknown) => {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(([k, x]) => [k, sorted(x)]),
        )
      : v;
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
};

export type CrashOptions = {
  kills?: number;
  players?: number;
  /** PostgreSQL server URL; unset: PGlite. */
  databaseUrl?: string | undefined;
  /** The built server; built aside into apps/server/dist/h3-crash when missing (bare imports resolve from apps/server/node_modules). */
  serverFile?: string;
  /** Time between a restart being healthy and the next kill, ms (random within). */
  killAfterMs?: [number, number];
  /** Share of the rounds of the abandoning workers (every second one) left unfinished. */
  abandonShare?: number;
  log?: (line: string) => void;
};

export type CrashReport = {
  engine: 'pglite' | 'postgres';
  kills: number;
  callbacks: number;
  acknowledged: number;
  /** Acknowledged callbacks whose replay answered differently (a lost or doubled write). */
  replayMismatches: string[];
  /** Players whose final balance is not the model's. */
  balanceMismatches: string[];
  /** Duplicates delivered during the storm that answered differently from the first. */
  duplicateMismatches: string[];
  /** Rounds workers abandoned mid-storm (no endRound), and those the sweeper then closed. */
  abandoned: number;
  swept: number;
  /** Players whose balance after the sweeper is not the model's (refunds of abandoned bets). */
  sweepMismatches: string[];
  openRounds: number;
  ledger: VerifyReport;
  ok: boolean;
  durationMs: number;
};

/** What the sweeper sees: 25 h after now, past every round's 24 h idle limit. */
const SWEEP_AHEAD_MS = 25 * 60 * 60 * 1000;

export const runProviderCrash = async (options: CrashOptions = {}): Promise<CrashReport> => {
  const started = Date.now();
  const log = options.log ?? ((line: string) => process.stdout.write(`crash: ${line}\n`));
  const kills = options.kills ?? 10;
  const players = options.players ?? 6;
  const [killMin, killMax] = options.killAfterMs ?? [300, 1500];
  const abandonShare = options.abandonShare ?? 0.3;

  const h = await createHarness({
    players,
    databaseUrl: options.databaseUrl,
    ...(options.serverFile ? { serverFile: options.serverFile } : {}),
    log,
  });
  const { engine, baseUrl, start, stopGracefully, openDb, tokens, gameId } = h;
  try {
    let server = await start();
    const client = createVendorClient({
      transport: fetchTransport(baseUrl),
      vendorCode: VENDOR,
      merchant: MERCHANT,
      secret: demoVendorSecret(MERCHANT, VENDOR),
      timeoutMs: 5_000,
    });

    type Acked = { action: string; payload: Record<string, unknown>; answer: ProviderAnswer };
    const acked = new Map<string, Acked>();
    const duplicateMismatches: string[] = [];
    let callbacks = 0;
    let stopping = false;

    /** Sends until answered (below 500); the vendor's retry after a crash. */
    const deliver = async (action: Parameters<typeof client.call>[0], payload: Record<string, unknown>) => {
      const key = `${action}:${String(payload.txId)}`;
      for (;;) {
        callbacks++;
        const withDuplicate = randomInt(0, 10) === 0;
        const sends = withDuplicate
          ? [client.call(action, payload), client.call(action, payload)]
          : [client.call(action, payload)];
        const results = await Promise.all(sends);
        const answered = results.filter((r) => r.status > 0 && r.status < 500);
        if (answered.length > 0) {
          const first = acked.get(key)?.answer ?? answered[0]!.answer;
          for (const r of answered) {
            if (!same(r.answer, first))
              duplicateMismatches.push(`${key}: ${JSON.stringify(first)} then ${JSON.stringify(r.answer)}`);
          }
          if (!acked.has(key)) acked.set(key, { action, payload, answer: first });
          return first;
        }
        await sleep(50);
      }
    };

    type Model = { start: bigint; balance: bigint };
    const models = new Map<string, Model>();
    for (const p of tokens) {
      const answer = await deliver('balance', { playerId: p.playerId });
      if (answer.status !== 'OK') throw new Error(`balance of ${p.playerId}: ${JSON.stringify(answer)}`);
      models.set(p.playerId, { start: BigInt(answer.balance), balance: BigInt(answer.balance) });
    }

    /** Rounds left without endRound: `bet` (no result: the sweeper refunds) or `win` (settled). */
    type Abandoned = {
      playerId: string;
      roundId: string;
      amount: number;
      betOk: boolean;
      kind: 'bet' | 'win';
    };
    const abandoned: Abandoned[] = [];

    const worker = async (p: { playerId: string; token: string }, w: number) => {
      const model = models.get(p.playerId)!;
      // Every second worker walks away from some rounds, as a player's vendor session can.
      const abandons = w % 2 === 1;
      for (let round = 0; !stopping; round++) {
        const roundId = `crash-${w}-${round}-${randomBytes(3).toString('hex')}`;
        const amount = randomInt(100, 1000);
        const bet = await deliver('bet', {
          playerId: p.playerId,
          token: p.token,
          txId: `${roundId}-b`,
          roundId,
          gameId,
          amount,
          currency: 'BDT',
        });
        if (bet.status === 'OK') model.balance -= BigInt(amount);
        const walkAway = abandons && randomInt(0, 1000) < abandonShare * 1000;
        if (walkAway && randomInt(0, 2) === 0) {
          abandoned.push({ playerId: p.playerId, roundId, amount, betOk: bet.status === 'OK', kind: 'bet' });
          continue;
        }
        if (!walkAway && randomInt(0, 5) === 0) {
          const rb = await deliver('rollback', {
            playerId: p.playerId,
            txId: `${roundId}-r`,
            roundId,
            refTxId: `${roundId}-b`,
          });
          if (rb.status === 'OK' && rb.txId) model.balance += BigInt(amount);
        }
        const winAmount = randomInt(0, 3) === 0 ? randomInt(1, 3000) : 0;
        const win = await deliver('win', {
          playerId: p.playerId,
          txId: `${roundId}-w`,
          roundId,
          gameId,
          amount: winAmount,
          currency: 'BDT',
        });
        if (win.status === 'OK') model.balance += BigInt(winAmount);
        if (walkAway) {
          abandoned.push({ playerId: p.playerId, roundId, amount, betOk: bet.status === 'OK', kind: 'win' });
          continue;
        }
        await deliver('endRound', { playerId: p.playerId, txId: `${roundId}-e`, roundId });
      }
    };

    const workers = tokens.map((p, i) => worker(p, i));
    let done = 0;
    for (; done < kills; done++) {
      await sleep(randomInt(killMin, killMax));
      server.child.kill('SIGKILL');
      await server.exited;
      server = await start();
      log(`kill ${done + 1}/${kills}: restarted, ${acked.size} acknowledged so far`);
    }
    await sleep(500);
    stopping = true;
    await Promise.all(workers);

    // Replays: every acknowledged call must answer exactly as it did.
    const replayMismatches: string[] = [];
    for (const [key, a] of acked) {
      if (a.action === 'balance') continue;
      const again = await client.call(a.action as Parameters<typeof client.call>[0], a.payload, {
        retries: 5,
      });
      if (!same(again.answer, a.answer))
        replayMismatches.push(
          `${key}: acknowledged ${JSON.stringify(a.answer)}, replay ${JSON.stringify(again.answer)}`,
        );
    }
    const balanceMismatches: string[] = [];
    for (const p of tokens) {
      const answer = (await client.balance(p.playerId, { retries: 5 })).answer;
      const model = models.get(p.playerId)!;
      if (answer.status !== 'OK' || BigInt(answer.balance) !== model.balance)
        balanceMismatches.push(
          `player ${p.playerId}: model ${model.balance}, server ${JSON.stringify(answer)}`,
        );
    }
    await stopGracefully(server);

    // The sweeper, in process on the same database, 25 h later: every abandoned round is idle.
    const database = await openDb();
    const app = await buildApp({
      config: {
        LOG_LEVEL: 'silent',
        TRUST_PROXY: undefined,
        BLOCKED_COUNTRIES: undefined,
        KHELA_MODE: 'demo',
        KHELA_SCHEDULER: 'off',
      },
      database,
      logger: false,
      now: () => new Date(Date.now() + SWEEP_AHEAD_MS),
    });
    const sweepMismatches: string[] = [];
    let swept = 0;
    let openRounds = -1;
    let ledger: VerifyReport;
    try {
      const roundsOf = (status: string) =>
        database.db
          .selectFrom('provider_round')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', status as 'open')
          .where('vendor_code', '=', VENDOR)
          .where('external_round_id', 'in', abandoned.length > 0 ? abandoned.map((a) => a.roundId) : ['-'])
          .executeTakeFirstOrThrow();
      const openBefore = Number((await roundsOf('open')).n);
      await app.services.scheduler.runNow('games.sweeper');
      swept = openBefore - Number((await roundsOf('open')).n);
      // Abandoned bets without a result come back; those with one stay (the round settles).
      for (const a of abandoned) {
        if (a.kind === 'bet' && a.betOk) models.get(a.playerId)!.balance += BigInt(a.amount);
      }
      const walletOf = async (playerId: string) => {
        const single = app.services.wallet.merchantWallet(MERCHANT).isSingle;
        const base = { merchantCode: MERCHANT, currency: 'BDT', memberId: Number(playerId) };
        const id = await app.services.wallet.accountOf(
          single ? { ...base, kind: 'member_main' } : { ...base, kind: 'member_vendor', vendorCode: VENDOR },
        );
        const row = await database.db
          .selectFrom('ledger_account')
          .select('balance')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return BigInt(row.balance);
      };
      const compare = async (pass: string) => {
        for (const p of tokens) {
          const balance = await walletOf(p.playerId);
          const model = models.get(p.playerId)!;
          if (balance !== model.balance)
            sweepMismatches.push(`${pass}: player ${p.playerId}: model ${model.balance}, ledger ${balance}`);
        }
      };
      await compare('after the sweeper');
      // A second pass changes nothing.
      await app.services.scheduler.runNow('games.sweeper');
      await compare('after a second pass');
      ledger = await verifyLedger(database.db);
      const open = await database.db
        .selectFrom('provider_round')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      const openGame = await database.db
        .selectFrom('game_round')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'open')
        .where('vendor_code', '=', VENDOR)
        .executeTakeFirstOrThrow();
      openRounds = Number(open.n) + Number(openGame.n);
    } finally {
      await app.close();
      await database.close();
    }
    const report: CrashReport = {
      engine,
      kills: done,
      callbacks,
      acknowledged: acked.size,
      replayMismatches,
      balanceMismatches,
      duplicateMismatches,
      abandoned: abandoned.length,
      swept,
      sweepMismatches,
      openRounds,
      ledger,
      ok:
        replayMismatches.length === 0 &&
        balanceMismatches.length === 0 &&
        duplicateMismatches.length === 0 &&
        sweepMismatches.length === 0 &&
        abandoned.length > 0 &&
        swept === abandoned.filter((a) => a.betOk || a.kind === 'win').length &&
        openRounds === 0 &&
        ledger.ok,
      durationMs: Date.now() - started,
    };
    return report;
  } finally {
    await h.cleanup();
  }
};

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (args.includes('--build')) buildServerAside();
  const stormMs = arg('storm-ms');
  runProviderCrash({
    kills: Number(arg('kills') ?? 10),
    players: Number(arg('players') ?? 6),
    databaseUrl: process.env.DATABASE_URL || undefined,
    ...(stormMs
      ? { killAfterMs: [Math.round(Number(stormMs) / 3), Number(stormMs)] as [number, number] }
      : {}),
  })
    .then((report) => {
      process.stdout.write(
        `${JSON.stringify({ ...report, ledger: { ok: report.ledger.ok, findings: report.ledger.findings, counts: report.ledger.counts } }, null, 2)}\n`,
      );
      process.stdout.write(
        `crash:provider ${report.engine}: ${report.ok ? 'ok' : 'FAILED'}: ${report.kills} kills, ${report.acknowledged} acknowledged callbacks, ${report.abandoned} abandoned rounds (${report.swept} swept), ${report.openRounds} open, ledger ${report.ledger.ok ? 'verifies' : 'BROKEN'}, ${(report.durationMs / 1000).toFixed(1)} s\n`,
      );
      process.exit(report.ok ? 0 : 1);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(2);
    });
}
