import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { BALANCE_HIDDEN_KEY, syncBalanceHiddenFromStorage } from '../../shared/state/balance';
import { clearSession, signIn } from '../../shared/state/session';
import { BalancePill } from './balance';

const answer = (sumMinor: string) => ({
  success: true,
  value: {
    sumBalance: `${BigInt(sumMinor) / 100n}.${(BigInt(sumMinor) % 100n).toString().padStart(2, '0')}`,
    sumBalanceMinor: sumMinor,
    balance: [],
    currency: 'BDT',
    currencySymbol: '৳',
  },
});

beforeAll(async () => {
  await i18nReady;
});

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  syncBalanceHiddenFromStorage();
  await changeLanguage('en');
  signIn({ token: 'tok-1', userName: 'demo01', nickname: 'demo01', id: 1, customerType: 0 });
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('header balance', () => {
  it("says 'updating' until fetched, then the sum with the merchant sign, two decimals and separators", async () => {
    let release: (value: Response) => void = () => {};
    const fetchMock = vi.fn((_url: URL | string) => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<BalancePill />);
    expect(await screen.findByTestId('balance-amount-updating')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/wps/v2/wallets/balance');
    await act(async () => release(new Response(JSON.stringify(answer('123456789')))));
    expect((await screen.findByTestId('balance-amount')).textContent).toBe('৳1,234,567.89');
  });

  it('hides as *** (kept in local storage), follows another tab, and refreshes on demand', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(answer('123450'))))
      .mockResolvedValueOnce(new Response(JSON.stringify(answer('9900'))));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderApp(<BalancePill />);
    expect((await screen.findByTestId('balance-amount')).textContent).toBe('৳1,234.50');

    await user.click(screen.getByTestId('balance-toggle'));
    expect(screen.getByTestId('balance-amount').textContent).toBe('***');
    expect(localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('1');

    // Another tab shows it again: the storage event carries the change here.
    act(() => {
      localStorage.setItem(BALANCE_HIDDEN_KEY, '0');
      window.dispatchEvent(new StorageEvent('storage', { key: BALANCE_HIDDEN_KEY }));
    });
    expect(screen.getByTestId('balance-amount').textContent).toBe('৳1,234.50');

    await user.click(screen.getByTestId('balance-refresh'));
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe('৳99.00'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows Bangla digits and grouping in Bangla', async () => {
    await changeLanguage('bn');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(answer('123456789')))));
    renderApp(<BalancePill />, { language: 'bn' });
    expect((await screen.findByTestId('balance-amount')).textContent).toBe('৳১২,৩৪,৫৬৭.৮৯');
  });
});
