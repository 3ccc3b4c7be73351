import { ODDS_DISPLAY_FORMATS, type OddsDisplayFormat, oddsText } from '@khela/fair';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../shared/state/storage';

/**
 * The member's odds format (ADR 050): decimal by default, kept in this browser's local storage;
 * every price of the book is shown through `oddsText` (exact conversion of the stored odds).
 */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = (): OddsDisplayFormat => {
  const stored = readLocal(LOCAL_KEYS.oddsFormat);
  return (ODDS_DISPLAY_FORMATS as readonly string[]).includes(stored ?? '')
    ? (stored as OddsDisplayFormat)
    : 'decimal';
};

export const useOddsFormat = () => {
  const format = useSyncExternalStore(subscribe, read, () => 'decimal' as const);
  const setFormat = useCallback((next: OddsDisplayFormat) => {
    writeLocal(LOCAL_KEYS.oddsFormat, next);
    for (const l of listeners) l();
  }, []);
  const show = useCallback((odds: string) => oddsText(BigInt(odds), format), [format]);
  return { format, setFormat, show };
};

/** The odds-format choice shown above the book. */
export const OddsFormatPicker = () => {
  const { t } = useTranslation('sportsbook');
  const { format, setFormat } = useOddsFormat();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-muted">{t('oddsFormat.label')}</span>
      <select
        data-testid="odds-format"
        value={format}
        onChange={(e) => setFormat(e.target.value as OddsDisplayFormat)}
        className="rounded-full bg-surface-2 px-3 py-1.5 font-semibold ring-1 ring-line"
      >
        {ODDS_DISPLAY_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t(`oddsFormat.${f}`)}
          </option>
        ))}
      </select>
    </label>
  );
};
