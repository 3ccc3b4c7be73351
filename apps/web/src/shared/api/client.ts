import { type EndpointName, endpoints, type Routes } from '@khela/contract/browser';
import type { RouteValue } from '@khela/contract';
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
  signal?: AbortSignal;
  language?: string;
};

let currentLanguage = 'bn';
/** The language sent in the `Language` header of every call. */
export const setApiLanguage = (language: string) => {
  currentLanguage = language;
};

/** What a call answers: the `value` schema of that route in the contract. */
export type ApiValue<N extends EndpointName> = RouteValue<Routes[N]>;

/** Calls one contract endpoint by name and returns its `value`; refused calls throw ApiError. */
export const callApi = async <N extends EndpointName>(name: N, options: CallOptions = {}): Promise<ApiValue<N>> => {
  const route = endpoints[name] as (typeof endpoints)[EndpointName];
  const url = new URL(route.path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    Device: 'web',
    Language: options.language ?? currentLanguage,
  };
  const merchant = readSession(SESSION_KEYS.merchant);
  if (merchant) headers.Merchant = merchant;
  const token = readSession(SESSION_KEYS.token);
  if (token) headers.Authorization = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      signal: options.signal ?? null,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'error.network');
  }
  let payload: { success?: boolean; value?: unknown; errorCode?: string; message?: string } | undefined;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(response.status, response.status === 504 ? 'timeout' : 'system.error', response.status === 504 ? 'error.timeout' : 'error.system.error');
  }
  if ('envelope' in route && route.envelope === false) return payload as ApiValue<N>;
  if (!response.ok || !payload?.success) {
    throw new ApiError(response.status, payload?.errorCode ?? 'system.error', payload?.message ?? 'error.system.error', payload?.value);
  }
  return payload.value as ApiValue<N>;
};

