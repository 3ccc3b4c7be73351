import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { MaintenanceForm, RegionForm } from './other-forms';
import type { SettingsValue } from './settings-query';

const value = {
  merchant: 'khelain',
  brand: { supportLanguages: ['en', 'hi'] },
  maintenance: { enabled: false, title: 'Upgrade', endTime: null, info: 'Back soon' },
  region: { blockedCountries: ['US'], info: 'Not here', translations: { hi: { info: 'यहाँ नहीं' } } },
} as unknown as SettingsValue;

const show = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Suspense fallback={null}>{ui}</Suspense>
    </QueryClientProvider>,
  );

/** The setting the form sends to PUT /bo/api/settings. */
const captureSave = () => {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body ?? 'null')));
      return new Response(JSON.stringify({ success: true, value: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
};

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('status page texts per language', () => {
  it('edits the region info in each language of the merchant and saves them with the setting', async () => {
    const user = userEvent.setup();
    const sent = captureSave();
    show(<RegionForm value={value} readOnly={false} />);
    expect(((await screen.findByTestId('region-text-info-hi')) as HTMLTextAreaElement).value).toBe('यहाँ नहीं');
    // Only the merchant's languages (India: English and Hindi).
    expect(screen.queryByTestId('region-text-info-bn')).toBeNull();
    await user.type(screen.getByTestId('region-text-info-en'), 'Not available in your country');
    await user.click(screen.getByTestId('region-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      merchant: 'khelain',
      setting: {
        key: 'region',
        value: {
          blockedCountries: ['US'],
          info: 'Not here',
          translations: { hi: { info: 'यहाँ नहीं' }, en: { info: 'Not available in your country' } },
        },
      },
    });
  });

  it('edits the maintenance title and message per language', async () => {
    const user = userEvent.setup();
    const sent = captureSave();
    show(<MaintenanceForm value={value} readOnly={false} />);
    await user.type(await screen.findByTestId('maintenance-text-title-hi'), 'रखरखाव');
    await user.type(screen.getByTestId('maintenance-text-info-hi'), 'जल्द वापस');
    await user.click(screen.getByTestId('maintenance-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      setting: {
        key: 'maintenance',
        value: {
          title: 'Upgrade',
          info: 'Back soon',
          translations: { hi: { title: 'रखरखाव', info: 'जल्द वापस' } },
        },
      },
    });
  });
});
