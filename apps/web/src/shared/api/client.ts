import type { RouteValue } from '@khela/contract';
import { type EndpointName, endpoints, type Routes } from '@khela/contract/browser';
import { readSession, SESSION_KEYS } from '../state/storage';

/** A refused call: the stable `errorCode`, the translation key in `message`, and any payload. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly value?: unknown,
  ) {
    super(message);
  }
}

type CallOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Sent `application/x-www-form-urlencoded` (forgot password by email) instead of JSON. */
  form?: Record<string, string>;
  signal?: AbortSignal;
  language?: string;
  /** Sent `multipart/form-data` (image uploads); the browser sets the boundary. */
  formData?: FormData;
  /** Extra request headers (the `idempotency-key` of a money call). */
  headers?: Record<string, string>;
};

let currentLanguage = 'bn';
/** The language sent in the `Language` header of every call. */
export const setApiLanguage = (language: string) => {
  currentLanguage = language;
};

let onUnauthorized: (() => void) | null = null;
/** Runs when a call that carried a token is answered 401 `login.not.session` (API-FACTS §1.3). */
export const setUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler;
};

let onRefused: ((error: ApiError) => void) | null = null;
/**
 * Runs when a signed-in call is refused because the member must change the password
 * (`password.change.required`) or is a trial account (`in_need_true_account`); the auth feature
 * reopens the change-password modal or shows the register-a-real-account notice.
 */
export const setRefusalHandler = (handler: ((error: ApiError) => void) | null) => {
  onRefused = handler;
};

/** Names the site may call: endpoints that have a route (with schemas) in the contract. */
export type ApiName = EndpointName & keyof Routes;

/** What a call answers: the `value` schema of that route in the contract. */
export type ApiValue<N extends ApiName> = RouteValue<Routes[N]>;

/** Calls one contract endpoint by name and returns its `value`; refused calls throw ApiError. */
export const callApi = async <N extends ApiName>(
  name: N,
  options: CallOptions = {},
): Promise<ApiValue<N>> => {
  const route = endpoints[name] as (typeof endpoints)[EndpointName];
  const url = new URL(route.path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    ...options.headers,
    Device: 'web',
    Language: options.language ?? currentLanguage,
  };
  const merchant = readSession(SESSION_KEYS.merchant);
  if (merchant) headers.Merchant = merchant;
  const token = readSession(SESSION_KEYS.token);
  if (token) headers.Authorization = token;
  // The free-play call carries the gateway version, as the platform's clients send it (API-FACTS §1.1).
  if (name === 'freePlay') headers['X-Gateway-Version'] = '3';
  if (options.form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const body: BodyInit | undefined =
    options.formData !== undefined
      ? options.formData
      : options.form !== undefined
        ? new URLSearchParams(options.form).toString()
        : options.body !== undefined
          ? JSON.stringify(options.body)
          : undefined;
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      signal: options.signal ?? null,
      ...(body !== undefined ? { body } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'error.network');
  }
  let payload: { success?: boolean; value?: unknown; errorCode?: string; message?: string } | undefined;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(
      response.status,
      response.status === 504 ? 'timeout' : 'system.error',
      response.status === 504 ? 'error.timeout' : 'error.system.error',
    );
  }
  if ('envelope' in route && route.envelope === false) return payload as ApiValue<N>;
  if (!response.ok || !payload?.success) {
    if (response.status === 401 && token && payload?.errorCode === 'login.not.session') onUnauthorized?.();
    const refused = new ApiError(
      response.status,
      payload?.errorCode ?? 'system.error',
      payload?.message ?? 'error.system.error',
      payload?.value,
    );
    if (
      token &&
      response.status === 403 &&
      (refused.errorCode === 'password.change.required' || refused.errorCode === 'in_need_true_account')
    )
      onRefused?.(refused);
    throw refused;
  }
  return payload.value as ApiValue<N>;
};
