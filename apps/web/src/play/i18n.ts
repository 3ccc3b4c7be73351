/**
 * The game page's strings: the `play` part of the site's `game` locale files (BN, EN, HI), loaded
 * for the launch's language only. A tiny `t` with `{{name}}` placeholders keeps i18next out of
 * the game's bundle.
 */
type Tree = { [key: string]: string | Tree };

export const PLAY_LANGUAGES = ['bn', 'en', 'hi'] as const;
export type PlayLanguage = (typeof PLAY_LANGUAGES)[number];

type Files = [{ default: { play: Tree } }, { default: Record<string, string> }];
const loaders: Record<PlayLanguage, () => Promise<Files>> = {
  bn: () => Promise.all([import('../locales/bn/game.json'), import('../locales/bn/errors.json')]),
  en: () => Promise.all([import('../locales/en/game.json'), import('../locales/en/errors.json')]),
  hi: () => Promise.all([import('../locales/hi/game.json'), import('../locales/hi/errors.json')]),
};

export const pickLanguage = (value: string | null | undefined): PlayLanguage => {
  const short = (value ?? '').toLowerCase().slice(0, 2);
  return (PLAY_LANGUAGES as readonly string[]).includes(short) ? (short as PlayLanguage) : 'bn';
};

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export const makeTranslate =
  (strings: Tree): Translate =>
  (key, vars) => {
    let node: string | Tree | undefined = strings;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    const text = typeof node === 'string' ? node : key;
    return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(vars?.[name] ?? ''));
  };

/** `t` for the game's strings and `error` for an API error code (the site's `error.<code>` texts). */
export const loadStrings = async (language: PlayLanguage) => {
  const [game, errors] = await loaders[language]();
  const t = makeTranslate(game.default.play);
  const error = (code: string) =>
    errors.default[`error.${code}`] ?? errors.default['error.system.error'] ?? code;
  return { t, error };
};
