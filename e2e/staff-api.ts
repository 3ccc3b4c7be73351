import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * Demo staff for browser journeys (README, demo mode only). Staff sign in with a TOTP code, and
 * the server refuses a code of a step already used (and counts it as a failed login), so
 * journeys running in parallel workers take codes through `reserveTotpCode`: one login per
 * staff member at a time, each on a step of its own.
 */
export const DEMO_STAFF = {
  owner: 'KUHKFSRUAECW7SIR3DKV5VNLZ4O2BSAR',
  finance: 'WHNIYEQKHQJ2G2SYMXFZJULINTVYWOKF',
  support: 'OXAKWX5LUJDOIQICK35BVDWZLUJN6EKN',
  content: 'XUNU27WFYDN7J6RPN3CZJLZOT23YDJZ4',
  risk: 'AIRIWTZUCI7UH6CWAXJM5N3U4TDFRFIE',
} as const;
export type DemoStaff = keyof typeof DEMO_STAFF;
export const STAFF_PASSWORD = 'Staff1234!';

const STEP_MS = 30_000;
const stateDir = join(tmpdir(), `khela-e2e-staff-${process.env.E2E_PORT ?? 8199}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while holding a lock shared by every worker process of this run (mkdir is atomic).
 * Waits up to `waitMs` for it; a lock older than that is taken as left behind by a killed run.
 */
const withLock = async <T>(name: string, work: () => Promise<T>, waitMs = 40_000): Promise<T> => {
  await mkdir(stateDir, { recursive: true });
  const lock = join(stateDir, `${name}.lock`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > waitMs) await rm(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`lock ${name} held too long`);
      else await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
};

/**
 * A TOTP code of a step nobody in this run has used for this staff member (waits for the next
 * step when needed), passed to `use` while the lock is held: `use` must submit it.
 */
export const reserveTotpCode = <T>(username: DemoStaff, use: (code: string) => Promise<T>) =>
  withLock(username, async () => {
    const stateFile = join(stateDir, `${username}.step`);
    const last = Number(await readFile(stateFile, 'utf8').catch(() => '-1'));
    let step = Math.floor(Date.now() / STEP_MS);
    if (step <= last) {
      await sleep((last + 1) * STEP_MS - Date.now() + 50);
      step = Math.floor(Date.now() / STEP_MS);
    }
    await writeFile(stateFile, String(step));
    const totp = new TOTP({ secret: Secret.fromBase32(DEMO_STAFF[username]), digits: 6, period: 30 });
    return use(totp.generate({ timestamp: step * STEP_MS + 1 }));
  });

/**
 * Runs `work` while no other journey of this run switches maintenance of `merchant`:
 * maintenance closes the whole merchant, so two journeys turning it on and off at once would
 * each see the other's switch. Journeys that switch it use the India merchant `khelain` (the
 * default brand `khelabd`, which most journeys use, stays open) and turn it off again before the
 * lock is released.
 */
export const withMaintenanceSwitch = <T>(merchant: string, work: () => Promise<T>) =>
  withLock(`maintenance-${merchant}`, work, 150_000);

/** Signs a demo staff member in through `/bo/api`; returns the staff token. */
export const staffLogin = async (request: APIRequestContext, username: DemoStaff) =>
  reserveTotpCode(username, async (totp) => {
    const res = await request.post('/bo/api/session/login', {
      data: { username, password: STAFF_PASSWORD, totp },
    });
    const body = (await res.json()) as { success: boolean; value?: { step: string; token?: string } };
    if (!body.success || body.value?.step !== 'session' || !body.value.token)
      throw new Error(`staff login of ${username} failed: ${JSON.stringify(body)}`);
    return body.value.token;
  });

/** A `/bo/api` call as that staff member; throws unless the envelope says success. */
export const staffCall = async (
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) => {
  const res = await request.fetch(path, { method, headers: { Authorization: token }, data });
  const body = (await res.json()) as { success: boolean; value?: unknown };
  if (!body.success) throw new Error(`${method} ${path} failed (${res.status()}): ${JSON.stringify(body)}`);
  return body.value;
};

/**
 * A staff account of a journey's own (owner creates it, it enrols a fresh TOTP secret through
 * the API): ending all its sessions cannot disturb journeys using the demo staff. Returns its
 * username and an open session token.
 */
export const newStaffSession = async (
  request: APIRequestContext,
  ownerToken: string,
  role: Exclude<DemoStaff, 'owner'>,
) => {
  const username = `e2e.${role}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'Journey-1234';
  await staffCall(request, ownerToken, 'POST', '/bo/api/staff', { username, password, role });
  const first = await request.post('/bo/api/session/login', { data: { username, password } });
  const enrol = ((await first.json()) as { value: { step: string; enrolToken: string; secret: string } })
    .value;
  if (enrol.step !== 'enrol') throw new Error(`expected the enrolment step, got ${JSON.stringify(enrol)}`);
  const totp = new TOTP({ secret: Secret.fromBase32(enrol.secret), digits: 6, period: 30 });
  const opened = await request.post('/bo/api/session/totp/enrol', {
    data: { enrolToken: enrol.enrolToken, code: totp.generate() },
  });
  const session = (await opened.json()) as { success: boolean; value?: { token: string } };
  if (!session.success || !session.value) throw new Error(`enrolment of ${username} failed`);
  return { username, password, token: session.value.token };
};
