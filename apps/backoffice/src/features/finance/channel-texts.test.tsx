import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18nReady } from '../../shared/i18n';
import { type ChannelTexts, ChannelTextsFields, missingLanguages, otherLanguages } from './channel-texts';

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});
afterEach(cleanup);

let latest: ChannelTexts = {};
const Editor = () => {
  const [texts, setTexts] = useState<ChannelTexts>({});
  latest = texts;
  return (
    <ChannelTextsFields
      texts={texts}
      languages={['en']}
      defaultLanguage="bn"
      withInstructions
      onChange={setTexts}
    />
  );
};

describe("a channel's texts per site language", () => {
  it('offers the languages other than the default and names those still missing', () => {
    expect(otherLanguages(['bn', 'en'], 'bn')).toEqual(['en']);
    expect(otherLanguages(['en', 'hi'], 'en')).toEqual(['hi']);
    expect(otherLanguages(['bn'], 'bn')).toEqual([]);
    const texts: ChannelTexts = { en: { name: 'Rocket' }, hi: { name: 'रॉकेट', instructions: 'ऐप खोलें' } };
    expect(missingLanguages(texts, ['en', 'hi'], true)).toEqual(['en']);
    expect(missingLanguages(texts, ['en', 'hi'], false)).toEqual([]);
    expect(missingLanguages({}, ['en'], false)).toEqual(['en']);
  });

  it('marks a missing language until its texts are written', async () => {
    const user = userEvent.setup();
    render(
      <Suspense fallback={null}>
        <Editor />
      </Suspense>,
    );
    expect(await screen.findByTestId('channel-text-missing-en')).toBeTruthy();
    await user.type(screen.getByTestId('channel-text-name-en'), 'Rocket');
    expect(screen.queryByTestId('channel-text-missing-en')).toBeTruthy();
    await user.type(screen.getByTestId('channel-text-instructions-en'), 'Open the app');
    expect(screen.queryByTestId('channel-text-missing-en')).toBeNull();
    expect(latest).toEqual({ en: { name: 'Rocket', instructions: 'Open the app' } });
  });
});
