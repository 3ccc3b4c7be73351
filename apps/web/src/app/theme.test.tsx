import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from '../features/shell/header-settings';
import { changeLanguage, i18nReady } from '../shared/i18n';
import { readTheme, setTheme, syncThemeFromStorage } from '../shared/state/theme';

/** Runs the inline script of index.html, which applies the saved theme before first paint. */
const runPrePaintScript = () => {
  const html = readFileSync(join(__dirname, '../../index.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('index.html has no inline theme script');
  new Function(script)();
};

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  syncThemeFromStorage();
});

afterEach(cleanup);

describe('theme', () => {
  it('is light by default', () => {
    expect(readTheme()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('switches with the header toggle, saves `theme` in local storage and survives a reload', async () => {
    const user = userEvent.setup();
    render(
      <Suspense fallback={null}>
        <ThemeToggle />
      </Suspense>,
    );
    const toggle = await screen.findByTestId('theme-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to light mode');

    // A reload: a fresh document, then the pre-paint script of index.html.
    document.documentElement.className = '';
    runPrePaintScript();
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    await user.click(toggle);
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    document.documentElement.className = '';
    runPrePaintScript();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('ignores unknown stored values', () => {
    localStorage.setItem('theme', 'purple');
    syncThemeFromStorage();
    expect(readTheme()).toBe('light');
    setTheme('dark');
    expect(readTheme()).toBe('dark');
  });
});
