import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorStatus } from '@khela/contract';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

const LOCALES = join(__dirname, '../src/locales');
const LANGUAGES = ['bn', 'en', 'hi'] as const;

type Tree = { [key: string]: string | Tree };

/** Every leaf of a locale file as `a.b.c` → text. */
const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [leaf, text] of flatten(value, path)) out.set(leaf, text);
  }
  return out;
};

const read = (language: string, file: string) =>
  flatten(JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Tree);

/** Every namespace file found in any language folder. */
const namespaceFiles = [...new Set(LANGUAGES.flatMap((language) => readdirSync(join(LOCALES, language))))]
  .filter((file) => file.endsWith('.json'))
  .sort();

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('locale files', () => {
  it('exist for every namespace in bn, en and hi', () => {
    expect(namespaceFiles).toEqual(expect.arrayContaining(['common.json', 'shell.json', 'errors.json']));
    for (const language of LANGUAGES) {
      expect(readdirSync(join(LOCALES, language)).sort(), `files of ${language}`).toEqual(namespaceFiles);
    }
  });

  for (const file of namespaceFiles) {
    it(`${file}: every key is present in all three languages, non-empty, with the same placeholders`, () => {
      const byLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, read(language, file)]));
      const allKeys = new Set(LANGUAGES.flatMap((language) => [...byLanguage[language]!.keys()]));
      const problems: string[] = [];
      for (const key of allKeys) {
        const missing = LANGUAGES.filter((language) => !byLanguage[language]!.has(key));
        if (missing.length > 0) problems.push(`${key} missing in ${missing.join(', ')}`);
        const texts = LANGUAGES.map((language) => byLanguage[language]!.get(key)).filter(
          (text) => text !== undefined,
        );
        if (texts.some((text) => text.trim() === '')) problems.push(`${key} is empty in some language`);
        const shapes = new Set(texts.map((text) => placeholders(text).join(',')));
        if (shapes.size > 1) problems.push(`${key} has different placeholders across languages`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('translate every error code of the contract, plus network and timeout', () => {
    const codes = [...Object.keys(errorStatus), 'network', 'timeout'];
    for (const language of LANGUAGES) {
      const keys = read(language, 'errors.json');
      const missing = codes.filter((code) => !keys.has(`error.${code}`));
      expect(missing, `error keys missing in ${language}`).toEqual([]);
    }
  });

  it('write Bangla in Bengali script and Hindi in Devanagari', () => {
    for (const file of ['common.json', 'shell.json', 'errors.json']) {
      const bn = [...read('bn', file).values()].join(' ');
      const hi = [...read('hi', file).values()].join(' ');
      expect(bn, file).toMatch(/[\u0980-\u09ff]/);
      expect(hi, file).toMatch(/[\u0900-\u097f]/);
    }
  });

  it('resolve error keys that contain dots (the API sends `error.validation.failed`)', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'en',
      resources: {
        en: { errors: JSON.parse(readFileSync(join(LOCALES, 'en', 'errors.json'), 'utf8')) as Tree },
      },
      ns: ['errors'],
      defaultNS: 'errors',
    });
    expect(i18n.t('error.validation.failed')).toBe('Please check the highlighted fields.');
    expect(i18n.t('error.login.not.session')).toBe('You are not logged in. Please log in.');
  });
});
