/**
 * `/rng` in Debian's Chromium with 4x CPU slowdown (DevTools CPU throttling): the time from the
 * start of navigation until the frame in which the first game card is visible (timed in the page), and the JS the page loads beyond the
 * home page's initial files (the lobby's lazy chunks), gzip. Each run also keeps where the time
 * went: the app's own performance marks (`khela:*`, set in main.tsx and the lobby) and the
 * resource timings of the page's downloads, so a slow figure can be read, not guessed at.
 *
 * Alone against a running server: `npx tsx bench/first-paint.ts <base-url> <web-dist> [runs]`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/** One download of the page: path, start and end (ms after navigation start), bytes on the wire. */
export type Timing = { name: string; start: number; end: number; bytes: number };
export type Run = { ms: number; marks: Record<string, number>; resources: Timing[] };
export type FirstPaint = {
  runsMs: number[];
  medianMs: number;
  lobbyJs: string[];
  lobbyJsGzip: number;
  runs: Run[];
};

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const measureRngFirstPaint = async (
  base: string,
  webDist: string,
  initialJs: readonly string[],
  runs = 5,
): Promise<FirstPaint> => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const runsMs: number[] = [];
  const details: Run[] = [];
  let lobbyJs: string[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      // A new context each time: an empty cache, as on a first visit.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: 'bn-BD',
        extraHTTPHeaders: { 'X-Forwarded-For': '103.4.145.1' },
      });
      await context.addInitScript(() => {
        window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
        // The end of the first frame that shows a game card (in the DOM, not inside a hidden
        // Suspense subtree, with a size), timed in the page: the driver's polling delay is not counted.
        const seen = window as unknown as { khelaFirstCard?: number };
        const observer = new MutationObserver(() => {
          const card = document.querySelector('[data-testid="game-card"]');
          if (!card?.checkVisibility() || card.getBoundingClientRect().height === 0) return;
          observer.disconnect();
          // The next frame draws it: timed once that frame's layout and paint are done, by a task
          // posted from its animation-frame callback. A user-blocking one (scheduler.postTask):
          // it runs before the ordinary tasks and timers the page queued meanwhile, such as the
          // lobby's work started right after that frame (marks.ts), which an ordinary task
          // (a MessageChannel message, as until ADR 016's update) could be queued behind and count.
          // (No named function here: tsx would wrap it in a helper the page does not have.)
          requestAnimationFrame(() => {
            const scheduler = (
              window as unknown as {
                scheduler?: { postTask?: (task: () => void, options: { priority: string }) => unknown };
              }
            ).scheduler;
            if (scheduler?.postTask) {
              scheduler.postTask(
                () => {
                  seen.khelaFirstCard = performance.now();
                },
                { priority: 'user-blocking' },
              );
              return;
            }
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              seen.khelaFirstCard = performance.now();
            };
            channel.port2.postMessage(null);
          });
        });
        observer.observe(document, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['style', 'class', 'hidden'],
        });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
      });
      await page.goto(`${base}/rng`, { waitUntil: 'commit' });
      await page.getByTestId('game-card').first().waitFor({ state: 'visible', timeout: 30_000 });
      // navigationStart to the frame that showed the first card (see the init script above).
      const ms = (await (
        await page.waitForFunction(() => (window as unknown as { khelaFirstCard?: number }).khelaFirstCard)
      ).jsonValue()) as number;
      runsMs.push(ms);
      const seen = await page.evaluate(() => ({
        marks: Object.fromEntries(
          performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('khela:'))
            .map((m) => [m.name.slice(6), Math.round(m.startTime)]),
        ),
        resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
          name: new URL(r.name).pathname + new URL(r.name).search,
          start: Math.round(r.startTime),
          end: Math.round(r.responseEnd),
          bytes: r.transferSize,
        })),
      }));
      details.push({ ms, ...seen });
      lobbyJs = [...scripts].filter((file) => !initialJs.includes(file)).sort();
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return {
    runsMs,
    medianMs: sorted[Math.floor(sorted.length / 2)] as number,
    lobbyJs,
    lobbyJsGzip: lobbyJs.reduce((sum, file) => sum + gzipSync(readFileSync(join(webDist, file))).length, 0),
    runs: details,
  };
};

/** One run as lines: the app's marks in order, then the downloads that ended before the first card. */
export const describeRun = (run: Run) => {
  const lines = [`first card ${Math.round(run.ms)} ms`];
  const marks = Object.entries(run.marks).sort((a, b) => a[1] - b[1]);
  lines.push(`  marks: ${marks.map(([name, at]) => `${name} ${at}`).join(', ') || '(none)'}`);
  for (const r of [...run.resources].sort((a, b) => a.end - b.end)) {
    if (r.start > run.ms) continue;
    const short = r.name.length > 60 ? `${r.name.slice(0, 57)}...` : r.name;
    lines.push(`  ${String(r.start).padStart(5)} → ${String(r.end).padStart(5)} ms  ${short} (${r.bytes} B)`);
  }
  return lines.join('\n');
};

/** The home page's initial scripts: index.html's module scripts and preloads, and their static imports. */
export const initialScripts = (webDist: string) => {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const found = new Set<string>();
  for (const [, src] of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.js)"/g))
    found.add(src as string);
  const queue = [...found];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const code = readFileSync(join(webDist, file), 'utf8');
    for (const match of code.matchAll(
      /(?:^|[;\s}])import\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.js)["']/g,
    )) {
      const spec = match[1] as string;
      const path = spec.startsWith('/') ? spec : `/${join(dirname(file), spec).replace(/^\/+/, '')}`;
      if (!found.has(path)) {
        found.add(path);
        queue.push(path);
      }
    }
  }
  return [...found];
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [base, webDist, runs = '5'] = process.argv.slice(2);
  if (!base || !webDist) {
    console.error('usage: npx tsx bench/first-paint.ts <base-url> <web-dist> [runs]');
    process.exit(2);
  }
  const result = await measureRngFirstPaint(base, webDist, initialScripts(webDist), Number(runs));
  for (const run of result.runs) console.log(describeRun(run));
  console.log(
    `median ${Math.round(result.medianMs)} ms (${result.runsMs.map(Math.round).join(', ')}); lobby JS ${(result.lobbyJsGzip / 1024).toFixed(1)} KB gzip in ${result.lobbyJs.length} files`,
  );
}
