import type { WhitelabelNode } from '@khela/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { BrandForm, flagState } from './brand-form';
import type { SettingsValue } from './settings-query';

const node = (modId: string, enabled: '1' | '0', childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled,
  childrenNodes,
});

/** REG3 switched off with DIRECTREG3 still switched on under it; FREEPLAY3 on at the top. */
const tree = [
  node('REG3', '0', [node('USERNAMEREG3', '1'), node('DIRECTREG3', '1')]),
  node('FREEPLAY3', '1'),
];

const value = {
  merchant: 'khelabd',
  brand: {
    name: 'Khela',
    platform: 'WEB',
    merchant: 'khelabd',
    lotteryType: 'SEA',
    device: 'WEB',
    chatHeaderColor: '#0f766e',
    primaryColor: '#f59e0b',
    esportGames: [],
    cockfightGames: [],
    defaultCurrencySymbol: '৳',
    defaultLanguage: 'bn',
    supportLanguages: ['bn', 'en'],
    loginedToHomePage: false,
    licences: [],
    marketing: { slotGameCount: 1, zaloBonus: '' },
  },
  whitelabel: tree,
} as unknown as SettingsValue;

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});
afterEach(cleanup);

describe('brand switches', () => {
  it('reads the stored switch and whether the parents are on', () => {
    expect(flagState(tree, 'DIRECTREG3')).toEqual({ on: true, parentOn: false });
    expect(flagState(tree, 'FREEPLAY3')).toEqual({ on: true, parentOn: true });
    expect(flagState(tree, 'REG3')).toEqual({ on: false, parentOn: true });
    expect(flagState(tree, 'NOPE3')).toBeNull();
  });

  it('shows a switch that is on under a parent that is off as on, with a "parent is off" hint', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Suspense fallback={null}>
          <BrandForm value={value} readOnly={false} />
        </Suspense>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('brand-flag-DIRECTREG3')).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('brand-flag-DIRECTREG3-parent-off').textContent).toBe('(parent is off)');
    expect(screen.getByTestId('brand-flag-FREEPLAY3').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('brand-flag-FREEPLAY3-parent-off')).toBeNull();
  });
});
