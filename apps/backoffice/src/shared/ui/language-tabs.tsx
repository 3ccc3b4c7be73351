import { useTranslation } from 'react-i18next';

/** Languages whose text is not written (empty or blank): players of those see the fallback. */
export const missingIn = (languages: readonly string[], text: Partial<Record<string, string>>) =>
  languages.filter((l) => !(text[l] ?? '').replace(/<[^>]*>/g, '').trim());

/**
 * The language tabs of an operator text's editor (notices, popups, promotions, help): the
 * merchant's default language marked as such, and a "missing" dot on every language whose text is
 * not written yet (players of that language then read the default language's).
 */
export const LanguageTabs = ({
  languages,
  current,
  onSelect,
  missing,
  defaultLanguage,
}: {
  languages: readonly string[];
  current: string;
  onSelect: (language: string) => void;
  missing: readonly string[];
  defaultLanguage: string | undefined;
}) => {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-1" role="tablist" aria-label={t('languageTabs.label')}>
      {languages.map((l) => (
        <button
          key={l}
          type="button"
          role="tab"
          aria-selected={l === current}
          onClick={() => onSelect(l)}
          data-testid={`language-tab-${l}`}
          className={`inline-flex items-center gap-1.5 rounded px-2.5 py-1 text-sm ${l === current ? 'bg-accent text-accent-fg' : 'bg-surface-2'}`}
        >
          {l.toUpperCase()}
          {l === defaultLanguage && <span className="text-xs opacity-75">{t('languageTabs.default')}</span>}
          {missing.includes(l) && (
            <span
              className="size-2 rounded-full bg-amber-500"
              title={t('languageTabs.missing')}
              data-testid={`language-missing-${l}`}
            >
              <span className="sr-only">{t('languageTabs.missing')}</span>
            </span>
          )}
        </button>
      ))}
    </div>
  );
};
