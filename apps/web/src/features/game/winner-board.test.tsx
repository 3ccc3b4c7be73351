import type { WinnerVo } from '@khela/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { syncMerchantFromStorage } from '../../shared/state/site';
import { useGameBalanceMessages } from './frame';
import { WinnerBoard } from './winner-board';
import { sortWinners } from './winner-board-query';

const vo = (customerName: string, winAmount: string, winTime = 1_700_000_000_000): { vo: WinnerVo } => ({
  vo: {
    customerName,
    winAmount,
    gameName: `Game of ${customerName}`,
    nodeId: `node-${customerName}`,
    gameType: 'RNG',
    vendor: 'PG',
    vassalage: 'PG',
    iconUrl: null,
    winTime,
  },
});

const answer = (list: { vo: WinnerVo }[]) =>
  new Response(JSON.stringify({ success: true, value: { list } }), {
    headers: { 'content-type': 'application/json' },
  });

const rows = () =>
  screen.getAllByTestId('winner-row').map((row) => ({
    name: within(row).getByTestId('winner-name').textContent,
    amount: within(row).getByTestId('winner-amount').textContent,
  }));

/** The game page's frame hook, mounted until the "back" button. */
const GameFrame = () => {
  useGameBalanceMessages('https://games.example/play.html');
  return null;
};

/** A game page over the board: "back" closes the game. */
const GamePageAndBoard = () => {
  const [open, setOpen] = useState(true);
  return (
    <>
      {open ? <GameFrame /> : null}
      <button type="button" onClick={() => setOpen(false)}>
        back
      </button>
      <WinnerBoard />
    </>
  );
};

beforeAll(async () => {
  await i18nReady;
});

beforeEach(async () => {
  sessionStorage.clear();
  syncMerchantFromStorage();
  await changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('winner board', () => {
  it('asks for every category, 50 wins, and shows them biggest first in the merchant currency', async () => {
    const fetchMock = vi.fn(async (_url: URL | string) =>
      answer([vo('de***01', '12.5'), vo('ab***99', '1234567.8'), vo('zz***00', '300')]),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<WinnerBoard />, { status: makeStatus() });
    expect(await screen.findByRole('heading', { name: 'Big winners' })).toBeTruthy();
    await screen.findAllByTestId('winner-row');
    expect(rows()).toEqual([
      { name: 'ab***99', amount: '৳1,234,567.80' },
      { name: 'zz***00', amount: '৳300.00' },
      { name: 'de***01', amount: '৳12.50' },
    ]);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/wps/relay/ODSFE2_getWinnerBoard');
    expect(url.searchParams.get('gameCategory')).toBe('ALL');
    expect(url.searchParams.get('limitNum')).toBe('50');
    expect(url.searchParams.get('language')).toBe('en');
    expect(screen.getByTestId('winner-board').getAttribute('data-state')).toBe('list');
  });

  it('says so when nobody has won big yet, in Bangla too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer([])),
    );
    renderApp(<WinnerBoard />, { status: makeStatus() });
    expect((await screen.findByTestId('winner-board-empty')).textContent).toBe(
      'No big wins yet. Yours could be the first.',
    );
    cleanup();
    await changeLanguage('bn');
    renderApp(<WinnerBoard />, { status: makeStatus(), language: 'bn' });
    expect(await screen.findByRole('heading', { name: 'বড় বিজয়ীরা' })).toBeTruthy();
    expect((await screen.findByTestId('winner-board-empty')).textContent).toBe(
      'এখনও কোনো বড় জয় নেই। প্রথমটি আপনার হতে পারে।',
    );
  });

  it('shows Bangla digits and grouping in Bangla', async () => {
    await changeLanguage('bn');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer([vo('de***01', '123456.78')])),
    );
    renderApp(<WinnerBoard />, { status: makeStatus(), language: 'bn' });
    await screen.findAllByTestId('winner-row');
    expect(rows()).toEqual([{ name: 'de***01', amount: '৳১,২৩,৪৫৬.৭৮' }]);
  });

  it('asks again as soon as a game page closes, and shows the new win', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer([vo('de***01', '150')]))
      .mockResolvedValueOnce(answer([vo('de***01', '150'), vo('me***42', '500')]));
    vi.stubGlobal('fetch', fetchMock);
    // The test client never treats data as stale: only the close can cause the second call.
    renderApp(<GamePageAndBoard />, { status: makeStatus() });
    await screen.findAllByTestId('winner-row');
    expect(rows().map((r) => r.name)).toEqual(['de***01']);
    await act(async () => screen.getByRole('button', { name: 'back' }).click());
    await waitFor(() => expect(rows().map((r) => r.name)).toEqual(['me***42', 'de***01']));
    const boardCalls = fetchMock.mock.calls.filter(([url]) =>
      String(url).includes('/wps/relay/ODSFE2_getWinnerBoard'),
    );
    expect(boardCalls).toHaveLength(2);
  });
});

describe('sortWinners', () => {
  it('orders by amount (exactly, in minor units), then the newest first', () => {
    const sorted = sortWinners([
      vo('a', '9.99', 1),
      vo('b', '10', 1),
      vo('c', '10.00', 5),
      vo('d', '1000000000000.01', 2),
    ]);
    expect(sorted.map((w) => [w.customerName, w.winMinor])).toEqual([
      ['d', 100_000_000_000_001n],
      ['c', 1_000n],
      ['b', 1_000n],
      ['a', 999n],
    ]);
  });
});
