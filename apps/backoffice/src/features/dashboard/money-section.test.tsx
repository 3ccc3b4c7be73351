import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { minorToDecimal } from './money-figures';
import { MoneySection } from './money-section';

const figures = (deposits: string, withdrawals: string, bets: string, wins: string, players: number) => ({
  deposits,
  withdrawals,
  netDeposits: (BigInt(deposits) - BigInt(withdrawals)).toString(),
  bets,
  wins,
  ggr: (BigInt(bets) - BigInt(wins)).toString(),
  bonusCost: '0',
  activePlayers: players,
});

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('money on the dashboard', () => {
  it('shows the period figures and a row per merchant, asking for the chosen merchant and days', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => {
        asked.push(String(url));
        const value = {
          days: [{ day: '2026-11-20', ...figures('1234550', '34550', '500000', '700000', 3) }],
          merchants: [{ merchant: 'khelabd', ...figures('1234550', '34550', '500000', '700000', 3) }],
          total: figures('1234550', '34550', '500000', '700000', 3),
        };
        return new Response(JSON.stringify({ success: true, value }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Suspense fallback={null}>
          <MoneySection merchant="khelabd" days={30} />
        </Suspense>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('money-deposits')).textContent).toBe('12,345.50');
    expect(screen.getByTestId('money-netDeposits').textContent).toBe('12,000.00');
    expect(screen.getByTestId('money-ggr').textContent).toBe('-2,000.00');
    expect(screen.getByTestId('money-activePlayers').textContent).toBe('3');
    const row = within(screen.getByTestId('money-merchants')).getByText('khelabd').closest('tr');
    expect(row?.textContent).toContain('12,345.50');
    expect(asked[0]).toContain('/bo/api/dashboard/money?');
    expect(asked[0]).toContain('merchant=khelabd');
    expect(asked[0]).toContain('days=30');
  });

  it('turns minor units into exact decimals', () => {
    expect(minorToDecimal('-123450')).toBe('-1234.50');
    expect(minorToDecimal('5')).toBe('0.05');
    expect(minorToDecimal('9007199254740993')).toBe('90071992547409.93');
  });
});
