import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/helpers';

/** Test support: a table's socket as a browser opens it, and the player's HTTP calls. */

export type Message = { type: string } & Record<string, unknown>;

export const connectTable = (base: string, query: string) =>
  new Promise<{
    socket: WebSocket;
    messages: Message[];
    next: (match: (m: Message) => boolean, timeoutMs?: number) => Promise<Message>;
    closed: Promise<number>;
  }>((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/wps/tables/ws?${query}`);
    const messages: Message[] = [];
    const waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
    let closedResolve: (code: number) => void = () => {};
    const closed = new Promise<number>((r) => {
      closedResolve = r;
    });
    const next = (match: (m: Message) => boolean, timeoutMs = 5000) => {
      const seen = messages.find(match);
      if (seen) {
        messages.splice(messages.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise<Message>((res, rej) => {
        const timer = setTimeout(() => rej(new Error('no matching table message')), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            res(m);
          },
        });
      });
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as Message;
      const waiter = waiters.find((w) => w.match(message));
      if (waiter) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else messages.push(message);
      if (message.type === 'state') resolve({ socket, messages, next, closed });
    };
    socket.onclose = (event) => closedResolve(event.code);
    socket.onerror = () => reject(new Error('socket error'));
  });

export const placeTableBets = (
  t: TestApp,
  token: string,
  body: {
    tableId: string;
    roundNo: number;
    bets: { kind: string; amountMinor: string }[];
    requestKey?: string;
  },
) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/tables/bets',
    headers: { authorization: token },
    payload: { requestKey: randomUUID(), ...body },
  });

export const tableState = async (t: TestApp, tableId: string, token?: string) => {
  const res = await t.app.inject({
    url: `/wps/tables/state?tableId=${tableId}`,
    headers: token ? { authorization: token } : {},
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().value as {
    serverTime: number;
    round: { roundNo: number; opensAt: number; closesAt: number; commitment: string } | null;
    last: {
      roundNo: number;
      state: string;
      serverSeed: string | null;
      commitment: string;
      outcome: Record<string, unknown> | null;
    } | null;
    seats: { seatNo: number; name: string; connected: boolean }[];
    mine: {
      open: Record<string, string>;
      lastRoundNo: number | null;
      lastStakeMinor: string;
      lastPayoutMinor: string;
    };
  };
};

export const balanceOf = async (t: TestApp, memberId: number) => {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `main:${memberId}`)
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};
