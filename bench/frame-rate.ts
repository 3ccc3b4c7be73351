/**
 * The in-house slot's frame rate "on a mid phone" (issue 7: 60 fps): Debian's Chromium at 390 px
 * (device scale 2.625, touch), 4x CPU slowdown (DevTools CPU throttling), spinning one slot of the
 * demo catalogue in free play (`/play.html`, the page the `/game` iframe opens). While the reels
 * move (`data-spinning="true"`), every requestAnimationFrame timestamp is kept; the answer is the
 * distribution of the times between frames: p95 ≤ 16.7 ms means 60 fps held 95 % of the time.
 *
 * For the lead's `bench/run.ts`: `measureSlotFrameRate(baseUrl, { spins })` against a running
 * server (demo mode, `SERVE_WEB=true`). Alone:
 *   npx tsx bench/frame-rate.ts <base-url> [spins]
 */
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

export type FrameRate = {
  /** Frame intervals measured while the reels moved (ms). */
  frames: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Share of intervals longer than one 60 Hz frame (16.7 ms), in %. */
  slowPercent: number;
  /** Frames per second over the time the reels moved. */
  fps: number;
  /**
   * Main-thread busy time of the page per frame while spinning (DevTools `TaskDuration`, ms, in
   * throttled time): the renderer's own cost, less sensitive than frame times to a busy machine.
   */
  busyPerFrameMs: number;
  spins: number;
  /** The 60 fps target: p95 ≤ 16.7 ms (one vsync; timestamps jitter by ±0.1 ms, 0.5 ms allowed). */
  ok: boolean;
  game: string;
};

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One 60 Hz frame. */
export const FRAME_BUDGET_MS = 1000 / 60;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** A free-play URL of the first PG video slot (visitors may play PG for free; the list mixes in arcade and table games). */
const freePlayUrl = async (base: string) => {
  const headers = { Merchant: 'khelabd', 'X-Forwarded-For': '103.4.145.9' };
  const list = await fetch(
    `${base}/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=PG&pageNo=1&pageSize=12&clientType=3&platform=html5`,
    { headers },
  );
  const games = ((await list.json()) as { value: { games: { nodeId: string; gameClassify?: string[] }[] } })
    .value.games;
  const game = games.find((g) => g.gameClassify?.includes('video_slot'));
  if (!game) throw new Error('no PG video slot in the catalogue');
  const launch = await fetch(
    `${base}/wps/game/launchGame?nodeId=${encodeURIComponent(game.nodeId)}&launchMode=GLS&accountType=0&language=en&platform=html5`,
    { headers },
  );
  const body = (await launch.json()) as { success: boolean; value?: { content: { game_url: string } } };
  if (!body.success || !body.value) throw new Error(`free-play launch refused: ${JSON.stringify(body)}`);
  return { url: new URL(body.value.content.game_url, base).toString(), game: game.nodeId };
};

export const measureSlotFrameRate = async (
  base: string,
  options: { spins?: number; cpuSlowdown?: number } = {},
): Promise<FrameRate> => {
  const spins = options.spins ?? 12;
  const { url, game } = await freePlayUrl(base);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown ?? 4 });
    await page.goto(url);
    const main = page.getByTestId('play-main');
    await page.getByTestId('play-spin').waitFor({ state: 'visible', timeout: 60_000 });
    // Sound off: the bench measures drawing, not audio.
    if ((await page.getByTestId('play-mute').getAttribute('aria-pressed')) !== 'true')
      await page.getByTestId('play-mute').click();
    // Every frame's timestamp while the reels move.
    // (A string: tsx would wrap named functions in a helper the page does not have.)
    await page.evaluate(`(() => {
      window.frameLog = [];
      let run = null;
      const tick = (now) => {
        const main = document.querySelector('[data-testid="play-main"]');
        if (main && main.getAttribute('data-spinning') === 'true') {
          if (!run) { run = []; window.frameLog.push(run); }
          run.push(now);
        } else run = null;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    await cdp.send('Performance.enable');
    const taskTime = async () =>
      ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ??
        0) * 1000;
    const busyBefore = await taskTime();
    for (let i = 0; i < spins; i++) {
      await page.getByTestId('play-spin').click();
      await main.waitFor({ state: 'attached' });
      await page.waitForFunction(
        () => document.querySelector('[data-testid="play-main"]')?.getAttribute('data-spinning') === 'true',
      );
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="play-main"]')?.getAttribute('data-spinning') === 'false' &&
          document.querySelector('[data-testid="play-main"]')?.getAttribute('data-feature') === 'false',
        undefined,
        { timeout: 120_000 },
      );
    }
    const busy = (await taskTime()) - busyBefore;
    const runs = await page.evaluate(() => (window as unknown as { frameLog: number[][] }).frameLog);
    const intervals = runs.flatMap((run) => run.slice(1).map((at, i) => at - (run[i] ?? at)));
    const moving = runs.reduce((sum, run) => sum + ((run[run.length - 1] ?? 0) - (run[0] ?? 0)), 0);
    const sorted = [...intervals].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    await context.close();
    return {
      frames: intervals.length,
      p50Ms: percentile(sorted, 50),
      p95Ms: p95,
      p99Ms: percentile(sorted, 99),
      maxMs: sorted[sorted.length - 1] ?? 0,
      slowPercent: intervals.length
        ? (100 * intervals.filter((d) => d > FRAME_BUDGET_MS + 0.5).length) / intervals.length
        : 0,
      fps: moving > 0 ? (1000 * intervals.length) / moving : 0,
      busyPerFrameMs: intervals.length ? busy / intervals.length : 0,
      spins,
      // rAF timestamps are vsync times: one 60 Hz frame reads 16.6–16.8 ms.
      ok: intervals.length > 0 && p95 <= FRAME_BUDGET_MS + 0.5,
      game,
    };
  } finally {
    await browser.close();
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [base, spins = '12'] = process.argv.slice(2);
  if (!base) {
    console.error('usage: npx tsx bench/frame-rate.ts <base-url> [spins]');
    process.exit(2);
  }
  const result = await measureSlotFrameRate(base, { spins: Number(spins) });
  const f = (ms: number) => ms.toFixed(1);
  console.log(
    `slot frame rate (390 px, 4x CPU slowdown, ${result.spins} spins, ${result.frames} frames): p50 ${f(result.p50Ms)} ms, p95 ${f(result.p95Ms)} ms, p99 ${f(result.p99Ms)} ms, max ${f(result.maxMs)} ms, ${result.slowPercent.toFixed(1)} % over 16.7 ms, ${result.fps.toFixed(1)} fps, main thread ${f(result.busyPerFrameMs)} ms a frame: ${result.ok ? 'target met' : 'TARGET MISSED'}`,
  );
}
