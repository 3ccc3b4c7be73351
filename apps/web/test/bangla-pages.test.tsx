import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NoticePage } from '../src/features/notices/notice-page';
import { HomeHero } from '../src/features/shell/home-page';
import { changeLanguage, i18next, i18nReady } from '../src/shared/i18n';
import { makeAnnouncements, makeStatus } from './fixtures';
import { latinDigitsShown } from './latin-digits';
import { renderApp } from './render';

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('bn');
});
afterEach(cleanup);
afterAll(async () => {
  await changeLanguage('en');
});

describe('Bangla pages show no Latin digit outside inputs and codes', () => {
  it('finds a Latin digit where there is one, and ignores inputs and codes', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>৬০টি গেম</p><input value="017"><code>GAME42</code><span data-code>#7</span>';
    expect(latinDigitsShown(root)).toEqual([]);
    root.innerHTML += '<p>60টি গেম</p>';
    expect(latinDigitsShown(root)).toEqual(['60টি গেম']);
  });

  it('home hero: the game count in Bangla digits', async () => {
    const status = makeStatus({ flags: { DIRECTREG3: true } });
    renderApp(<HomeHero />, { status, language: 'bn' });
    const hero = await screen.findByTestId('home-hero');
    expect(i18next.language).toBe('bn');
    expect(latinDigitsShown(hero)).toEqual([]);
    expect(hero.textContent).toMatch(/[০-৯]/);
  });

  it('notice page: dates and times in Bangla digits', async () => {
    renderApp(<NoticePage />, {
      status: makeStatus(),
      language: 'bn',
      announcements: makeAnnouncements({
        popup: [],
        player: [{ id: 31, title: 'খবর', content: '<p>নতুন</p>', createdAt: Date.UTC(2026, 10, 22, 9, 30) }],
      }),
      route: '/noticePage',
    });
    await screen.findByTestId('notice-page-body');
    expect(latinDigitsShown(document.body)).toEqual([]);
    expect(document.body.textContent).toMatch(/[০-৯]/);
  });
});
