import type { RouteBody, Routes, RouteValue } from '@khela/contract';
import { endpoints, GAME_SESSION_HEADER } from '@khela/contract/browser';

/**
 * The game page's calls (contract `games.ts`): the launch token is exchanged once for a game
 * session, then every slot call carries `X-Game-Session` (never the member's token).
 */
type SlotCall =
  | 'gameSession'
  | 'slotInit'
  | 'slotSpin'
  | 'slotClientSeed'
  | 'slotRotateSeed'
  | 'slotHistory'
  | 'engineInit'
  | 'enginePlay'
  | 'engineStep'
  | 'engineCashout';

export class PlayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

export type Value<N extends SlotCall> = RouteValue<Routes[N]>;

let sessionToken: string | null = null;
export const setSessionToken = (token: string) => {
  sessionToken = token;
};

export const call = async <N extends SlotCall>(
  name: N,
  body?: RouteBody<Routes[N]>,
  language?: string,
): Promise<Value<N>> => {
  const route = endpoints[name];
  const headers: Record<string, string> = { Device: 'web' };
  if (language) headers.Language = language;
  if (sessionToken) headers[GAME_SESSION_HEADER] = sessionToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(route.path, {
      method: route.method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new PlayError(0, 'network');
  }
  const payload = (await response.json().catch(() => null)) as {
    success?: boolean;
    value?: unknown;
    errorCode?: string;
  } | null;
  if (!response.ok || !payload?.success)
    throw new PlayError(response.status, payload?.errorCode ?? 'system.error');
  return payload.value as Value<N>;
};

const SESSION_KEY = 'khela.play.session';

/**
 * The session of this launch: exchanged from the `t` token once; a reload of the game page
 * finds it in session storage (the launch token itself is single-use).
 */
export const openSession = async (launchToken: string) => {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(SESSION_KEY) ?? 'null') as {
      launch: string;
      value: Value<'gameSession'>;
    } | null;
    if (saved && saved.launch === launchToken && saved.value.expiresAt > Date.now()) {
      setSessionToken(saved.value.sessionToken);
      return saved.value;
    }
  } catch {
    // unreadable storage: exchange again
  }
  const value = await call('gameSession', { token: launchToken });
  setSessionToken(value.sessionToken);
  try {
    window.sessionStorage.setItem(SESSION_KEY, JSON.stringify({ launch: launchToken, value }));
  } catch {
    // storage unavailable: a reload needs a new launch
  }
  return value;
};

/** A request id for one spin: repeated on a retry so the server plays the round once. */
export const newRequestId = () => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};
