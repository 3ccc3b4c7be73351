import { createRequire } from 'node:module';
import { log } from './processes';

/**
 * Requests per second of an HTTP target under autocannon, measured in interleaved slices so that
 * a figure and its baseline see the same conditions on a shared machine (bench/run.ts).
 */
export const CONNECTIONS = 10;
/** Each figure gets ROUNDS slices of SLICE_S seconds (5 s in all), interleaved with the others. */
export const ROUNDS = 5;
export const SLICE_S = 1;
export const WARMUP_S = 1;

/**
 * The lobby's heaviest queries: name searches (English, Bangla, Hindi) with classify, min-bet and
 * page filters over the RNG lane, cycled by every connection. Each is called as the web app calls
 * it (`features/lobby/list-query.ts`, `shared/api/client.ts`): its query (clientType 3, the
 * desktop platforms, the page language) and headers (Device, Language, and the Merchant the first
 * permission answer named; the Hindi search goes to the merchant offering Hindi). No token: the
 * list is open to visitors (`auth: 'optional'`) and the web app sends one only when signed in.
 * Each distinct query is computed once per catalogue version and then served from the server's
 * memory, as popular lobby queries are in production.
 */
const GAME_LIST_CALLS: { language: 'en' | 'bn' | 'hi'; query: string }[] = [
  { language: 'en', query: 'gameType=RNG&gameName=fortune&pageNo=1&pageSize=15' },
  { language: 'en', query: 'gameType=RNG&gameName=lucky&pageNo=2&pageSize=15' },
  // A classify tag of the demo catalogue (video_slot, classic_slot, megaways, jackpot, ...).
  { language: 'en', query: 'gameType=RNG&gameName=dragon&gameClassify=video_slot&pageNo=1&pageSize=15' },
  { language: 'en', query: 'gameType=RNG&gameName=gold&minBet=0.1&pageNo=1&pageSize=15' },
  {
    language: 'bn',
    query: 'gameType=RNG&gameName=%E0%A6%B8%E0%A7%8B%E0%A6%A8%E0%A6%BE&pageNo=1&pageSize=15',
  },
  {
    language: 'hi',
    query: 'gameType=RNG&gameName=%E0%A4%B6%E0%A4%BE%E0%A4%B9%E0%A5%80&pageNo=1&pageSize=15',
  },
  { language: 'en', query: 'gameType=RNG&gameName=mega%20wild&pageNo=1&pageSize=15' },
  { language: 'bn', query: 'gameType=RNG&minBet=0.75&pageNo=3&pageSize=15' },
];

export type Call = { path: string; headers: Record<string, string> };

/** The game-list calls with the merchants of this server (read from its permission answer). */
export const gameListCalls = async (base: string): Promise<Call[]> => {
  const status = (await (await fetch(`${base}/wps/system/status`)).json()) as {
    value: { info: { merchant: { code: string }; merchants: { code: string; languages: string[] }[] } };
  };
  const { merchant, merchants } = status.value.info;
  return GAME_LIST_CALLS.map(({ language, query }) => ({
    path: `/wps/relay/GCSGAME_gameList?clientType=3&platform=flash%2Chtml5-desktop&${query}&language=${language}`,
    headers: {
      device: 'web',
      language,
      merchant:
        language === 'hi'
          ? (merchants.find((m) => m.languages.includes('hi'))?.code ?? merchant.code)
          : merchant.code,
    },
  }));
};

type Histogram = { average: number; p50: number; p99: number };
type CannonResult = {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
};
type CannonOptions = {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { path: string }[];
};
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: CannonOptions,
) => Promise<CannonResult>;

export type Target = {
  name: string;
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  /** Calls (path and headers) made in turn by every connection, instead of the URL's own path. */
  calls?: Call[];
};
export type Measured = { rps: number; p99: number; rounds: number[]; bytes: number };

const slice = async (target: Target, seconds: number) => {
  const result = await autocannon({
    url: target.url,
    connections: target.connections ?? CONNECTIONS,
    duration: seconds,
    headers: target.headers ?? {},
    ...(target.calls ? { requests: target.calls.map((call) => ({ ...call })) } : {}),
  });
  if (result.errors + result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${target.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`,
    );
  }
  return { rps: result.requests.total / result.duration, p99: result.latency.p99 };
};

/**
 * Measures every target in ROUNDS rounds of one SLICE_S slice each, after a warm-up. Other
 * processes on a shared machine come and go within seconds; interleaving the slices exposes
 * every target, the baseline included, to the same conditions, and each ratio is taken per round.
 */
export const measureInterleaved = async (targets: Target[]) => {
  const sizes = new Map<string, number>();
  for (const target of targets) {
    // The answer's size on the wire (compressed when the target asks for it).
    const res = await fetch(target.url, { headers: target.headers ?? { 'accept-encoding': 'identity' } });
    const length = Number(res.headers.get('content-length'));
    sizes.set(
      target.name,
      Number.isFinite(length) && length > 0 ? length : (await res.arrayBuffer()).byteLength,
    );
    await slice(target, WARMUP_S);
  }
  const samples = new Map<string, { rps: number; p99: number }[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) samples.get(target.name)?.push(await slice(target, SLICE_S));
  }
  const out = new Map<string, Measured>();
  for (const target of targets) {
    const list = samples.get(target.name) ?? [];
    const measured = {
      rps: list.reduce((sum, x) => sum + x.rps, 0) / list.length,
      p99: Math.max(...list.map((x) => x.p99)),
      rounds: list.map((x) => x.rps),
      bytes: sizes.get(target.name) ?? 0,
    };
    log(
      `${target.name}: ${Math.round(measured.rps)} req/s (rounds ${measured.rounds.map(Math.round).join(', ')}), p99 ≤ ${measured.p99} ms`,
    );
    out.set(target.name, measured);
  }
  return out;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The median over rounds of (figure / baseline) in the same round. */
export const ratioTo = (figure: Measured, baseline: Measured) =>
  median(figure.rounds.map((rps, i) => rps / (baseline.rounds[i] ?? Number.NaN)));

export const reqs = (m: Measured) =>
  `${Math.round(m.rps).toLocaleString('en-US')} req/s (p99 ≤ ${m.p99} ms; ${m.bytes.toLocaleString('en-US')}-byte answer)`;
