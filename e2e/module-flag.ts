import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { staffLogin } from './staff-api';

/**
 * Turns a module flag of one merchant on while a journey runs (the back office's
 * `PUT /bo/api/settings/flag`, as the owner). The phone and desktop runs of a journey go at once
 * in separate workers: a count kept in a file shared by the run's workers keeps the flag on until
 * the last of them is done, then turns it off again.
 */

// In the run's own folder (playwright.config.ts empties it when the server starts): a count left
// by an interrupted run cannot leak into the next one.
const RUN_DIR = join(tmpdir(), `khela-e2e-${process.env.E2E_PORT ?? 8199}`);

const withLock = async <T>(lock: string, work: () => Promise<T>) => {
  for (let i = 0; ; i += 1) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (i > 400) throw new Error(`${lock} held too long`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
};

/** The owner's back-office token, kept for the worker: a staff sign-in may wait for a fresh TOTP step. */
let ownerToken: string | null = null;

const switchFlag = async (request: APIRequestContext, merchant: string, modId: string, enabled: boolean) => {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    ownerToken ??= await staffLogin(request, 'owner');
    const res = await request.put('/bo/api/settings/flag', {
      headers: { Authorization: ownerToken },
      data: { merchant, modId, enabled },
    });
    if (res.status() === 401) {
      ownerToken = null;
      continue;
    }
    expect(res.status(), await res.text()).toBe(200);
    return;
  }
  throw new Error(`the owner could not switch ${modId} of ${merchant}`);
};

/** Runs `work` with `modId` on for `merchant` (the demo brand starts with it off). */
export const withModuleFlag = async (
  request: APIRequestContext,
  merchant: string,
  modId: string,
  work: () => Promise<void>,
) => {
  const name = join(RUN_DIR, `flag-${merchant}-${modId}`);
  await mkdir(RUN_DIR, { recursive: true });
  const change = (by: number) =>
    withLock(`${name}.lock`, async () => {
      const before = Number(await readFile(`${name}.count`, 'utf8').catch(() => '0'));
      const after = Math.max(0, before + by);
      if (before === 0 && after > 0) await switchFlag(request, merchant, modId, true);
      if (before > 0 && after === 0) await switchFlag(request, merchant, modId, false);
      await writeFile(`${name}.count`, String(after));
    });
  await change(1);
  try {
    await work();
  } finally {
    await change(-1);
  }
};
