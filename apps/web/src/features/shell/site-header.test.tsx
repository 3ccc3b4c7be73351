import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18next, i18nReady } from '../../shared/i18n';
import { syncMerchantFromStorage } from '../../shared/state/site';
import { SiteHeader } from './site-header';

beforeAll(async () => {
  await i18nReady;
});

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  syncMerchantFromStorage();
  await changeLanguage('en');
});

afterEach(cleanup);

const renderHeader = (flags: Record<string, boolean> = {}, showNav = true) => {
  const status = makeStatus({ flags });
  return renderApp(<SiteHeader status={status} showNav={showNav} />, { status });
};

describe('site header (logged out)', () => {
  it('shows the register button only when direct registration (DIRECTREG3) is on', async () => {
    renderHeader({ DIRECTREG3: true });
    expect((await screen.findByTestId('btn-register')).getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('btn-login').getAttribute('href')).toBe('/login');
    cleanup();

    renderHeader({ DIRECTREG3: false });
    await screen.findByTestId('btn-login');
    expect(screen.queryByTestId('btn-register')).toBeNull();
  });

  it('links home, every game category (in the catalogue lane order), promotions and the app download page', async () => {
    renderHeader();
    const nav = await screen.findByTestId('main-nav');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/',
      '/rng',
      '/elott',
      '/live',
      '/sports',
      '/fish',
      '/cockfight',
      '/pvp',
      '/esports',
      '/promotions',
      '/download',
    ]);
  });

  it('has no navigation on noNav pages', async () => {
    renderHeader({}, false);
    await screen.findByTestId('site-header');
    expect(screen.queryByTestId('main-nav')).toBeNull();
    expect(screen.getByTestId('language-select')).toBeTruthy();
  });

  it("offers the merchant's languages in a native select; a change saves it and switches the page", async () => {
    const user = userEvent.setup();
    renderHeader();
    const select = (await screen.findByTestId('language-select')) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((option) => option.value)).toEqual(['bn', 'en']);
    expect(select.value).toBe('en');

    await user.selectOptions(select, 'bn');
    await waitFor(() => expect(i18next.language).toBe('bn'));
    expect(localStorage.getItem('hisLang')).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(await screen.findByText('লগইন')).toBeTruthy();
  });

  it('switches the merchant for the session, and a language the new one lacks gives way to its default', async () => {
    const user = userEvent.setup();
    await changeLanguage('bn');
    const status = makeStatus();
    renderApp(<SiteHeader status={status} showNav />, { status, language: 'bn' });
    const picker = (await screen.findByTestId('merchant-select')) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.value)).toEqual(['khelabd', 'khelain']);

    await user.selectOptions(picker, 'khelain');
    expect(sessionStorage.getItem('merchant')).toBe('khelain');
    expect(sessionStorage.getItem('merchantCode')).toBe('khelain');
    await waitFor(() => expect(i18next.language).toBe('en'));
  });

  it('folds the navigation into a menu button on phones', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('main-nav').className).toContain('hidden');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('main-nav').className).not.toMatch(/(^|\s)hidden(\s|$)/);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
