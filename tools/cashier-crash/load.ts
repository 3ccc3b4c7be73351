import { randomInt, randomUUID } from 'node:crypto';
import { type Call, call, type Server, valueFrom } from './http';
import { depositOps } from './ops-deposits';
import { transferOps } from './ops-transfers';
import { withdrawalOps } from './ops-withdrawals';
import type { Member, Setup } from './setup';

/** What the load got acknowledged (a 2xx with success:true), and how to find it afterwards. */
export type Check =
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
export type Replayable = {
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

/** Work waiting for its next step; an id whose call got no answer goes back (the server decides). */
const newQueues = () => ({
  pending: [] as string[],
  gateway: [] as { id: string; amount: string; memberId: number }[],
  inProcess: [] as string[],
  approved: [] as string[],
  issued: [] as { id: string; member: Member }[],
  notReceived: [] as string[],
});

/** What every op of the load works with. */
export type Load = {
  server: Server;
  setup: Setup;
  checks: Check[];
  replays: Replayable[];
  queues: ReturnType<typeof newQueues>;
  /** Takes a random item off a queue. */
  take: <T>(list: T[]) => T | undefined;
  /** Counts a call as sent, acknowledged or refused; answers whether it was acknowledged. */
  acked: (label: string, res: Call) => boolean;
  /** A POST with a fresh Idempotency-Key whose repeat must answer the same `idField`. */
  keyed: (
    label: string,
    path: string,
    body: unknown,
    auth: Record<string, string>,
    idField: string,
  ) => Promise<{ ok: boolean; res: Call; key: string }>;
  withdrawalAction: (id: string, action: string, reason?: string) => Promise<{ ok: boolean; res: Call }>;
  counts: { sentBy: Map<string, number>; ackedBy: Map<string, number>; refused: Map<string, number> };
  acknowledged: () => number;
};

/** One kind of call of the load and how often it is picked, against the others. */
export type Op = [weight: number, op: (m: Member) => Promise<void>];

/**
 * The mixed money load against one server: every op records what the server acknowledged
 * (`checks`, looked up in the database at the end) and what must answer the same again
 * (`replays`). `one()` sends one call, picked by weight, for a random member.
 */
export const createLoad = (server: Server, setup: Setup) => {
  const { members, staffAuth } = setup;
  const checks: Check[] = [];
  const replays: Replayable[] = [];
  const sentBy = new Map<string, number>();
  const ackedBy = new Map<string, number>();
  const refused = new Map<string, number>();
  const queues = newQueues();
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

  const load: Load = {
    server,
    setup,
    checks,
    replays,
    queues,
    take,
    acked,
    keyed,
    withdrawalAction,
    counts: { sentBy, ackedBy, refused },
    acknowledged: () => ackCount,
  };
  const ops: Op[] = [...depositOps(load), ...withdrawalOps(load), ...transferOps(load)];
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

  return { ...load, one, replay };
};
