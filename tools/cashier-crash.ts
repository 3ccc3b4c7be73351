/**
 * `npm run crash:cashier`: crash test of the cashier and the ledger (issue 6, ADR 011); a CI step.
 *
 * Builds the server aside (`apps/server/dist/h5-crash/main.js`, so that its npm dependencies
 * resolve as for the real build), starts it as a real process on a fresh database, runs a mixed
 * load of every money-moving call against it — finance adjustments (credit and debit), deposit
 * requests, approvals and rejections, gateway deposits settled by signed webhooks (paid, failed,
 * repeated), withdrawals and every finance action on them (approve, reject, issue, refund after a
 * "not received" with proof, forced receipt), wallet transfers main ↔ vendor wallet
 * (`GCS_walletTransfer`) and transfers to the upline — kills it with SIGKILL at random moments
 * (`--kills`, default 10), restarts it, and replays the last acknowledged calls. At the end it
 * replays EVERY acknowledged idempotent call (each must answer the first result), stops the
 * server, checks in the database that every acknowledged operation is there exactly once (rows,
 * ledger entries, withdrawal events), runs `verifyLedger` and then the `npm run ledger:verify`
 * command itself. PostgreSQL and PGlite run at the same time (one core each on a 2-core machine).
 *
 *   npm run crash:cashier -- [--backend pglite|postgres|both] [--kills 10] [--pg <admin url>]
 *
 * Exit code 0 when every backend passed, 1 otherwise; the findings are printed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../apps/server/src/db/seed/demo-staff';
import { createGatewaySimulator, DEMO_GATEWAY_SECRET } from '../apps/server/src/modules/cashier';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger';
import { processCpu } from './proc-cpu';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, '.tmp/h5');
// Beside the server's own dist (not .tmp): its npm dependencies resolve from apps/server/node_modules.
const serverFile = join(root, 'apps/server/dist/h5-crash/main.js');
const PAY = 'pay12345';
const WORKERS = 6;
/** A PNG by its magic bytes: the proof of a "not received" answer. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('crash'),
]);

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
};

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<void>((ok, fail) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });

type Backend = { name: 'pglite' | 'postgres'; env: Record<string, string>; cleanup: () => Promise<void> };

class Server {
  child: ChildProcess | undefined;
  readonly startMs: number[] = [];
  /** CPU seconds each start took until it answered /healthz: what a start costs, whatever the load. */
  readonly startCpu: number[] = [];
  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    // Nothing of the caller's shell decides the database or Redis: only this backend's env.
    const { DATABASE_URL: _d, REDIS_URL: _r, DATA_DIR: _dd, ...inherited } = process.env;
    const child = spawn(process.execPath, [serverFile], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...inherited,
        KHELA_MODE: 'demo',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'error',
        KHELA_SCHEDULER: 'off',
        ...this.env,
      },
    });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr = (stderr + String(d)).slice(-4000);
    });
    this.child = child;
    const startedAt = Date.now();
    const deadline = startedAt + 180_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`server exited ${child.exitCode} while starting:\n${stderr}`);
      try {
        const res = await fetch(`${this.base}/healthz`);
        if (res.ok) {
          this.startMs.push(Date.now() - startedAt);
          const cpu = child.pid === undefined ? null : await processCpu(child.pid);
          if (cpu) this.startCpu.push(cpu.ms / 1000);
          return;
        }
      } catch {
        // not up yet
      }
      await sleep(50);
    }
    throw new Error(`server did not start within 180 s (restart ${this.startMs.length}):\n${stderr}`);
  }
  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((ok) => child.once('exit', ok));
    child.kill(signal);
    await exited;
  }
}

type Call = { ok: boolean; status: number; body: Record<string, unknown> | null; raw?: string };

const call = async (
  server: Server,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Call> => {
  try {
    const isRaw = typeof body === 'string' || body instanceof FormData;
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: body instanceof FormData ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: isRaw ? (body as string | FormData) : JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = null;
    }
    return { ok: res.ok && parsed?.success === true, status: res.status, body: parsed };
  } catch {
    // Connection refused or reset (the server was killed): not acknowledged.
    return { ok: false, status: 0, body: null };
  }
};

