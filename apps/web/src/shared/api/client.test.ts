import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from './client';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('API client', () => {
  it('sends X-Gateway-Version: 3 on the free-play call only (API-FACTS §1.1)', async () => {
    const fetchMock = vi.fn(async () => answer(200, { success: true, value: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await callApi('freePlay', { body: { os: 'web', platform: 'W' } }).catch(() => undefined);
    await callApi('helpCenter', { query: { lang: 'en' } }).catch(() => undefined);
    const headersOf = (call: number) =>
      (fetchMock.mock.calls[call] as unknown as [URL, RequestInit])[1].headers as Record<string, string>;
    expect(headersOf(0)['X-Gateway-Version']).toBe('3');
    expect(headersOf(0).Device).toBe('web');
    expect(headersOf(1)['X-Gateway-Version']).toBeUndefined();
  });

  it('turns a refusal into an ApiError with the code, message key and payload', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(503, {
        success: false,
        errorCode: 'system.maintenance',
        message: 'error.system.maintenance',
        value: { content: { data: { maintainTime: 1, endTime: 2 } } },
      }),
    );
    const error = await callApi('helpCenter').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      errorCode: 'system.maintenance',
      value: { content: { data: { endTime: 2 } } },
    });
  });
});
