import type { backofficeRoutes, RouteBody, RouteQuery, RouteValue } from '@khela/contract';
import { type Endpoint, endpoints } from '@khela/contract/browser';
import { KEYS, readSession } from './storage';

/** A refused call: the stable `errorCode`, the translation key in `message`, and any payload. */
export class BoApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly value?: unknown,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;
type Options = { query?: Query; body?: unknown; form?: FormData; signal?: AbortSignal };

let language = 'en';
/** The language sent in the `Language` header of every call. */
export const setBoApiLanguage = (value: string) => {
  language = value;
};

let onSessionEnd: (() => void) | null = null;
/** Runs when a call that carried a token is answered 401 `login.not.session` (expired or revoked). */
export const setSessionEndHandler = (handler: () => void) => {
  onSessionEnd = handler;
};

const buildUrl = (path: string, query?: Query) => {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url;
};

const headers = (json: boolean) => {
  const out: Record<string, string> = { Language: language };
  const token = readSession(KEYS.token);
  if (token) out.Authorization = token;
  if (json) out['Content-Type'] = 'application/json;charset=UTF-8';
  return out;
};

const refuse = async (response: Response, hadToken: boolean): Promise<never> => {
  let payload: { errorCode?: string; message?: string; value?: unknown } | undefined;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const code = payload?.errorCode ?? (response.status === 504 ? 'timeout' : 'system.error');
  if (response.status === 401 && hadToken && code === 'login.not.session') onSessionEnd?.();
  throw new BoApiError(response.status, code, payload?.message ?? `error.${code}`, payload?.value);
};

/**
 * Calls any staff endpoint and returns its envelope `value` (typed by the caller). Feature folders
 * whose routes live in another contract file (cashier, games) use this with their own endpoint.
 */
export const requestBo = async <T>(endpoint: Endpoint, options: Options = {}): Promise<T> => {
  const method = Array.isArray(endpoint.method) ? endpoint.method[0] : endpoint.method;
  const json = options.body !== undefined;
  const hadToken = Boolean(readSession(KEYS.token));
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, options.query), {
      method,
      headers: headers(json),
      signal: options.signal ?? null,
      ...(json ? { body: JSON.stringify(options.body) } : {}),
      ...(options.form ? { body: options.form } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new BoApiError(0, 'network', 'error.network');
  }
  if (!response.ok) return refuse(response, hadToken);
  const payload = (await response.json().catch(() => undefined)) as
    | { success?: boolean; value?: unknown; errorCode?: string; message?: string }
    | undefined;
  if (!payload?.success) {
    const code = payload?.errorCode ?? 'system.error';
    throw new BoApiError(response.status, code, payload?.message ?? `error.${code}`, undefined);
  }
  return payload.value as T;
};

export type BoRoutes = typeof backofficeRoutes;
export type BoName = keyof BoRoutes & keyof typeof endpoints;

/** Calls a back-office route of the contract by name: query and body typed by its schemas. */
export const callBo = <N extends BoName>(
  name: N,
  options: { query?: RouteQuery<BoRoutes[N]>; body?: RouteBody<BoRoutes[N]>; signal?: AbortSignal } = {},
): Promise<RouteValue<BoRoutes[N]>> =>
  requestBo(endpoints[name] as Endpoint, {
    ...(options.query !== undefined ? { query: options.query as Query } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });

/** Uploads one file as multipart (the media endpoint). */
export const uploadBo = <T>(endpoint: Endpoint, file: File): Promise<T> => {
  const form = new FormData();
  form.append('file', file);
  return requestBo<T>(endpoint, { form });
};

/**
 * Downloads a CSV export with the staff token (a plain link cannot send the header) and hands it
 * to the browser as a file.
 */
export const downloadCsv = async (endpoint: Endpoint, query: Query, fileName: string) => {
  const hadToken = Boolean(readSession(KEYS.token));
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, query), { headers: headers(false) });
  } catch {
    throw new BoApiError(0, 'network', 'error.network');
  }
  if (!response.ok) return refuse(response, hadToken);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
