import type { Language, SystemStatus } from '@khela/contract';
import { ChevronDown, Globe, MapPin, Moon, Sun } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type Lang, SUPPORTED } from '../../shared/i18n';
import { switchMerchant } from '../../shared/state/site';
import { toggleTheme, useTheme } from '../../shared/state/theme';
import { cx } from '../../shared/ui/cx';

const isLang = (value: string): value is Lang => (SUPPORTED as readonly string[]).includes(value);

const SelectShell = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <span className="relative inline-flex items-center">
    <span className="pointer-events-none absolute left-3 text-muted">{icon}</span>
    {children}
    <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-2.5 size-4 text-muted" />
  </span>
);

const selectClass =
  'h-9 max-w-[11rem] cursor-pointer appearance-none truncate rounded-full bg-surface-2 pr-8 pl-9 text-sm font-medium text-fg ring-1 ring-line transition outline-none hover:ring-brand/60 focus-visible:ring-2 focus-visible:ring-brand';

/** The merchant's languages (BD: bn/en, IN: en/hi) in a native select; the choice is saved. */
export const LanguageSelect = ({ status }: { status: SystemStatus | undefined }) => {
  const { t, i18n } = useTranslation('common');
  const offered: Language[] = status?.info.merchant.languages ?? [i18n.language as Language];
  return (
    <SelectShell icon={<Globe aria-hidden="true" className="size-4" />}>
      <select
        data-testid="language-select"
        aria-label={t('language')}
        className={selectClass}
        value={i18n.language}
        onChange={(event) => {
          if (isLang(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {offered.map((code) => (
          <option key={code} value={code}>
            {t(`languageName.${code}`)}
          </option>
        ))}
      </select>
    </SelectShell>
  );
};

/**
 * The country (merchant) picker: Bangladesh offers bn/en, India en/hi. Switching writes
 * `merchant` and `merchantCode` to session storage and refetches; a language the new merchant
 * does not offer gives way to its default language.
 */
export const MerchantSelect = ({ status }: { status: SystemStatus | undefined }) => {
  const { t, i18n } = useTranslation('common');
  const merchants = status?.info.merchants ?? [];
  if (merchants.length < 2 || !status) return null;
  const handleChange = (code: string) => {
    const target = merchants.find((merchant) => merchant.code === code);
    if (!target) return;
    switchMerchant(code);
    if (!target.languages.includes(i18n.language as Language)) void changeLanguage(target.defaultLanguage);
  };
  return (
    <SelectShell icon={<MapPin aria-hidden="true" className="size-4" />}>
      <select
        data-testid="merchant-select"
        aria-label={t('country.label')}
        className={selectClass}
        value={status.info.merchant.code}
        onChange={(event) => handleChange(event.target.value)}
      >
        {merchants.map((merchant) => (
          <option key={merchant.code} value={merchant.code}>
            {t(`country.${merchant.country}`, { defaultValue: merchant.name })} ({merchant.currencySymbol})
          </option>
        ))}
      </select>
    </SelectShell>
  );
};

/** When the page language is not one the merchant offers, fall back to the merchant's default. */
export const useLanguageFitsMerchant = (status: SystemStatus | undefined, isPlaceholder: boolean) => {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!status || isPlaceholder) return;
    const { languages, defaultLanguage } = status.info.merchant;
    if (!languages.includes(i18n.language as Language)) void changeLanguage(defaultLanguage);
  }, [status, isPlaceholder, i18n.language]);
};

/** Light/dark switch; the choice is kept in local storage under `theme`. */
export const ThemeToggle = ({ className }: { className?: string }) => {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      data-theme={theme}
      aria-pressed={isDark}
      aria-label={t(isDark ? 'theme.toLight' : 'theme.toDark')}
      title={t(isDark ? 'theme.toLight' : 'theme.toDark')}
      onClick={toggleTheme}
      className={cx(
        'relative grid size-9 place-items-center rounded-full bg-surface-2 text-fg ring-1 ring-line transition hover:text-brand hover:ring-brand/60',
        className,
      )}
    >
      {isDark ? (
        <Moon aria-hidden="true" className="size-[18px]" />
      ) : (
        <Sun aria-hidden="true" className="size-[18px]" />
      )}
    </button>
  );
};
