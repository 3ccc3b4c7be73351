import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStatus } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render';
import { changeLanguage, i18nReady } from '../../../shared/i18n';
import { clearSession, signIn } from '../../../shared/state/session';
import { RECORD_TYPES, TransactionHistoryPage } from './transaction-history';

type Row = { id: string; type: string; amountMinor: string };

let rows: Row[] = [];
let asked: URLSearchParams[] = [];

const record = ({ id, type, amountMinor }: Row) => ({
  id,
  type,
  accountTypeId: 2,
  accountTypeName: 'MAIN',
  amount: (Number(amountMinor) / 100).toFixed(2),
  amountMinor,
  balanceAfter: '100.00',
  balanceAfterMinor: '10000',
  createdAt: Date.UTC(2026, 2, 2, 10),
});

/** The account-record call filters like the server: a kind, or a family (`bonus` → `bonus.*`). */
const answer = (url: URL): unknown => {
  if (url.pathname === '/wps/v2/wallets/balance')
    return { sumBalance: '0.00', sumBalanceMinor: '0', balance: [], currency: 'BDT', currencySymbol: '৳' };
  if (url.pathname === '/wps/relay/ODSFE2_MemTransDet') {
    asked.push(url.searchParams);
    const type = url.searchParams.get('type') ?? '';
    const list = rows.filter((r) => !type || r.type === type || r.type.startsWith(`${type}.`)).map(record);
    return {
      list,
      pageNo: 1,
      pageSize: 15,
      totalCount: list.length,
      totalPages: 1,
      startTime: 0,
      endTime: Date.UTC(2026, 2, 3),
    };
  }
  return undefined;
};

class QuietSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  close() {}
}

beforeAll(async () => {
  await i18nReady;
});

beforeEach(() => {
  sessionStorage.clear();
  signIn({ token: 'tok-7', userName: 'team02', nickname: 'team02', id: 7, customerType: 0 });
  rows = [
    { id: 'e4', type: 'bonus.welcome', amountMinor: '5000' },
    { id: 'e3', type: 'game.jackpot', amountMinor: '123456' },
    { id: 'e2', type: 'game.win', amountMinor: '2000' },
    { id: 'e1', type: 'deposit', amountMinor: '100000' },
  ];
  asked = [];
  vi.stubGlobal('WebSocket', QuietSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const value = answer(new URL(String(input), 'http://localhost'));
      return new Response(
        JSON.stringify(value === undefined ? { success: false } : { success: true, value }),
        {
          status: value === undefined ? 404 : 200,
        },
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const typeOptions = async () => {
  const select = (await screen.findByTestId('select-recordType', {}, { timeout: 8000 })) as HTMLSelectElement;
  return {
    select,
    options: [...select.options].map((o) => ({ value: o.value, label: o.textContent ?? '' })),
  };
};

describe('account record type filter (transactionHistory)', () => {
  it('offers jackpot wins and bonuses beside every other kind, each with its own label', async () => {
    expect(RECORD_TYPES).toContain('game.jackpot');
    expect(RECORD_TYPES).toContain('bonus');
    for (const language of ['en', 'bn', 'hi'] as const) {
      await changeLanguage(language);
      renderApp(<TransactionHistoryPage />, { language, status: makeStatus() });
      const { options } = await typeOptions();
      expect(options.map((o) => o.value)).toEqual(['', ...RECORD_TYPES]);
      // Every kind is translated: no label is the raw kind, and no two kinds share one.
      const labels = options.slice(1).map((o) => o.label);
      for (const [i, label] of labels.entries()) expect(label, language).not.toBe(RECORD_TYPES[i]);
      expect(new Set(labels).size, language).toBe(labels.length);
      if (language === 'en') {
        expect(options.find((o) => o.value === 'game.jackpot')?.label).toBe('Jackpot win');
        expect(options.find((o) => o.value === 'bonus')?.label).toBe('Bonus');
      }
      cleanup();
    }
  });

  it('labels jackpot and bonus rows, and filters by them', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    renderApp(<TransactionHistoryPage />, { status: makeStatus() });
    const list = await screen.findByTestId('records-list', {}, { timeout: 8000 });
    const shown = () =>
      screen.getAllByTestId('record-row').map((row) => ({
        type: row.dataset.type,
        label: row.querySelector('span')?.textContent,
      }));
    expect(within(list).getAllByTestId('record-row')).toHaveLength(4);
    // A bonus kind without its own text takes the family's label.
    expect(shown()).toEqual([
      { type: 'bonus.welcome', label: 'Bonus' },
      { type: 'game.jackpot', label: 'Jackpot win' },
      { type: 'game.win', label: 'Win' },
      { type: 'deposit', label: 'Deposit' },
    ]);

    const { select } = await typeOptions();
    await user.selectOptions(select, 'game.jackpot');
    await waitFor(() => expect(shown()).toEqual([{ type: 'game.jackpot', label: 'Jackpot win' }]));
    expect(asked.at(-1)?.get('type')).toBe('game.jackpot');

    await user.selectOptions(select, 'bonus');
    await waitFor(() => expect(shown()).toEqual([{ type: 'bonus.welcome', label: 'Bonus' }]));
    expect(asked.at(-1)?.get('type')).toBe('bonus');
  });
});
