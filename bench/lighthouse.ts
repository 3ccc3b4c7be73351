/**
 * Lighthouse (mobile emulation, its default simulated throttling) in Debian's Chromium on `/` and
 * `/rng` (issue 24's targets: performance ≥ 90), with the site's own static offline page as the
 * baseline of the same run: the score a page from this server gets with no application on it.
 * Every round's score, LCP and FCP are kept.
 *
 * Alone against a running server: `npx tsx bench/lighthouse.ts <base-url> [rounds]`.
 */
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseRound = { score: number; lcpMs: number; fcpMs: number; tbtMs: number };
export type LighthousePage = { path: string; rounds: LighthouseRound[]; medianScore: number };

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** One Lighthouse performance run of a page in a fresh Chromium (empty cache). */
const runOnce = async (url: string): Promise<LighthouseRound> => {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
    const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
    };
  } finally {
    await chrome.kill();
  }
};

/** `rounds` runs of each path, in turn (baseline first, so each page meets the same machine). */
export const measureLighthouse = async (base: string, paths: string[], rounds = 3) => {
  const pages: LighthousePage[] = paths.map((path) => ({ path, rounds: [], medianScore: 0 }));
  for (let round = 0; round < rounds; round++)
    for (const page of pages) page.rounds.push(await runOnce(`${base}${page.path}`));
  for (const page of pages) page.medianScore = median(page.rounds.map((r) => r.score));
  return pages;
};

export const describeRounds = (page: LighthousePage) =>
  page.rounds
    .map((r) => `${r.score} (LCP ${(r.lcpMs / 1000).toFixed(1)} s, FCP ${(r.fcpMs / 1000).toFixed(1)} s)`)
    .join(', ');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8080';
  const rounds = Number(process.argv[3] ?? 3);
  for (const page of await measureLighthouse(base, ['/offline.html', '/', '/rng'], rounds))
    console.log(`${page.path}: median ${page.medianScore}; ${describeRounds(page)}`);
}
