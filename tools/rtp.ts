/**
 * `npm run rtp`: the exact theoretical RTP of every RNG game of the demo catalogue.
 *
 * The catalogue is generated in memory by the same generator the demo seed uses (no database),
 * each game's theme is derived from its node id and English name (`themeFor`), and each distinct
 * paytable's RTP is computed exactly (`rtpOf`: bigint fractions over all reel-stop combinations,
 * free spins included in closed form, the jackpot excluded). Prints one line per game, then the
 * distinct paytables and a summary; exits 1 if any game is outside 96 % ± 0.5.
 *
 *   npm run rtp                 every game, then the summary
 *   npm run rtp -- --summary    the distinct paytables and the summary only
 *   npm run rtp -- --enumerate lines-high-gems
 *                               cross-check one paytable: visit every one of its L1·…·L5 stop
 *                               combinations with the engine (`evaluateStops`) and compare the
 *                               resulting fraction with `rtpOf` (tens of millions of spins: minutes)
 */
import {
  BET_COINS,
  evaluateStops,
  type Layout,
  paytableFor,
  RTP_TARGET,
  RTP_TOLERANCE,
  type RtpReport,
  rtpInBand,
  rtpOf,
  type SymbolFamily,
  themeFor,
  type Volatility,
} from '../packages/fair/src/index';
import { generateCatalogueRngGames } from './rtp-catalogue';
import { printEngineRtps } from './rtp-engines';

const pct = (v: number, digits = 4) => `${(v * 100).toFixed(digits)} %`;
const summaryOnly = process.argv.includes('--summary');
const enumerateKey = process.argv.includes('--enumerate')
  ? process.argv[process.argv.indexOf('--enumerate') + 1]
  : null;

/** Every stop combination through the engine; returns the exact RTP fraction it implies. */
const enumerate = (key: string) => {
  const [layout, volatility, family] = key.split('-') as [Layout, Volatility, SymbolFamily];
  const table = paytableFor(layout, volatility, family);
  const lengths = table.reels.map((r) => r.length);
  const stops = [0, 0, 0, 0, 0];
  let coins = 0;
  let awarded = 0;
  let combinations = 0;
  const started = performance.now();
  for (stops[0] = 0; (stops[0] as number) < (lengths[0] as number); stops[0]++) {
    for (stops[1] = 0; (stops[1] as number) < (lengths[1] as number); stops[1]++)
      for (stops[2] = 0; (stops[2] as number) < (lengths[2] as number); stops[2]++)
        for (stops[3] = 0; (stops[3] as number) < (lengths[3] as number); stops[3]++)
          for (stops[4] = 0; (stops[4] as number) < (lengths[4] as number); stops[4]++) {
            const e = evaluateStops(table, stops);
            coins += e.coins;
            awarded += e.freeSpinsAwarded;
            combinations += 1;
          }
    console.error(
      `reel 1 stop ${(stops[0] as number) + 1}/${lengths[0]} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  const D = BigInt(combinations);
  const B = BigInt(coins);
  const R = BigInt(awarded);
  const M = BigInt(table.freeSpinMultiplier);
  const numerator = B * (D - R + M * R);
  const denominator = BigInt(BET_COINS) * D * (D - R);
  const exact = rtpOf(table).rtp;
  const same = exact.numerator * denominator === numerator * exact.denominator;
  console.log(
    `${key}: ${combinations} combinations, ${coins} coins, ${awarded} free spins awarded → RTP ` +
      `${pct(Number((numerator * 10n ** 12n) / denominator) / 1e12, 6)}; rtpOf ${pct(exact.value, 6)}: ` +
      (same ? 'identical fractions' : 'DIFFERENT'),
  );
  return same;
};

if (enumerateKey) {
  process.exitCode = enumerate(enumerateKey) ? 0 : 1;
  process.exit();
}

const started = performance.now();
const games = generateCatalogueRngGames();
const reports = new Map<string, RtpReport>();
const perKey = new Map<string, number>();

let outside = 0;
let min = Number.POSITIVE_INFINITY;
let max = Number.NEGATIVE_INFINITY;
let sum = 0;
if (!summaryOnly) console.log(['node id', 'name', 'paytable', 'RTP'].join('\t'));
for (const game of games) {
  const theme = themeFor(game);
  const key = theme.paytable.key;
  let report = reports.get(key);
  if (!report) {
    report = rtpOf(theme.paytable);
    reports.set(key, report);
  }
  perKey.set(key, (perKey.get(key) ?? 0) + 1);
  const value = report.rtp.value;
  min = Math.min(min, value);
  max = Math.max(max, value);
  sum += value;
  if (!rtpInBand(report.rtp)) outside += 1;
  if (!summaryOnly) console.log([game.nodeId, game.name, key, pct(value)].join('\t'));
}

console.log('\nDistinct paytables (exact RTP = base lines/ways + scatter + free spins; jackpot excluded)');
console.log(
  [
    'paytable',
    'games',
    'RTP',
    'base',
    'scatter',
    'free spins',
    'trigger',
    'combinations',
    'RTP fraction',
  ].join('\t'),
);
for (const [key, r] of [...reports].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    [
      key,
      perKey.get(key),
      pct(r.rtp.value),
      pct(r.baseLines.value, 2),
      pct(r.baseScatter.value, 2),
      pct(r.freeSpins.value, 2),
      `1 in ${Math.round(1 / r.triggerProbability.value)}`,
      r.combinations.toString(),
      `${r.rtp.numerator}/${r.rtp.denominator}`,
    ].join('\t'),
  );
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `\nGames: ${games.length} RNG games, ${reports.size} distinct paytables. RTP min ${pct(min)}, max ${pct(max)}, ` +
    `mean ${pct(sum / games.length)}. Target ${pct(RTP_TARGET, 1)} ± ${pct(RTP_TOLERANCE, 1)}: ` +
    `${outside} outside. ${seconds} s.`,
);
const enginesInBand = printEngineRtps();
process.exitCode = outside === 0 && enginesInBand ? 0 : 1;
