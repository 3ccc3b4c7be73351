import { PVP_SOCKET_PATH } from '@khela/contract/browser';
import { useEffect, useState } from 'react';
import type { ApiValue } from '../../shared/api/client';
import { readSession, SESSION_KEYS } from '../../shared/state/storage';

export type PvpState = ApiValue<'pvpState'>;

export const pvpSocketUrl = (
  tableId: string,
  token: string,
  location: Pick<Location, 'protocol' | 'host'>,
) => {
  const query = new URLSearchParams({ tableId, token });
  const merchant = readSession(SESSION_KEYS.merchant);
  if (merchant) query.set('merchant', merchant);
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${PVP_SOCKET_PATH}?${query}`;
};

/**
 * A Teen Patti room: the socket sends the whole state on open and on every change; after a drop
 * it reconnects 1 s … 8 s later (the seat and chips wait 30 s) and gets the state back.
 */
export const usePvpRoom = (tableId: string, token: string | null) => {
  const [state, setState] = useState<PvpState | null>(null);
  const [offset, setOffset] = useState(0);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!tableId || !token) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let timer: number | undefined;
    const open = () => {
      socket = new WebSocket(pvpSocketUrl(tableId, token, window.location));
      socket.onopen = () => {
        attempt = 0;
        setConnected(true);
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { type: string } & PvpState;
        if (message.type !== 'state') return;
        setOffset(message.serverTime - Date.now());
        setState(message);
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
  return { state, setState, offset, connected };
};

/** Re-renders every 250 ms with the server's time. */
export const useServerNow = (offset: number) => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, []);
  return now + offset;
};
