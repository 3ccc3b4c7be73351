import { LIVE_TABLE_SOCKET_PATH } from '@khela/contract/browser';
import { useEffect, useState } from 'react';
import type { ApiValue } from '../../shared/api/client';
import { readSession, SESSION_KEYS } from '../../shared/state/storage';

export type TableState = ApiValue<'liveTableState'>;
export type RoundView = NonNullable<TableState['round']>;

/** Applies a socket message to the state: `state` replaces it, `delta` overwrites the fields it names. */
export const applyMessage = (
  current: TableState | null,
  message: Record<string, unknown>,
): TableState | null => {
  const { type, ...fields } = message;
  if (type === 'state') return fields as TableState;
  if (type === 'delta' && current) return { ...current, ...(fields as Partial<TableState>) };
  return current;
};

/** The phase of the open round by the server's clock. */
export type Phase = 'waiting' | 'betting' | 'dealing';
export const phaseOf = (round: RoundView | null, serverNow: number): Phase =>
  !round || serverNow < round.opensAt ? 'waiting' : serverNow < round.closesAt ? 'betting' : 'dealing';

export const tableSocketUrl = (
  tableId: string,
  token: string | null,
  location: Pick<Location, 'protocol' | 'host'>,
) => {
  const query = new URLSearchParams({ tableId });
  if (token) query.set('token', token);
  const merchant = readSession(SESSION_KEYS.merchant);
  if (merchant) query.set('merchant', merchant);
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_TABLE_SOCKET_PATH}?${query}`;
};

/**
 * A table's room: the socket's state and deltas, the server clock (its `serverTime` plus what
 * passed since), and a reconnect 1 s … 8 s after a drop (the seat waits 30 s; the first message
 * after a reconnect is the whole state again).
 */
export const useTableRoom = (tableId: string, token: string | null) => {
  const [state, setState] = useState<TableState | null>(null);
  const [offset, setOffset] = useState(0);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!tableId) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let timer: number | undefined;
    const open = () => {
      socket = new WebSocket(tableSocketUrl(tableId, token, window.location));
      socket.onopen = () => {
        attempt = 0;
        setConnected(true);
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as Record<string, unknown>;
        if (typeof message.serverTime === 'number') setOffset(message.serverTime - Date.now());
        setState((current) => applyMessage(current, message));
      };
      socket.onclose = () => {
        setConnected(false);
        if (stopped) return;
        attempt += 1;
        timer = window.setTimeout(open, Math.min(8_000, 1_000 * 2 ** Math.min(attempt - 1, 3)));
      };
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      socket?.close();
    };
  }, [tableId, token]);
  return { state, offset, connected };
};

/** Re-renders every 250 ms with the server's time. */
export const useServerClock = (offset: number) => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, []);
  return now + offset;
};
