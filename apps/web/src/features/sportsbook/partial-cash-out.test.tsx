import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { clearSession, signIn } from '../../shared/state/session';
import { PartialCashOut, partValueOf } from './partial-cash-out';
import type { BookBet } from './queries';

/* Partial cash-out in my bets (ADR 055): the picker's range, what a part pays, the call it makes. */

const bet: BookBet = {
  id: '0b7d3c8e-4c1b-4bb0-9c55-2f3f3c1b2a10',
  kind: 'single',
  systemSizes: null,
  product: 'SPORTS',
  stakeMinor: '10000',
  potentialMinor: '19000',
  payoutMinor: '0',
  cashedOutStakeMinor: '0',
  cashedOutMinor: '0',
  partialCashOuts: [],
  status: 'open',
  result: null,
  cashOutMinor: '9025',
  cashOutPart: { minMinor: '1000', maxMinor: '9000' },
  placedAt: 0,
  settledAt: null,
  legs: [],
};

const money = (minor: bigint) => `৳${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;

beforeAll(async () => {
  await i18nReady;
});

beforeEach(async () => {
  await changeLanguage('en');
  signIn({ token: 'tok-1', userName: 'demo01', nickname: 'demo01', id: 1, customerType: 0 });
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('partial cash-out', () => {
  it('pays ⌊offer × part ÷ stake⌋: 9 025 × 3 000 / 10 000 = 2 707.5 → 2 707', () => {
    expect(partValueOf(9_025n, 3_000n, 10_000n)).toBe(2_707n);
    expect(partValueOf(9_025n, 4_000n, 10_000n)).toBe(3_610n);
  });

  it('picks half the stake, shows what it pays, refuses a part out of range, and sends the part', async () => {
    const fetchMock = vi.fn(
      async (_url: URL | string, _init?: RequestInit) =>
        new Response(
          JSON.stringify({
            success: true,
            value: { replayed: false, valueMinor: '3610', offerMinor: '9025', balanceMinor: '1', bet },
          }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const done = vi.fn();
    renderApp(<PartialCashOut bet={bet} money={money} onDone={done} />);
    fireEvent.click(await screen.findByTestId('partial-cash-out-open'));
    // Half of 100.00: 50.00 pays 9 025 × 5 000 / 10 000 = 4 512.5 → ৳45.12.
    expect((screen.getByTestId('partial-cash-out-amount') as HTMLInputElement).value).toBe('50.00');
    expect(screen.getByTestId('partial-cash-out-value').textContent).toBe(
      'You get ৳45.12; ৳50.00 stays on the bet.',
    );
    fireEvent.change(screen.getByTestId('partial-cash-out-amount'), { target: { value: '95' } });
    expect(screen.queryByTestId('partial-cash-out-value')).toBeNull();
    expect((screen.getByTestId('partial-cash-out-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('partial-cash-out-range'), { target: { value: '4000' } });
    expect((screen.getByTestId('partial-cash-out-amount') as HTMLInputElement).value).toBe('40.00');
    expect(screen.getByTestId('partial-cash-out-value').textContent).toBe(
      'You get ৳36.10; ৳60.00 stays on the bet.',
    );
    await act(async () => fireEvent.click(screen.getByTestId('partial-cash-out-confirm')));
    await waitFor(() => expect(done).toHaveBeenCalledWith('Part cashed out: ৳36.10 added to your balance.'));
    const call = fetchMock.mock.calls.find(([url]) =>
      String(url).includes('/wps/sportsbook/bets/cashout/partial'),
    );
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      betId: bet.id,
      stakePartMinor: '4000',
      offerMinor: '9025',
      requestKey: expect.any(String),
    });
  });
});
