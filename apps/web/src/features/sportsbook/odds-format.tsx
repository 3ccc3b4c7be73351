import { ODDS_DISPLAY_FORMATS, type OddsDisplayFormat, oddsText } from '@khela/fair';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useSessionState } from '../../shared/state/session';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../shared/state/storage';

/**
 * The member's odds format (ADR 050): decimal by default, kept in this browser's local storage
 * and, for a signed-in member, with the account (`/wps/sportsbook/preferences`, issue 21), so it
 * follows the member to another browser; every price of the book is shown through `oddsText`
 * (exact conversion of the stored odds).
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

/** The odds-format choice shown above the book; a signed-in member's choice is kept with the account. */
export const OddsFormatPicker = () => {
  const { t } = useTranslation('sportsbook');
  const { format, setFormat } = useOddsFormat();
  const { token, passwordChangePending } = useSessionState();
  const kept = useQuery({
    queryKey: ['sportsbook', 'preferences', token ?? ''],
    queryFn: ({ signal }) => callApi('sportsbookPreferences', { signal }),
    enabled: token !== null && !passwordChangePending,
    staleTime: 5 * 60_000,
  });
  const keptFormat = kept.data?.oddsFormat ?? null;
  // The account's choice wins over this browser's once it is known.
  useEffect(() => {
    if (keptFormat) setFormat(keptFormat);
  }, [keptFormat, setFormat]);
  const choose = (next: OddsDisplayFormat) => {
    setFormat(next);
    // Kept with the account too; should that fail, the browser keeps the choice.
    if (token)
      void callApi('sportsbookPreferencesSave', { body: { oddsFormat: next } })
        .then(() => kept.refetch())
        .catch(() => undefined);
  };
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-muted">{t('oddsFormat.label')}</span>
      <select
        data-testid="odds-format"
        value={format}
        onChange={(e) => choose(e.target.value as OddsDisplayFormat)}
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
