// @ts-check
// Screenshots of running pages for a look: every path at phone (390 px) and desktop (1440 px)
// width, light and dark, in each language asked for, in Debian's Chromium.
// Usage: node scripts/shots.mjs <base-url> <out-dir> <path> [path...]
//   SHOTS_LANGS=bn,en (default)  SHOTS_THEMES=light,dark (default)  SHOTS_WIDTHS=390,1440 (default)
//   SHOTS_TOKEN=<member session token> signs the pages in; SHOTS_FULL=1 captures the full page.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const [base, out, ...paths] = process.argv.slice(2);
if (!base || !out || paths.length === 0) {
  console.error('usage: node scripts/shots.mjs <base-url> <out-dir> <path> [path...]');
  process.exit(2);
}
/** @param {string} name @param {string} fallback */
const list = (name, fallback) => (process.env[name] ?? fallback).split(',').filter(Boolean);
const langs = list('SHOTS_LANGS', 'bn,en');
const themes = list('SHOTS_THEMES', 'light,dark');
const widths = list('SHOTS_WIDTHS', '390,1440').map(Number);
const token = process.env.SHOTS_TOKEN ?? '';

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  for (const width of widths) {
    for (const theme of themes) {
      for (const lang of langs) {
        const context = await browser.newContext({
          viewport: { width, height: width < 600 ? 844 : 900 },
          deviceScaleFactor: 1,
          extraHTTPHeaders: { 'X-Forwarded-For': '103.4.145.1' },
        });
        await context.addInitScript(
          ({ lang, theme, token }) => {
            window.localStorage.setItem('hisLang', lang);
            window.localStorage.setItem('theme', theme);
            window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
            window.sessionStorage.setItem('USER_POPUP', 'closed');
            if (token) window.sessionStorage.setItem('token', token);
          },
          { lang, theme, token },
        );
        const page = await context.newPage();
        for (const path of paths) {
          // Twice: the second load finds the web fonts cached, so no text is painted before its font.
          await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
          await page.evaluate(() => document.fonts.ready);
          await page.reload({ waitUntil: 'networkidle' });
          await page.evaluate(() => document.fonts.ready);
          await page.waitForTimeout(500);
          const name = `${path.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'home'}-${width}-${theme}-${lang}.png`;
          await page.screenshot({ path: join(out, name), fullPage: process.env.SHOTS_FULL === '1' });
          console.log(join(out, name));
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
