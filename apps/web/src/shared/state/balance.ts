import type { WalletBalanceValue } from '@khela/contract';
import { BALANCE_SOCKET_PATH, BALANCE_SOCKET_SESSION_ENDED } from '@khela/contract/browser';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { callApi } from '../api/client';
import { useSessionState } from './session';
import { readLocal, readSession, SESSION_KEYS, writeLocal } from './storage';

/*
 * The member's balance (spec §2 header, §4 "balance"): the query every screen shares, whether it
 * is hidden (***), and how it stays fresh — a push over the WebSocket (`{"type":"balance"}`), a
 * note to the other open tabs (BroadcastChannel) after a change made here, and the refresh
 * control. A push carries no amount: it only makes the query refetch.
 */

/** The query key of `/wps/v2/wallets/balance`; invalidating it refetches the header (agreed between features). */
export const BALANCE_QUERY_KEY = ['wallet', 'balance'] as const;

/** Other queries a push refreshes when they are on screen: wallet records and the cashier's lists. */
const PUSH_REFRESHES = [['wallet', 'records'], ['cashier']] as const;

/**
 * Balance of the signed-in member; nothing is fetched without a token, nor while a password
 * change is pending (the server refuses it then).
 */
export const useBalance = (token: string | null) => {
  const { passwordChangePending } = useSessionState();
  return useQuery<WalletBalanceValue>({
    queryKey: [...BALANCE_QUERY_KEY, token ?? ''],
    enabled: Boolean(token) && !passwordChangePending,
    staleTime: 30_000,
    queryFn: ({ signal }) => callApi('walletBalance', { signal }),
  });
};

/* ---- hidden or shown: local storage, so it holds across pages, reloads and tabs ---- */

export const BALANCE_HIDDEN_KEY = 'balanceHidden';

const hiddenListeners = new Set<() => void>();
const readHidden = () => readLocal(BALANCE_HIDDEN_KEY) === '1';
let hidden = readHidden();

const emitHidden = () => {
  for (const listener of hiddenListeners) listener();
};

const subscribeHidden = (listener: () => void) => {
  hiddenListeners.add(listener);
  // Another tab flipped it: the storage event says so.
  const handleStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== BALANCE_HIDDEN_KEY) return;
    const next = readHidden();
    if (next !== hidden) {
      hidden = next;
      emitHidden();
    }
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    hiddenListeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
};

export const isBalanceHidden = () => hidden;

export const setBalanceHidden = (next: boolean) => {
  hidden = next;
  writeLocal(BALANCE_HIDDEN_KEY, next ? '1' : '0');
  emitHidden();
};

/** Re-reads local storage (tests clear it between cases). */
export const syncBalanceHiddenFromStorage = () => {
  hidden = readHidden();
  emitHidden();
};

export const useBalanceHidden = () => useSyncExternalStore(subscribeHidden, isBalanceHidden, () => false);

/* ---- other tabs of this browser ---- */

const CHANNEL_NAME = 'khela:balance';

/** Tells the other open tabs that the balance changed here (a transfer, a deposit request, ...). */
export const announceBalanceChange = () => {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage({ type: 'balance' });
  channel.close();
};

/** Refetches the balance here and tells the other tabs to do the same. */
export const refreshBalanceEverywhere = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
  announceBalanceChange();
};

/* ---- the push socket ---- */

/** Reconnect delays: 1 s doubling to 30 s, with up to 30 % random spread so tabs do not stampede. */
export const reconnectDelay = (attempt: number, random = Math.random) => {
  const base = Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (1 + 0.3 * random()));
};

