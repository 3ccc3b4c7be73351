import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Screenshots for a person to look at (390 and 1440 px, light and dark, BN and EN), written only
 * when `E2E_SHOTS_DIR` is set: nothing compares them, and encoding full-page PNGs costs a CI run
 * CPU time for no check. `E2E_SHOTS_DIR=/tmp/shots scripts/e2e-private.sh <port> e2e/x.spec.ts`
 * keeps them in `<dir>/<folder>/<name>.png`. (A failing journey's screenshot is Playwright's own.)
 */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR || null;

export const saveShot = async (
  page: Page,
  folder: string,
  name: string,
  options: { fullPage?: boolean } = {},
) => {
  if (!SHOTS_DIR) return;
  const dir = join(SHOTS_DIR, folder);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), ...options });
};
