import type { LoginInfo, MemberInfo } from '@khela/contract';
import { isAgentType, isTrialType } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { callApi, setUnauthorizedHandler } from '../api/client';
import {
  readLocal,
  readSession,
  removeLocal,
  removeSession,
  SESSION_KEYS,
  writeLocal,
  writeSession,
} from './storage';

/*
 * The signed-in state: the raw token lives in session storage (spec §3), member info comes from
 * `/wps/member/info`. A tiny store so the header and guards re-render when it changes.
 */
type State = {
  token: string | null;
  /** Set when the server dropped the session (401): the header opens the login modal once. */
  expired: boolean;
  /**
   * The login said the password must be changed first (session key `cpw`): until it is, every
   * member call but the change itself is refused, so screens do not ask (the balance, say).
   */
  passwordChangePending: boolean;
};

let state: State = {
  token: readSession(SESSION_KEYS.token),
  expired: false,
  passwordChangePending: readSession(SESSION_KEYS.cpw) === '1',
};
const listeners = new Set<() => void>();
const emit = (next: State) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useSessionState = () => useSyncExternalStore(subscribe, () => state);
export const getToken = () => state.token;

/**
 * Stores a fresh login (login, registration, phone reset, remember-me exchange). A first login
 * (`firstTimeLogin`; a registration counts as one) makes the first-login popups due.
 */
export const signIn = (
  info: Pick<LoginInfo, 'token' | 'userName' | 'nickname' | 'id' | 'customerType'> &
    Partial<Pick<LoginInfo, 'mustChangePassword' | 'firstTimeLogin'>>,
) => {
  if (info.firstTimeLogin) writeSession(SESSION_KEYS.firstLoginPopup, 'due');
  const pending = Boolean(info.mustChangePassword);
  if (pending) writeSession(SESSION_KEYS.cpw, '1');
  else removeSession(SESSION_KEYS.cpw);
  writeSession(SESSION_KEYS.token, info.token);
  writeSession(SESSION_KEYS.account, info.userName);
  writeSession(SESSION_KEYS.nickname, info.nickname);
  writeSession(SESSION_KEYS.customerId, String(info.id));
  writeSession(SESSION_KEYS.isAgent, String(info.customerType));
  emit({ token: info.token, expired: false, passwordChangePending: pending });
  // Session key `wallet` (spec §3): the merchant's wallet mode, so single-wallet pages show no
  // vendor wallets from the first paint on (features/member/queries.ts reads it).
  if (!pending)
    void callApi('merchantWallet')
      .then((value) => writeSession(SESSION_KEYS.wallet, JSON.stringify({ isSingle: value.isSingle })))
      .catch(() => {});
};

/** The pending password change is done: member calls are open again. */
export const passwordChanged = () => {
  removeSession(SESSION_KEYS.cpw);
  if (state.passwordChangePending) emit({ ...state, passwordChangePending: false });
};

/** Clears session storage but keeps the merchant (spec §4 logout: merchant and merchantCode re-set). */
export const clearSession = (expired = false) => {
  const merchant = readSession(SESSION_KEYS.merchant);
  const merchantCode = readSession(SESSION_KEYS.merchantCode);
  try {
    window.sessionStorage.clear();
  } catch {
    // storage unavailable: nothing to clear
  }
  if (merchant) writeSession(SESSION_KEYS.merchant, merchant);
  if (merchantCode) writeSession(SESSION_KEYS.merchantCode, merchantCode);
  emit({ token: null, expired, passwordChangePending: false });
};

/** The header calls this once it has shown the login modal for an expired session. */
export const acknowledgeExpired = () => {
  if (state.expired) emit({ ...state, expired: false });
};

// A stale token (401 login.not.session) signs the visitor out and asks for a login once.
setUnauthorizedHandler(() => {
  if (state.token) clearSession(true);
});

/** Remember me (spec §9: 24 h): the login name, never the password, plus the server's revocable token. */
export type Remembered = {
  kind: 'username' | 'sms';
  /** The username, or the SMS number without its dialling code. */
  name: string;
  dialCode?: string;
  rememberToken?: string;
  until: number;
};
const REMEMBER_KEY = 'loginRemember';
export const REMEMBER_MS = 24 * 60 * 60 * 1000;

export const readRemembered = (now = Date.now()): Remembered | null => {
  const raw = readLocal(REMEMBER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Remembered;
    if (typeof parsed.until !== 'number' || parsed.until <= now) {
      removeLocal(REMEMBER_KEY);
      return null;
    }
    return parsed;
  } catch {
    removeLocal(REMEMBER_KEY);
    return null;
  }
};
export const remember = (entry: Omit<Remembered, 'until'>, now = Date.now()) =>
  writeLocal(REMEMBER_KEY, JSON.stringify({ ...entry, until: now + REMEMBER_MS }));
export const forgetRemembered = () => removeLocal(REMEMBER_KEY);

/**
 * At start without a session: a remembered token is exchanged for a new session (and the next
 * token). A refused token is dropped; the remembered name stays for the form.
 */
let restoring: Promise<void> | null = null;
export const restoreRememberedSession = () => {
  if (restoring || state.token) return restoring;
  const entry = readRemembered();
  if (!entry?.rememberToken) return null;
  restoring = callApi('rememberLogin', { body: { rememberToken: entry.rememberToken } })
    .then((info) => {
      signIn(info);
      const { rememberToken: _used, ...rest } = entry;
      writeLocal(
        REMEMBER_KEY,
        JSON.stringify({ ...rest, ...(info.rememberToken ? { rememberToken: info.rememberToken } : {}) }),
      );
    })
    .catch(() => {
      const { rememberToken: _dropped, ...rest } = entry;
      writeLocal(REMEMBER_KEY, JSON.stringify(rest));
    })
    .finally(() => {
      restoring = null;
    });
  return restoring;
};

const isMember = (value: MemberInfo | Record<string, never>): value is MemberInfo => 'id' in value;

/** Who is signed in (`/wps/member/info`), fetched when a token exists; isAgent/isTrial from the type. */
export const useMember = () => {
  const { token } = useSessionState();
  const query = useQuery({
    queryKey: ['member-info', token ?? ''],
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const value = await callApi('memberInfo');
      if (!isMember(value)) return null;
      writeSession(SESSION_KEYS.account, value.account);
      writeSession(SESSION_KEYS.nickname, value.nickname);
      writeSession(SESSION_KEYS.customerId, String(value.id));
      writeSession(SESSION_KEYS.isAgent, String(value.type));
      return value;
    },
  });
  const member = token ? (query.data ?? null) : null;
  const type = member?.type ?? Number(readSession(SESSION_KEYS.isAgent) ?? '0');
  return {
    token,
    loggedIn: Boolean(token),
    member,
    /** Name to show before member info arrives: the login's account name. */
    account: member?.account ?? (token ? readSession(SESSION_KEYS.account) : null),
    isAgent: Boolean(token) && isAgentType(type),
    isTrial: Boolean(token) && isTrialType(type),
  };
};