const valueFrom = (c: Call) => (c.body?.value ?? {}) as Record<string, unknown>;

/** What the load got acknowledged (a 2xx with success:true), and how to find it afterwards. */
type Check =
  | { kind: 'entry'; key: string; label: string }
  | { kind: 'deposit'; memberId: number; clientKey: string; id: string }
  | { kind: 'deposit-state'; id: string; status: 'approved' | 'rejected'; label: string }
  | { kind: 'withdrawal'; memberId: number; clientKey: string; id: string }
  | {
      kind: 'withdrawal-event';
      id: string;
      status: string;
      confirmation: string | null;
      entryKey: string | null;
      label: string;
    };

/** An acknowledged call that must answer the same again (Idempotency-Key or a repeated event). */
type Replayable = {
  label: string;
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  /** The field of the answer that must be the same, and its first value. */
  idField: string;
  id: string;
  /** What the repeat must say: `replayed: true`, or the webhook's `duplicate`. */
  expect: 'replayed' | 'duplicate';
  /** The member whose session sent it (a repeat may use a newer session of the same member). */
  member?: Member | undefined;
};

type Member = { username: string; token: string; id: number; upline: boolean; proofId: string };

const runBackend = async (backend: Backend, kills: number) => {
  const tag = `[${backend.name}]`;
  const findings: string[] = [];
  const port = await freePort();
  const server = new Server(port, backend.env);
  const began = Date.now();
  await server.start();

  // ---------------------------------------------------------------- set-up (acknowledged too)
  const staffLogin = async () => {
    const staff = DEMO_STAFF.find((s) => s.username === 'finance');
    if (!staff) throw new Error('no demo finance staff');
    const totp = new TOTP({
      issuer: 'Khela',
      label: staff.username,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(staff.totpSecret),
    });
    const res = await call(server, 'POST', '/bo/api/session/login', {
      username: 'finance',
      password: DEMO_STAFF_PASSWORD,
      totp: totp.generate(),
    });
    if (!res.ok) throw new Error(`staff login: ${JSON.stringify(res.body)}`);
    return res;
  };
  const login = await staffLogin();
  const staffAuth = { authorization: String(valueFrom(login).token) };
  const staffId = Number((valueFrom(login).staff as { id: number }).id);

  const gatewayChannel = await call(
    server,
    'PUT',
    '/bo/api/cashier/channels',
    {
      merchant: 'khelabd',
      code: 'NAGAD',
      name: 'Nagad (gateway)',
      kind: 'gateway',
      gateway: 'sim',
      min: 10_000,
      max: 2_000_000,
      enabled: true,
    },
    staffAuth,
  );
  if (!gatewayChannel.ok) throw new Error(`gateway channel: ${JSON.stringify(gatewayChannel.body)}`);
  const gatewayChannelId = Number(valueFrom(gatewayChannel).id);

  const members: Member[] = [];
  for (const username of ['demo01', 'team01', 'team02', 'team03']) {
    const res = await call(server, 'POST', '/wps/session/login', { username, password: 'Demo1234' });
    if (!res.ok) throw new Error(`login ${username}: ${JSON.stringify(res.body)}`);
    const token = String(valueFrom(res).token);
    const auth = { authorization: token };
    const info = await call(server, 'GET', '/wps/member/info', undefined, auth);
    const bind = await call(
      server,
      'POST',
      '/wps/cashier/payout-account',
      { payeeName: username, channel: 'BKASH', number: '01700000000' },
      auth,
    );
    const pw = await call(
      server,
      'POST',
      '/wps/cashier/payment-password',
      { newPassword: PAY, confirmPassword: PAY },
      auth,
    );
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
    const proof = await call(server, 'POST', '/wps/cashier/uploads', form, auth);
    if (!bind.ok || !pw.ok || !proof.ok)
      throw new Error(
        `set-up ${username}: ${JSON.stringify(bind.body)} ${JSON.stringify(pw.body)} ${JSON.stringify(proof.body)}`,
      );
    members.push({
      username,
      token,
      id: Number(valueFrom(info).id),
      upline: username !== 'demo01',
      proofId: String(valueFrom(proof).id),
    });
  }
  const first = members[0] as Member;
  const channels = await call(server, 'GET', '/wps/cashier/channels', undefined, {
    authorization: first.token,
  });
  const manualChannelId = Number(
    (valueFrom(channels).channels as { id: number; code: string }[]).find((c) => c.code === 'BKASH')?.id,
  );
  const wallets = await call(server, 'GET', '/wps/v2/wallets/balance', undefined, {
    authorization: first.token,
  });
  const vendorTypeIds = (valueFrom(wallets).balance as { accountTypeId: number }[])
    .map((b) => b.accountTypeId)
    .filter((id) => id !== 2)
    .slice(0, 3);
  if (vendorTypeIds.length === 0) throw new Error('no vendor wallet (FUNDTRANS3 off?)');
  const sim = createGatewaySimulator(DEMO_GATEWAY_SECRET);

  // ---------------------------------------------------------------- the load
  const checks: Check[] = [];
  const replays: Replayable[] = [];
  const sentBy = new Map<string, number>();
  const ackedBy = new Map<string, number>();
  const refused = new Map<string, number>();
  /** Work waiting for its next step; an id whose call got no answer goes back (the server decides). */
  const queues = {
    pending: [] as string[],
    gateway: [] as { id: string; amount: string; memberId: number }[],
    inProcess: [] as string[],
    approved: [] as string[],
    issued: [] as { id: string; member: Member }[],
    notReceived: [] as string[],
  };
  const take = <T>(list: T[]) => (list.length ? list.splice(randomInt(list.length), 1)[0] : undefined);

  let ackCount = 0;
  const acked = (label: string, res: Call) => {
    sentBy.set(label, (sentBy.get(label) ?? 0) + 1);
    if (res.ok) {
      ackedBy.set(label, (ackedBy.get(label) ?? 0) + 1);
      ackCount += 1;
    } else if (res.status !== 0) {
      const key = `${label}:${String(res.body?.errorCode ?? res.status)}`;
      refused.set(key, (refused.get(key) ?? 0) + 1);
    }
    return res.ok;
  };

  /** A POST with a fresh Idempotency-Key whose repeat must answer the same `idField`. */
  const keyed = async (
    label: string,
    path: string,
    body: unknown,
    auth: Record<string, string>,
    idField: string,
  ) => {
    const key = randomUUID();
    const headers = { ...auth, 'idempotency-key': key };
    const res = await call(server, 'POST', path, body, headers);
    const ok = acked(label, res);
    if (ok)
      replays.push({
        label,
        method: 'POST',
        path,
        body,
        headers,
        idField,
        id: String(valueFrom(res)[idField]),
        expect: 'replayed',
        member: members.find((m) => m.token === auth.authorization),
      });
    return { ok, res, key };
  };

  const withdrawalAction = async (id: string, action: string, reason?: string) => {
    const res = await call(
      server,
      'POST',
      '/bo/api/cashier/withdrawals/action',
      { id, action, ...(reason ? { reason } : {}) },
      staffAuth,
    );
    return { ok: acked(`withdrawal.${action}`, res), res };
  };

  const ops: [weight: number, op: (m: Member) => Promise<void>][] = [
    [
      10,
      async (m) => {
        const direction = randomInt(4) === 0 ? 'debit' : 'credit';
        const amount = direction === 'credit' ? 100_000 + randomInt(100_000) : 1_000 + randomInt(5_000);
        const body = { memberId: m.id, direction, amount, reason: `crash test ${direction}` };
        const r = await keyed('adjust', '/bo/api/cashier/adjust', body, staffAuth, 'transactionId');
        if (r.ok) checks.push({ kind: 'entry', key: `adjust:${staffId}:${r.key}`, label: 'adjust' });
      },
    ],
    [
      9,
      async (m) => {
        const body = {
          channelId: manualChannelId,
          amount: 20_000 + randomInt(50_000),
          reference: `CR${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        };
        const r = await keyed('deposit', '/wps/cashier/deposits', body, { authorization: m.token }, 'id');
        if (r.ok) {
          const id = String(valueFrom(r.res).id);
          checks.push({ kind: 'deposit', memberId: m.id, clientKey: r.key, id });
          queues.pending.push(id);
        }
      },
    ],
    [
      8,
      async () => {
        const id = take(queues.pending);
        if (!id) return;
        const reject = randomInt(4) === 0;
        const res = await call(
          server,
          'POST',
          `/bo/api/cashier/deposits/${reject ? 'reject' : 'approve'}`,
          reject ? { id, reason: 'crash test: no such payment' } : { id },
          staffAuth,
        );
        if (acked(reject ? 'deposit.reject' : 'deposit.approve', res))
          checks.push({
            kind: 'deposit-state',
            id,
            status: reject ? 'rejected' : 'approved',
            label: reject ? 'deposit.reject' : 'deposit.approve',
          });
        else if (res.status === 0) queues.pending.push(id);
      },
    ],
    [
      6,
      async (m) => {
        const amount = 20_000 + randomInt(50_000);
        const body = { channelId: gatewayChannelId, amount };
        const r = await keyed(
          'gateway.deposit',
          '/wps/cashier/deposits',
          body,
          { authorization: m.token },
          'id',
        );
        if (r.ok) {
          const id = String(valueFrom(r.res).id);
          checks.push({ kind: 'deposit', memberId: m.id, clientKey: r.key, id });
          queues.gateway.push({ id, amount: String(amount), memberId: m.id });
        }
      },
    ],
    [
      6,
      async () => {
        const d = take(queues.gateway);
        if (!d) return;
        const status = randomInt(5) === 0 ? 'failed' : 'paid';
        const n = sim.notify({
          eventId: `crash-${randomUUID()}`,
          orderId: d.id,
          providerRef: `CRASH${randomUUID().replace(/-/g, '').slice(0, 12)}`,
          amountMinor: d.amount,
          currency: 'BDT',
          status,
        });
        const path = '/wps/cashier/gateway/webhook?provider=sim';
        const res = await call(server, 'POST', path, n.rawBody, n.headers);
        if (acked('gateway.webhook', res)) {
          const outcome = String(valueFrom(res).outcome);
          if (outcome === 'credited' || outcome === 'rejected')
            checks.push({
              kind: 'deposit-state',
              id: d.id,
              status: outcome === 'credited' ? 'approved' : 'rejected',
              label: `gateway.${outcome}`,
            });
          replays.push({
            label: 'gateway.webhook',
            method: 'POST',
            path,
            body: n.rawBody,
            headers: n.headers,
            idField: 'outcome',
            id: 'duplicate',
            expect: 'duplicate',
          });
        } else if (res.status === 0) queues.gateway.push(d);
      },
    ],
    [
      9,
      async (m) => {
        const body = { amount: 50_000 + randomInt(20_000), paymentPassword: PAY };
        const r = await keyed('withdraw', '/wps/cashier/withdrawals', body, { authorization: m.token }, 'id');
        if (r.ok) {
          const id = String(valueFrom(r.res).id);
          checks.push({ kind: 'withdrawal', memberId: m.id, clientKey: r.key, id });
          queues.inProcess.push(id);
        }
      },
    ],
    [
      7,
      async () => {
        const id = take(queues.inProcess);
        if (!id) return;
        const reject = randomInt(4) === 0;
        const r = await withdrawalAction(
          id,
          reject ? 'reject' : 'approve',
          reject ? 'crash test reject' : undefined,
        );
        if (r.ok) {
          checks.push(
            reject
              ? {
                  kind: 'withdrawal-event',
                  id,
                  status: 'rejected',
                  confirmation: null,
                  entryKey: `withdraw-release:${id}`,
                  label: 'reject',
                }
              : {
                  kind: 'withdrawal-event',
                  id,
                  status: 'approved',
                  confirmation: null,
                  entryKey: null,
                  label: 'approve',
                },
          );
          if (!reject) queues.approved.push(id);
        } else if (r.res.status === 0) queues.inProcess.push(id);
      },
    ],
    [
      6,
      async (m) => {
        const id = take(queues.approved);
        if (!id) return;
        const reject = randomInt(6) === 0;
        const r = await withdrawalAction(
          id,
          reject ? 'reject' : 'issue',
          reject ? 'crash test reject' : undefined,
        );
        if (r.ok) {
          checks.push({
            kind: 'withdrawal-event',
            id,
            status: reject ? 'rejected' : 'issued',
            confirmation: reject ? null : 'distributed',
            entryKey: reject ? `withdraw-release:${id}` : `withdraw-payout:${id}`,
            label: reject ? 'reject' : 'issue',
          });
          const owner = members.find((x) => x.id === Number(valueFrom(r.res).memberId)) ?? m;
          if (!reject) queues.issued.push({ id, member: owner });
        } else if (r.res.status === 0) queues.approved.push(id);
      },
    ],
    [
      4,
      async () => {
        const w = take(queues.issued);
        if (!w) return;
        if (randomInt(3) === 0) {
          const r = await withdrawalAction(w.id, 'force_receipt', 'crash test: bank confirms');
          if (r.ok)
            checks.push({
              kind: 'withdrawal-event',
              id: w.id,
              status: 'issued',
              confirmation: 'forced',
              entryKey: null,
              label: 'force_receipt',
            });
          else if (r.res.status === 0) queues.issued.push(w);
          return;
        }
        const res = await call(
          server,
          'POST',
          '/wps/cashier/withdrawals/confirm',
          { id: w.id, answer: 'not_received', proofId: w.member.proofId },
          { authorization: w.member.token },
        );
        if (acked('not_received', res)) {
          checks.push({
            kind: 'withdrawal-event',
            id: w.id,
            status: 'issued',
            confirmation: 'not_received',
            entryKey: null,
            label: 'not_received',
          });
          queues.notReceived.push(w.id);
        } else if (res.status === 0) queues.issued.push(w);
      },
    ],
    [
      3,
      async () => {
        const id = take(queues.notReceived);
        if (!id) return;
        const r = await withdrawalAction(id, 'refund', 'crash test: payment bounced');
        if (r.ok)
          checks.push({
            kind: 'withdrawal-event',
            id,
            status: 'rejected',
            confirmation: 'not_received',
            entryKey: `withdraw-refund:${id}`,
            label: 'refund',
          });
        else if (r.res.status === 0) queues.notReceived.push(id);
      },
    ],
    [
      12,
      async (m) => {
        const vendor = vendorTypeIds[randomInt(vendorTypeIds.length)] as number;
        const out = randomInt(2) === 0;
        const body = {
          fromAccountTypeId: out ? 2 : vendor,
          toAccountTypeId: out ? vendor : 2,
          amount: 1_000 + randomInt(20_000),
        };
        const r = await keyed(
          'walletTransfer',
          '/wps/relay/GCS_walletTransfer',
          body,
          { authorization: m.token },
          'transactionId',
        );
        if (r.ok) checks.push({ kind: 'entry', key: `transfer:${m.id}:${r.key}`, label: 'walletTransfer' });
      },
    ],
    [
      5,
      async (m) => {
        if (!m.upline) return;
        const body = { amount: 1_000 + randomInt(5_000), paymentPassword: PAY };
        const r = await keyed(
          'upline',
          '/wps/cashier/transfer-upline',
          body,
          { authorization: m.token },
          'transactionId',
        );
        if (r.ok) checks.push({ kind: 'entry', key: `upline:${m.id}:${r.key}`, label: 'upline' });
      },
    ],
  ];
  const totalWeight = ops.reduce((s, [w]) => s + w, 0);
  const one = async () => {
    const m = members[randomInt(members.length)] as Member;
    let roll = randomInt(totalWeight);
    for (const [w, op] of ops) {
      if (roll < w) return op(m);
      roll -= w;
    }
  };

  /** A new session of the member: rate limits count per session, idempotency keys per member. */
  const relogin = async (m: Member) => {
    const res = await call(server, 'POST', '/wps/session/login', {
      username: m.username,
      password: 'Demo1234',
    });
    if (res.ok) m.token = String(valueFrom(res).token);
  };
  const replay = async (r: Replayable) => {
    const send = () =>
      call(server, r.method, r.path, r.body, {
        ...r.headers,
        ...(r.member ? { authorization: r.member.token } : {}),
      });
    let res = await send();
    if (res.status === 429 && r.member) {
      await relogin(r.member);
      res = await send();
    }
    const v = valueFrom(res);
    const same =
      res.ok &&
      (r.expect === 'replayed'
        ? v.replayed === true && String(v[r.idField]) === r.id
        : v.outcome === 'duplicate');
    return same
      ? null
      : `replay of ${r.label} ${r.path} (${r.id}): ${res.status} ${JSON.stringify(res.body)}`;
  };

  let replayed = 0;
  for (let k = 0; k < kills; k++) {
    let stop = false;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stop) await one();
    });
    // Kill at a random moment while the load runs: after a random number of acknowledged calls
    // (so a slow machine gets as much load between kills as a fast one) and a random delay.
    const target = ackCount + 10 + randomInt(30);
    const until = Date.now() + 10_000;
    while (ackCount < target && Date.now() < until) await sleep(20);
    await sleep(randomInt(150));
    await server.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await server.start();
    // Replays of the latest acknowledged calls answer the first result and add nothing.
    for (const r of replays.slice(-5)) {
      replayed += 1;
      const problem = await replay(r);
      if (problem) findings.push(`after restart ${k + 1}: ${problem}`);
    }
  }
  // Every acknowledged idempotent call, once more: the first answer, nothing new.
  const all = [...replays];
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (let r = all.shift(); r; r = all.shift()) {
        replayed += 1;
        const problem = await replay(r);
        if (problem) findings.push(`final: ${problem}`);
      }
    }),
  );
  await server.kill('SIGTERM');

  // ---------------------------------------------------------------- the database says
  const database = await openDatabase(
    backend.env.DATABASE_URL
      ? { kind: 'postgres', url: backend.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: backend.env.DATA_DIR as string },
  );
  let report: Awaited<ReturnType<typeof verifyLedger>>;
  try {
    const db = database.db;
    const entries = async (key: string) =>
      Number(
        (
          await db
            .selectFrom('journal_entry')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('idempotency_key', '=', key)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const c of checks) {
      if (c.kind === 'entry') {
        const n = await entries(c.key);
        if (n !== 1) findings.push(`acknowledged ${c.label} ${c.key}: ${n} entries`);
      } else if (c.kind === 'deposit' || c.kind === 'withdrawal') {
        const table = c.kind === 'deposit' ? 'cashier_deposit' : 'cashier_withdrawal';
        const rows = await db
          .selectFrom(table)
          .select('id')
          .where('member_id', '=', c.memberId)
          .where('client_key', '=', c.clientKey)
          .execute();
        if (rows.length !== 1 || rows[0]?.id !== c.id)
          findings.push(`acknowledged ${c.kind} ${c.id}: ${rows.length} rows`);
        if (c.kind === 'withdrawal' && (await entries(`withdraw:${c.id}`)) !== 1)
          findings.push(`acknowledged withdrawal ${c.id}: its hold entry is not there exactly once`);
      } else if (c.kind === 'deposit-state') {
        const row = await db
          .selectFrom('cashier_deposit')
          .select('status')
          .where('id', '=', c.id)
          .executeTakeFirst();
        const n = await entries(`deposit:${c.id}`);
        if (row?.status !== c.status || n !== (c.status === 'approved' ? 1 : 0))
          findings.push(
            `acknowledged ${c.label} of deposit ${c.id}: ${row?.status} with ${n} credit entries`,
          );
      } else {
        let q = db
          .selectFrom('cashier_withdrawal_event')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('withdrawal_id', '=', c.id)
          .where('status', '=', c.status);
        q =
          c.confirmation === null
            ? q.where('confirmation', 'is', null)
            : q.where('confirmation', '=', c.confirmation);
        const events = Number((await q.executeTakeFirstOrThrow()).n);
        const n = c.entryKey ? await entries(c.entryKey) : 1;
        if (events !== 1 || n !== 1)
          findings.push(`acknowledged ${c.label} of withdrawal ${c.id}: ${events} events, ${n} entries`);
      }
    }
    report = await verifyLedger(db);
    for (const f of report.findings) findings.push(`ledger: ${f}`);
  } finally {
    await database.close();
  }
  // The operator's command, on the same database (PGlite: the server is stopped).
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'tools/ledger-verify.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: backend.env.DATABASE_URL ?? '',
      DATA_DIR: backend.env.DATA_DIR ?? '',
    },
    encoding: 'utf8',
  });
  const cliLine = (cli.stdout ?? '').trim().split('\n').at(-1) ?? '';
  if (cli.status !== 0)
    findings.push(`npm run ledger:verify exited ${cli.status}: ${cli.stdout}${cli.stderr}`);

  const count = (map: Map<string, number>) => Object.fromEntries([...map].sort());
  const restarts = server.startMs.slice(1);
  const restartCpu = server.startCpu.slice(1);
  const lines = [
    `${tag} first start ${server.startMs[0]} ms (migrate and seed); ${kills} SIGKILLs, restarts ${restarts
      .map((ms) => `${(ms / 1000).toFixed(1)}`)
      .join(
        ', ',
      )} s (mean ${(restarts.reduce((a, b) => a + b, 0) / Math.max(1, restarts.length) / 1000).toFixed(1)} s)`,
    `${tag} CPU per start: first ${server.startCpu[0]?.toFixed(1) ?? '?'} s, restarts mean ${(
      restartCpu.reduce((a, b) => a + b, 0) / Math.max(1, restartCpu.length)
    ).toFixed(1)} s (user + system, from /proc)`,
    `${tag} calls sent ${JSON.stringify(count(sentBy))}`,
    `${tag} acknowledged ${JSON.stringify(count(ackedBy))}; ${checks.length} checks, ${replayed} replays`,
    `${tag} refused (business answers): ${JSON.stringify(count(refused))}`,
    `${tag} ledger ${report.ok ? 'verifies' : 'FAILS'} (${report.counts.entries} entries, ${report.counts.lines} lines); ${cliLine}`,
    `${tag} took ${((Date.now() - began) / 1000).toFixed(1)} s`,
  ];
  return { findings, lines };
};

const main = async () => {
  const began = Date.now();
  const which = arg('backend', 'both');
  const kills = Number(arg('kills', '10'));
  const pgAdmin = arg('pg', process.env.CRASH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  await mkdir(outDir, { recursive: true });
  console.log('building the server into apps/server/dist/h5-crash/main.js ...');
  await run(process.execPath, ['apps/server/build.mjs'], { SERVER_OUTFILE: serverFile });

  const backends: (() => Promise<Backend>)[] = [];
  if (which === 'pglite' || which === 'both')
    backends.push(async () => {
      const dir = join(outDir, `crash-pglite-${Date.now()}-${process.pid}`);
      return {
        name: 'pglite',
        env: { DATA_DIR: dir },
        cleanup: () => rm(dir, { recursive: true, force: true }),
      };
    });
  if (which === 'postgres' || which === 'both')
    backends.push(async () => {
      const name = `khela_crash_${Date.now()}_${process.pid}`;
      const admin = new pg.Client({ connectionString: pgAdmin });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(pgAdmin);
      url.pathname = `/${name}`;
      return {
        name: 'postgres',
        env: { DATABASE_URL: url.toString() },
        cleanup: async () => {
          const c = new pg.Client({ connectionString: pgAdmin });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    });

  // Both at once: each server gets about one core of a 2-core machine.
  const results = await Promise.all(
    backends.map(async (make) => {
      const backend = await make();
      try {
        const out = await runBackend(backend, kills);
        await backend.cleanup();
        return { backend, ...out };
      } catch (error) {
        // The PGlite folder is kept for a look; a PostgreSQL database is dropped.
        if (backend.name === 'postgres') await backend.cleanup().catch(() => {});
        return {
          backend,
          lines: backend.name === 'pglite' ? [`[pglite] data kept in ${backend.env.DATA_DIR}`] : [],
          findings: [`run failed: ${error instanceof Error ? error.message : String(error)}`],
        };
      }
    }),
  );
  let failed = false;
  for (const { backend, lines, findings } of results) {
    for (const line of lines) console.log(line);
    if (findings.length > 0) {
      failed = true;
      console.log(`[${backend.name}] FAILED:`);
      for (const f of findings.slice(0, 50)) console.log(`  - ${f}`);
    } else {
      console.log(`[${backend.name}] passed: every acknowledged operation present exactly once`);
    }
  }
  console.log(`crash:cashier took ${((Date.now() - began) / 1000).toFixed(1)} s`);
  process.exitCode = failed ? 1 : 0;
};

await main();
