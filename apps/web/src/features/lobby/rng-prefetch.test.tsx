import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { queryClient } from '../../shared/api/query-client';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { syncMerchantFromStorage } from '../../shared/state/site';
import { parseRngQuery, rngListFilter } from './lobby-query';
import { useGameList } from './queries';
import { prefetchRngFirstPage, prefetchRngVendors } from './rng-prefetch';

const Probe = ({ search = 'vassalage=PG' }: { search?: string }) => {
  const list = useGameList(rngListFilter(parseRngQuery(new URLSearchParams(search))));
  return <output data-testid="total">{list.data ? String(list.data.totalCount) : 'loading'}</output>;
};

beforeAll(async () => {
  await i18nReady;
});
beforeEach(async () => {
  sessionStorage.clear();
  syncMerchantFromStorage();
  queryClient.clear();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('/rng first-page prefetch', () => {
  it('is read by the lobby without a second call, also when the status call stored the merchant first', async () => {
    const fetchMock = vi.fn(
      async (_input: URL | string) =>
        new Response(
          JSON.stringify({
            success: true,
            value: { games: [], totalPages: 1, totalCount: 42, pageNo: 1, pageSize: 15 },
          }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    // The permission call has answered and stored the merchant in session storage (its queryFn
    // does) before this chunk ran: the prefetch must still use the key the lobby's hook reads.
    sessionStorage.setItem('merchant', 'khelabd');
    prefetchRngFirstPage('?vassalage=PG');
    await act(async () => {});
    renderApp(<Probe />, { client: queryClient, status: makeStatus() });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('42'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(url.searchParams.get('vassalage')).toBe('PG');
    expect(url.searchParams.get('pageSize')).toBe('15');
  });

  it('keeps the first page the server wrote into the page instead of asking, for /rng without filters only', async () => {
    const fetchMock = vi.fn(async (_input: URL | string) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const written = { games: [], totalPages: 3, totalCount: 37, pageNo: 1, pageSize: 15 };
    await prefetchRngFirstPage('', written);
    renderApp(<Probe search="" />, { client: queryClient, status: makeStatus() });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('37'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('gameList'))).toHaveLength(0);
    // With a filter in the address the written page is not that page: it is asked for.
    cleanup();
    queryClient.clear();
    void prefetchRngFirstPage('?vassalage=PG', written);
    await act(async () => {});
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('gameList'))).toHaveLength(1);
  });

  it('keeps the vendor lanes the server wrote into the page, in the session copy too', async () => {
    const fetchMock = vi.fn(async (_input: URL | string) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem('merchant', 'khelabd');
    const lanes = [{ title: 'RNG', cards: [], gameClassify: [] }];
    await prefetchRngVendors({ version: 'v7', data: { lanes } } as never);
    expect(queryClient.getQueryData(['game-vendors', 'khelabd', 'en'])).toEqual(lanes);
    expect(sessionStorage.getItem('gameVendor')).toContain('"v7"');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