/** `/wps/ws?token=…&merchant=…` on this origin (the merchant the session signed in with). */
export const balanceSocketUrl = (
  token: string,
  location: Pick<Location, 'protocol' | 'host'>,
  merchant: string | null = readSession(SESSION_KEYS.merchant),
) => {
  const query = new URLSearchParams({ token });
  if (merchant) query.set('merchant', merchant);
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${BALANCE_SOCKET_PATH}?${query}`;
};

type SocketOptions = {
  token: string;
  onPush: () => void;
  /** Runs after a reconnect: pushes may have been missed meanwhile. */
  onReconnect: () => void;
  /**
   * Runs when the server closes the socket because the session ended (4401: signed out in another
   * tab or device, revoked, expired), so the page can sign out now instead of at its next call.
   */
  onSessionEnded?: () => void;
  createSocket?: (url: string) => WebSocket;
  setTimer?: (run: () => void, ms: number) => number;
  clearTimer?: (id: number) => void;
};

/**
 * Keeps one WebSocket to `/wps/ws` open while signed in, reconnecting with backoff; every
 * `{"type":"balance"}` message calls onPush. Returns the function that closes it for good.
 */
export const connectBalanceSocket = ({
  token,
  onPush,
  onReconnect,
  onSessionEnded,
  createSocket = (url) => new WebSocket(url),
  setTimer = (run, ms) => window.setTimeout(run, ms),
  clearTimer = (id) => window.clearTimeout(id),
}: SocketOptions) => {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: number | null = null;
  let stopped = false;
  let everOpened = false;

  const schedule = () => {
    if (stopped || timer !== null) return;
    timer = setTimer(() => {
      timer = null;
      open();
    }, reconnectDelay(attempt));
    attempt += 1;
  };

  const open = () => {
    if (stopped) return;
    let next: WebSocket;
    try {
      next = createSocket(balanceSocketUrl(token, window.location));
    } catch {
      schedule();
      return;
    }
    socket = next;
    next.onopen = () => {
      if (everOpened) onReconnect();
      everOpened = true;
      attempt = 0;
    };
    next.onmessage = (event: MessageEvent) => {
      try {
        const data = JSON.parse(String(event.data)) as { type?: unknown };
        if (data.type === 'balance') onPush();
      } catch {
        // not ours: ignore
      }
    };
    next.onclose = (event: CloseEvent) => {
      if (socket === next) socket = null;
      // 4401: the server refused the token; the session is gone, so is the socket.
      if (event.code === BALANCE_SOCKET_SESSION_ENDED) {
        if (!stopped) onSessionEnded?.();
        return;
      }
      if (event.code === 1008) return;
      schedule();
    };
    next.onerror = () => {
      // onclose follows and reconnects
    };
  };

  const handleOnline = () => {
    if (socket || stopped) return;
    if (timer !== null) clearTimer(timer);
    timer = null;
    attempt = 0;
    open();
  };
  window.addEventListener('online', handleOnline);
  open();

  return () => {
    stopped = true;
    window.removeEventListener('online', handleOnline);
    if (timer !== null) clearTimer(timer);
    timer = null;
    const current = socket;
    socket = null;
    if (current) {
      current.onclose = null;
      current.onmessage = null;
      current.close(1000);
    }
  };
};

/**
 * While signed in: the push socket and the other tabs' notes both refetch the balance query.
 * Mounted once, by the logged-in header.
 */
export const useBalanceSync = (signedIn: string | null) => {
  const queryClient = useQueryClient();
  // The socket opens once the balance answered for this token: a token the server no longer
  // knows is dropped by that 401 instead of being refused again at the socket's handshake.
  const confirmed = useBalance(signedIn).isSuccess;
  const token = signedIn && confirmed ? signedIn : null;
  useEffect(() => {
    if (!token) return;
    // The balance and everything that moves with it (wallets, records, the cashier's lists).
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      for (const queryKey of PUSH_REFRESHES)
        void queryClient.invalidateQueries({ queryKey, refetchType: 'active' });
    };
    const stopSocket =
      typeof WebSocket === 'undefined'
        ? () => {}
        : connectBalanceSocket({
            token,
            onPush: refetch,
            onReconnect: refetch,
            // The balance call with the ended token is answered 401 login.not.session, which signs
            // this page out and asks for a login (shared/api/client.ts onUnauthorized).
            onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
          });
    let channel: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANNEL_NAME);
      channel.onmessage = (event: MessageEvent) => {
        if ((event.data as { type?: unknown } | null)?.type === 'balance') refetch();
      };
    }
    // Back to a tab that slept: catch up once.
    const handleVisible = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    document.addEventListener('visibilitychange', handleVisible);
    return () => {
      stopSocket();
      channel?.close();
      document.removeEventListener('visibilitychange', handleVisible);
    };
  }, [token, queryClient]);
};
