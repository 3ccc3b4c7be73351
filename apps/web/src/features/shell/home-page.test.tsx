import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { clearSession, signIn } from '../../shared/state/session';
import { syncMerchantFromStorage } from '../../shared/state/site';
import { HomeHero } from './home-page';

beforeAll(async () => {
  await i18nReady;
});

beforeEach(async () => {
  sessionStorage.clear();
  syncMerchantFromStorage();
  clearSession();
  await changeLanguage('en');
});

afterEach(cleanup);

describe('home hero', () => {
  it('invites a visitor to join, and stops inviting once signed in', async () => {
    const status = makeStatus({ flags: { DIRECTREG3: true } });
    renderApp(<HomeHero />, { status });
    const join = await screen.findByRole('link', { name: 'Join now' });
    expect(join.getAttribute('href')).toBe('/register');
    cleanup();

    signIn({ token: 't0k3n', userName: 'demo01', nickname: 'demo01', id: 1, customerType: 0 });
    renderApp(<HomeHero />, { status });
    await screen.findByTestId('home-hero');
    expect(screen.queryByRole('link', { name: 'Join now' })).toBeNull();
    expect(screen.getByRole('link', { name: /slots/i }).getAttribute('href')).toBe('/rng');
  });
});
