import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorStatus } from '@khela/contract';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../src/features/registry';

const LOCALES = join(__dirname, '../src/locales');
const LANGUAGES = ['bn', 'en', 'hi'] as const;

type Tree = { [key: string]: string | Tree };

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

const namespaceFiles = [...new Set(LANGUAGES.flatMap((language) => readdirSync(join(LOCALES, language))))]
  .filter((file) => file.endsWith('.json'))
  .sort();

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('back-office locale files', () => {
  it('exist for every namespace in bn, en and hi', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(join(LOCALES, language)).sort(), `files of ${language}`).toEqual(namespaceFiles);
    }
  });

  for (const file of namespaceFiles) {
    it(`${file}: every key in all three languages, non-empty, same placeholders`, () => {
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
        if (new Set(texts.map((text) => placeholders(text).join(','))).size > 1)
          problems.push(`${key} has different placeholders across languages`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('name every registered feature in its own namespace (the nav label)', () => {
    for (const feature of FEATURES) {
      for (const language of LANGUAGES) {
        const texts = read(language, `${feature.id}.json`);
        expect(
          texts.get(feature.nav.labelKey),
          `${language}/${feature.id}.json ${feature.nav.labelKey}`,
        ).toBeTruthy();
      }
    }
  });

  it('translate the error codes the back-office API answers', () => {
    // The back office meets these; a code added later falls back to "refused (<code>)".
    const codes = Object.keys(errorStatus).filter((code) =>
      [
        'validation.failed',
        'login.not.session',
        'login.failed',
        'login.locked',
        'account.locked',
        'forbidden',
        'not.found',
        'conflict',
        'TOO_MANY_REQUESTS',
        'system.error',
        'request_param_err',
        'request_body_required',
      ].includes(code),
    );
    expect(codes.length).toBe(12);
    for (const language of LANGUAGES) {
      const texts = read(language, 'errors.json');
      for (const code of [...codes, 'network', 'timeout', 'unknown'])
        expect(texts.get(`error.${code}`), `${language} error.${code}`).toBeTruthy();
    }
  });
});
