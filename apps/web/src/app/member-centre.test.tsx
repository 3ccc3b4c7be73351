import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { AccountMenu } from '../features/account/account-menu';
import { changeLanguage, i18nReady } from '../shared/i18n';
import { syncBalanceHiddenFromStorage } from '../shared/state/balance';
import { MEMBER_PAGE_KEYS } from '../shared/state/member-centre';
import { clearSession, signIn } from '../shared/state/session';

/** Answers by path, as the server would for a fresh member with no movements. */
const answers: Record<string, unknown> = {
  '/wps/member/info': {
    id: 7,
    account: 'team02',
    nickname: 'team02',
    type: 0,
    clubLabel: null,
    regDate: 0,
    mobile: null,
  },
  '/wps/v2/wallets/balance': {
    sumBalance: '0.00',
    sumBalanceMinor: '0',
    balance: [],
    currency: 'BDT',
    currencySymbol: '৳',
  },
  '/wps/relay/ODSFE2_MemTransDet': {
    list: [],
    pageNo: 1,
    pageSize: 15,
    totalCount: 0,
    totalPages: 0,
    startTime: 0,
    endTime: 0,
  },
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

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  syncBalanceHiddenFromStorage();
  await changeLanguage('en');
  signIn({ token: 'tok-7', userName: 'team02', nickname: 'team02', id: 7, customerType: 0 });
  vi.stubGlobal('WebSocket', QuietSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const value = answers[path];
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

const location = () => screen.getByTestId('location').textContent ?? '';

describe('member centre', () => {
  it('opens from ?member=<page> on that page and lists the spec §2 menu in order', async () => {
    renderApp(<AccountMenu />, { route: '/rng?member=referral' });
    const centre = await screen.findByTestId('member-centre', {}, { timeout: 8000 });
    expect(centre.dataset.memberPage).toBe('referral');
    const entries = within(centre)
      .getAllByRole('button')
      .map((button) => button.dataset.testid)
      .filter((id) => id?.startsWith('member-menu-'))
      .map((id) => id?.replace('member-menu-', ''));
    expect(entries).toEqual([...MEMBER_PAGE_KEYS]);
    expect(screen.getByTestId('member-menu-referral').getAttribute('aria-current')).toBe('page');
  });

  it('moves between pages through the URL and drops the parameter when closed', async () => {
    const user = userEvent.setup();
    renderApp(<AccountMenu />, { route: '/?member=securityCenter' });
    await screen.findByTestId('member-centre', {}, { timeout: 8000 });
    await user.click(screen.getByTestId('member-menu-transactionHistory'));
    expect(await screen.findByTestId('records-empty', {}, { timeout: 8000 })).toBeTruthy();
    expect(location()).toBe('/?member=transactionHistory');
    expect(screen.getByTestId('range-label').textContent).toMatch(
      /^\d{4}\.\d{2}\.\d{2} – \d{4}\.\d{2}\.\d{2}$/,
    );
    await user.click(screen.getByTestId('member-centre-close'));
    await waitFor(() => expect(location()).toBe('/'));
    await waitFor(() => expect(screen.queryByTestId('member-centre')).toBeNull());
  });

  it('the drop-down entries open the centre on their page', async () => {
    const user = userEvent.setup();
    renderApp(<AccountMenu />);
    await user.click(await screen.findByTestId('account-menu-button'));
    await user.click(screen.getByTestId('account-accountRecord'));
    const centre = await screen.findByTestId('member-centre', {}, { timeout: 8000 });
    expect(centre.dataset.memberPage).toBe('transactionHistory');
    await waitFor(() => expect(location()).toBe('/?member=transactionHistory'));
  });
});
