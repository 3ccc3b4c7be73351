import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { currentServer } from './servers';

/**
 * Demo staff for browser journeys (README, demo mode only). Staff sign in with a TOTP code, and
 * the server refuses a code of a step already used (and counts it as a failed login): a sign-in
 * takes its code through `reserveTotpCode`, each on a step of its own, and `staffLogin` keeps the
 * token for the worker so that journeys seldom wait for the next 30-second step.
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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TOTP code of a step nobody has used on this worker's server for this staff member (waits for
 * the next step when needed), passed to `use`: `use` must submit it. Only this worker signs in to
 * its server; the last step used is kept in the server's folder, so a worker started again after
 * a failure knows it too.
 */
export const reserveTotpCode = async <T>(username: DemoStaff, use: (code: string) => Promise<T>) => {
  const stateFile = join(currentServer().dir, `totp-${username}.step`);
  const last = Number(await readFile(stateFile, 'utf8').catch(() => '-1'));
  let step = Math.floor(Date.now() / STEP_MS);
  if (step <= last) {
    await sleep((last + 1) * STEP_MS - Date.now() + 50);
    step = Math.floor(Date.now() / STEP_MS);
  }
  await writeFile(stateFile, String(step));
  const totp = new TOTP({ secret: Secret.fromBase32(DEMO_STAFF[username]), digits: 6, period: 30 });
  return use(totp.generate({ timestamp: step * STEP_MS + 1 }));
};

/** Open staff sessions of this worker, by server and username. */
const tokens = new Map<string, string>();

/**
 * A session token of a demo staff member on this worker's server: the one signed in earlier while
 * the server still takes it (a journey may have signed it out), else a new sign-in through
 * `/bo/api`. Staff sessions end after 30 idle minutes, longer than a run.
 */
export const staffLogin = async (request: APIRequestContext, username: DemoStaff) => {
  const key = `${currentServer().index}:${username}`;
  const kept = tokens.get(key);
  if (kept) {
    const me = await request.get('/bo/api/session/me', { headers: { Authorization: kept } });
    if (me.ok()) return kept;
    tokens.delete(key);
  }
  const token = await reserveTotpCode(username, async (totp) => {
    const res = await request.post('/bo/api/session/login', {
      data: { username, password: STAFF_PASSWORD, totp },
    });
    const body = (await res.json()) as { success: boolean; value?: { step: string; token?: string } };
    if (!body.success || body.value?.step !== 'session' || !body.value.token)
      throw new Error(`staff login of ${username} failed: ${JSON.stringify(body)}`);
    return body.value.token;
  });
  tokens.set(key, token);
  return token;
};

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
