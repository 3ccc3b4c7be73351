import type { Localized } from '../db/schema';

/**
 * Folds a name or a query for matching: Unicode-normalised, lower-cased, Latin diacritics
 * removed (Piñata → pinata), runs of white space collapsed. Only the combining marks of the
 * Latin range (U+0300–U+036F) go: the vowel signs of Bangla and Devanagari are marks too, and
 * stripping them would change the word.
 */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();

/** The stored search text of a game: every language's folded name, one per line. */
export const searchTextOf = (names: Localized) =>
  [
    ...new Set(
      Object.values(names)
        .filter((n): n is string => typeof n === 'string' && n.length > 0)
        .map(foldText),
    ),
  ].join('\n');

/** The words of a query; a game matches when its search text contains every one of them. */
export const queryTokens = (query: string | undefined) =>
  query ? foldText(query).split(' ').filter(Boolean) : [];

export const matchesTokens = (searchText: string, tokens: readonly string[]) =>
  tokens.every((t) => searchText.includes(t));
