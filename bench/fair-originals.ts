/**
 * Throughput of the in-house engines of `@khela/fair` (originals, fishing, the new slot engines),
 * pure package, one core: rounds per CPU second of this process (`process.cpuUsage`, so other
 * load on the machine does not count against it). Baseline of the same run: one HMAC-SHA256 block
 * of the provably fair stream per round (`createByteStream` + one draw), the floor every engine
 * pays. Target (issue 18): every engine ≥ 100,000 rounds/s.
 *
 *   npx tsx bench/fair-originals.ts      prints the figures
 *   npm run bench                        adds them to BENCHMARKS.md (one hook line in run.ts)
 */
import { fileURLToPath } from 'node:url';
import { fishShot } from '../packages/fair/src/fishing/index';
import {
  crashPointX100,
  playDice,
  playLimbo,
  playMines,
  playPlinko,
  playTower,
  playWheel,
  settleCrashBet,
} from '../packages/fair/src/originals/index';
import { createByteStream } from '../packages/fair/src/rng';
import { spinCluster, spinHoldWin, spinMegaways } from '../packages/fair/src/slots/index';

export const ENGINE_ROUNDS_TARGET = 100_000;
const SEED = 'be7c'.repeat(16);
const ROUNDS = 60_000;

type Engine = { name: string; round: (nonce: number) => unknown };

const seeds = (nonce: number) => ({ serverSeed: SEED, clientSeed: 'bench', nonce });
const ENGINES: Engine[] = [
  {
    name: 'crash (crash point + a bet)',
    round: (n) =>
      settleCrashBet({ betMinor: 100, cashoutX100: 200, crashX100: crashPointX100(SEED, `salt-${n}`) }),
  },
  { name: 'dice', round: (n) => playDice({ ...seeds(n), betMinor: 100, direction: 'under', target: 4950 }) },
  { name: 'limbo', round: (n) => playLimbo({ ...seeds(n), betMinor: 100, targetX100: 200 }) },
  {
    name: 'plinko (16 rows)',
    round: (n) => playPlinko({ ...seeds(n), betMinor: 100, rows: 16, risk: 'high' }),
  },
  {
    name: 'mines (3 mines, 1 pick)',
    round: (n) => playMines({ ...seeds(n), betMinor: 100, mines: 3, picks: [12] }),
  },
  {
    name: 'wheel (50 segments)',
    round: (n) => playWheel({ ...seeds(n), betMinor: 100, segments: 50, risk: 'medium' }),
  },
  {
    name: 'tower (medium, 1 pick)',
    round: (n) => playTower({ ...seeds(n), betMinor: 100, difficulty: 'medium', picks: [0] }),
  },
  {
    name: 'fishing shot',
    round: (n) => fishShot({ ...seeds(n), bulletMinor: 10, speciesId: n % 18, rtpBp: 9600 }),
  },
  {
    name: 'cluster slot (with cascades)',
    round: (n) => spinCluster({ ...seeds(n), betMinor: 20, volatility: 'medium' }),
  },
  {
    name: 'hold-and-win slot (with respins)',
    round: (n) => spinHoldWin({ ...seeds(n), betMinor: 20, volatility: 'medium' }),
  },
  {
    name: 'megaways slot (with free spins)',
    round: (n) => spinMegaways({ ...seeds(n), betMinor: 20, volatility: 'medium' }),
  },
];

/** Rounds per CPU second of `round` over ROUNDS rounds (after a warm-up). */
const perCpuSecond = (round: (nonce: number) => unknown): number => {
  for (let n = 0; n < 3_000; n++) round(n);
  const before = process.cpuUsage();
  for (let n = 0; n < ROUNDS; n++) round(n);
  const used = process.cpuUsage(before);
  return ROUNDS / ((used.user + used.system) / 1e6);
};

export type EngineFigure = { name: string; roundsPerSecond: number; ratio: number };

export const measureFairEngines = (): { baseline: number; engines: EngineFigure[] } => {
  const baseline = perCpuSecond((n) => createByteStream(seeds(n)).nextUint32());
  return {
    baseline,
    engines: ENGINES.map((e) => {
      const roundsPerSecond = perCpuSecond(e.round);
      return { name: e.name, roundsPerSecond, ratio: roundsPerSecond / baseline };
    }),
  };
};

const perSecond = (v: number) => `${Math.round(v).toLocaleString('en-US')} rounds/s`;

/** The rows `npm run bench` adds to BENCHMARKS.md; `verdict` marks a missed target. */
export const fairEngineBenchRows = (verdict: (ok: boolean) => string) => {
  const { baseline, engines } = measureFairEngines();
  return engines.map((e) => ({
    figure: `\`@khela/fair\` ${e.name}, one core`,
    value: perSecond(e.roundsPerSecond),
    baseline: `one HMAC block ${perSecond(baseline)}`,
    ratio: `${(e.ratio * 100).toFixed(0)} %`,
    target: `≥ ${perSecond(ENGINE_ROUNDS_TARGET)}`,
    result: verdict(e.roundsPerSecond >= ENGINE_ROUNDS_TARGET),
  }));
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { baseline, engines } = measureFairEngines();
  console.log(`baseline (one HMAC block per round): ${perSecond(baseline)} per CPU second`);
  for (const e of engines)
    console.log(
      `${e.name.padEnd(36)} ${perSecond(e.roundsPerSecond).padStart(18)}  ${(e.ratio * 100).toFixed(0)} % of baseline`,
    );
}
