import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { rowsToCsv, saveFile, tablesOf } from './my-data';
import { Note, Section } from './parts';

/**
 * "Your data" (data rights, issue 16): downloads everything the site keeps about the member, as
 * one JSON file or as a CSV file per table (picked from the list once the data is loaded).
 */
export const MyDataCard = () => {
  const { t } = useTranslation('protection');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tables, setTables] = useState<ReturnType<typeof tablesOf> | null>(null);
  const [picked, setPicked] = useState('');
  const stamp = () => new Date().toISOString().slice(0, 10);

  const load = async () => {
    setBusy(true);
    setError(null);
    try {
      return await callApi('protectionMyData');
    } catch (caught) {
      setError(errorText(caught));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const downloadJson = async () => {
    const data = await load();
    if (!data) return;
    saveFile(`my-data-${stamp()}.json`, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
  };

  const showCsv = async () => {
    const data = await load();
    if (!data) return;
    const list = tablesOf(data.sections);
    setTables(list);
    // A table picked already (from an earlier load) stays picked.
    setPicked((current) => (list.some((x) => x.name === current) ? current : (list[0]?.name ?? '')));
  };

  const table = tables?.find((x) => x.name === picked);

  return (
    <Section title={t('data.title')} testId="my-data">
      <p className="mb-3 text-sm text-muted">{t('data.intro')}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="my-data-json"
          className={buttonClass('secondary', 'sm')}
          disabled={busy}
          onClick={() => void downloadJson()}
        >
          <Download aria-hidden="true" className="size-4" />
          {t('data.json')}
        </button>
        <button
          type="button"
          data-testid="my-data-csv"
          className={buttonClass('secondary', 'sm')}
          disabled={busy}
          onClick={() => void showCsv()}
        >
          <Download aria-hidden="true" className="size-4" />
          {t('data.csv')}
        </button>
        {busy ? (
          <span role="status" className="self-center text-xs text-muted">
            {t('data.loading')}
          </span>
        ) : null}
      </div>
      {tables && tables.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-muted">
            {t('data.table')}
            <select
              data-testid="my-data-table"
              value={picked}
              onChange={(event) => setPicked(event.target.value)}
              className="h-9 rounded-lg bg-surface px-2 text-sm text-fg ring-1 ring-line"
            >
              {tables.map((x) => (
                <option key={x.name} value={x.name}>
                  {t('data.tableOption', { name: x.name, count: x.rows.length })}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            data-testid="my-data-save-csv"
            className={buttonClass('primary', 'sm')}
            disabled={!table}
            onClick={() =>
              table && saveFile(`my-data-${table.name}-${stamp()}.csv`, rowsToCsv(table.rows), 'text/csv')
            }
          >
            {t('data.saveCsv')}
          </button>
        </div>
      ) : null}
      {error ? (
        <div className="mt-3">
          <Note tone="error">{error}</Note>
        </div>
      ) : null}
    </Section>
  );
};
