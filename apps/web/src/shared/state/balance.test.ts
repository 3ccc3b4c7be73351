import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BALANCE_HIDDEN_KEY,
  balanceSocketUrl,
  connectBalanceSocket,
  isBalanceHidden,
  reconnectDelay,
  setBalanceHidden,
  syncBalanceHiddenFromStorage,
} from './balance';

/** A stand-in WebSocket the test drives by hand. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close(code: number) {
    this.closedWith = code;
  }
}

describe('balance hidden state', () => {
  beforeEach(() => {
    window.localStorage.clear();
    syncBalanceHiddenFromStorage();
  });

  it('is shown by default, and hiding is kept in local storage (across pages and reloads)', () => {
    expect(isBalanceHidden()).toBe(false);
    setBalanceHidden(true);
    expect(isBalanceHidden()).toBe(true);
    expect(window.localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('1');
    // A reload reads it back.
    syncBalanceHiddenFromStorage();
    expect(isBalanceHidden()).toBe(true);
    setBalanceHidden(false);
    expect(window.localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('0');
  });
});

describe('balance socket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const connect = (onPush = vi.fn(), onReconnect = vi.fn()) => {
    const stop = connectBalanceSocket({
      token: 'tok en/1',
      onPush,
      onReconnect,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    return { stop, onPush, onReconnect };
  };

  it('builds the ws URL of this origin with the token', () => {
    expect(balanceSocketUrl('a b', { protocol: 'https:', host: 'x.test' })).toBe(
      'wss://x.test/wps/ws?token=a+b',
    );
    expect(balanceSocketUrl('t', { protocol: 'http:', host: 'localhost:8080' }, 'khelain')).toBe(
      'ws://localhost:8080/wps/ws?token=t&merchant=khelain',
    );
  });

  it('calls onPush for each {"type":"balance"} and ignores anything else', () => {
    const { onPush } = connect();
    const socket = FakeSocket.made[0]!;
    expect(socket.url).toContain('/wps/ws?token=tok+en%2F1');
    socket.onopen?.();
    socket.onmessage?.({ data: '{"type":"ready"}' });
    socket.onmessage?.({ data: 'not json' });
    socket.onmessage?.({ data: '{"type":"balance"}' });
    socket.onmessage?.({ data: '{"type":"balance"}' });
    expect(onPush).toHaveBeenCalledTimes(2);
  });

  it('reconnects with growing delays after drops, and refetches once it is back', () => {
    const { onReconnect } = connect();
    FakeSocket.made[0]!.onopen?.();
    FakeSocket.made[0]!.onclose?.({ code: 1006 });
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(400);
    expect(FakeSocket.made).toHaveLength(2);
    // The second try fails too: the wait doubles.
    FakeSocket.made[1]!.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(700);
    expect(FakeSocket.made).toHaveLength(3);
    FakeSocket.made[2]!.onopen?.();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('stops for good when the server ends the session (4401) or when closed here', () => {
    const onSessionEnded = vi.fn();
    connectBalanceSocket({
      token: 'tok',
      onPush: vi.fn(),
      onReconnect: vi.fn(),
      onSessionEnded,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    FakeSocket.made[0]!.onclose?.({ code: 1006 });
    expect(onSessionEnded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_400);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.onclose?.({ code: 4401 });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);

    FakeSocket.made = [];
    connect();
    FakeSocket.made[0]!.onclose?.({ code: 4401 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);

    FakeSocket.made = [];
    const { stop } = connect();
    stop();
    expect(FakeSocket.made[0]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('backs off from 1 s to at most 30 s (plus up to 30 % spread)', () => {
    expect(reconnectDelay(0, () => 0)).toBe(1_000);
    expect(reconnectDelay(1, () => 0)).toBe(2_000);
    expect(reconnectDelay(4, () => 0)).toBe(16_000);
    expect(reconnectDelay(5, () => 0)).toBe(30_000);
    expect(reconnectDelay(50, () => 0)).toBe(30_000);
    expect(reconnectDelay(50, () => 1)).toBe(39_000);
  });
});
