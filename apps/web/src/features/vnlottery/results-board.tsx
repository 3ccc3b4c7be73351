import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeDigits } from '../../shared/format/locale';
import { cx } from '../../shared/ui/cx';
import type { VnDrawView } from './queries';

/**
 * The latest results of a region in the official layout: one table per station, prizes from the
 * special prize (ĐB, in red) down to G7 (North) or G8 (South/Central). The demo drawer's seed
 * and commitment are shown under the table (anyone can recompute the result from them).
 */
export const ResultsBoard = ({ results }: { results: VnDrawView[] }) => {
  const { t, i18n } = useTranslation('vnlottery');
  const [picked, setPicked] = useState('');
  const shown = results.find((r) => r.issueNo === picked) ?? results[0];
  if (!shown) return <p className="text-sm text-muted">{t('results.none')}</p>;
  return (
    <div className="space-y-2" data-testid="vn-results">
      <div className="flex flex-wrap gap-1.5">
        {results.map((r) => (
          <button
            key={r.issueNo}
            type="button"
            aria-pressed={r.issueNo === shown.issueNo}
            onClick={() => setPicked(r.issueNo)}
            className={cx(
              'rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-line',
              r.issueNo === shown.issueNo ? 'bg-fg text-bg' : 'bg-surface-2 text-fg/80',
            )}
          >
            {r.stationName} · {localizeDigits(dateOf(r.issueNo), i18n.language)}
          </button>
        ))}
      </div>
      {shown.status === 'void' ? (
        <p className="rounded-2xl bg-surface-2 p-3 text-sm" data-testid="vn-result-void">
          {t('results.void')}
        </p>
      ) : (
        <table
          className="w-full overflow-hidden rounded-2xl text-center ring-1 ring-line"
          data-testid="vn-result-table"
        >
          <tbody>
            {(shown.result?.prizes ?? []).map((p) => (
              <tr key={p.prize} className="border-b border-line last:border-0">
                <th scope="row" className="w-16 bg-surface-2 px-2 py-1.5 text-xs font-bold text-muted">
                  {t(`prize.${p.prize}`)}
                </th>
                <td className="px-2 py-1.5">
                  <div className="flex flex-wrap justify-center gap-x-4 gap-y-1">
                    {p.numbers.map((n, i) => (
                      <span
                        // Numbers repeat within a prize; the position is the identity.
                        // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions of the official layout
                        key={i}
                        data-testid={p.prize === 'DB' ? 'vn-special' : undefined}
                        className={cx(
                          'font-mono tabular-nums',
                          p.prize === 'DB' ? 'text-xl font-black text-rose-600' : 'text-base font-semibold',
                        )}
                      >
                        {n}
                      </span>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown.serverSeed ? (
        <p className="break-all font-mono text-[0.65rem] text-muted">
          {t('results.seed')}: {shown.serverSeed}
        </p>
      ) : null}
    </div>
  );
};

export const dateOf = (issueNo: string) => `${issueNo.slice(6, 8)}/${issueNo.slice(4, 6)}`;
