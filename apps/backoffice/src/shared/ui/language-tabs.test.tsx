import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18nReady } from '../i18n';
import { LanguageTabs, missingIn } from './language-tabs';

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});
afterEach(cleanup);

describe('language tabs of an operator text', () => {
  it('names the languages not written yet (empty, blank or an empty rich-text paragraph)', () => {
    expect(missingIn(['bn', 'en', 'hi'], { bn: 'জমা', en: '  ', hi: '<p></p>' })).toEqual(['en', 'hi']);
    expect(missingIn(['bn', 'en'], { bn: '<p>জমা</p>', en: 'Deposit' })).toEqual([]);
  });

  it('marks the default language and each missing one', async () => {
    render(
      <Suspense fallback={null}>
        <LanguageTabs
          languages={['bn', 'en']}
          current="bn"
          onSelect={() => {}}
          missing={['en']}
          defaultLanguage="bn"
        />
      </Suspense>,
    );
    expect((await screen.findByTestId('language-tab-bn')).textContent).toContain('default');
    expect(screen.getByTestId('language-missing-en')).toBeTruthy();
    expect(screen.queryByTestId('language-missing-bn')).toBeNull();
  });
});
