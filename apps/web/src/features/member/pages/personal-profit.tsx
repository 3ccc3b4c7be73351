import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { type DayRange, lastDays, rangeBounds } from '../../../shared/format/date-range';
import { useBalance } from '../../../shared/state/balance';
import { useSessionState } from '../../../shared/state/session';
import { cx } from '../../../shared/ui/cx';
import { useErrorText, useMoney } from '../hooks';
import { ErrorState, Loading, PageHeading, RangeBar } from '../ui';

const FIGURES = ['deposits', 'withdrawals', 'bets', 'wins', 'bonuses'] as const;

/** Personal profit and loss (personalProfit): deposits, withdrawals, bets, wins, bonuses over a range. */
export const PersonalProfitPage = () => {
  const { t } = useTranslation('member');
  const { token } = useSessionState();
  const symbol = useBalance(token).data?.currencySymbol;
  const money = useMoney();
  const errorText = useErrorText();
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const bounds = rangeBounds(range);
  const profit = useQuery({
    queryKey: ['cashier', 'profit', token ?? '', bounds.startTime, bounds.endTime],
    queryFn: ({ signal }) => callApi('personalProfit', { signal, query: bounds }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="flex flex-col gap-4" data-testid="page-personalProfit">
      <PageHeading title={t('menu.personalProfit')} />
      <RangeBar range={range} onRange={setRange} />
      {profit.isPending ? (
        <Loading />
      ) : profit.isError ? (
        <ErrorState message={errorText(profit.error)} onRetry={() => void profit.refetch()} />
      ) : (
        <div
          className={cx('flex flex-col gap-3 transition-opacity', profit.isPlaceholderData && 'opacity-60')}
        >
          <div
            data-testid="profit-total"
            className={cx(
              'rounded-2xl p-5 ring-1',
              profit.data.profitMinor.startsWith('-')
                ? 'bg-red-500/8 ring-red-500/25'
                : 'bg-emerald-500/8 ring-emerald-500/25',
            )}
          >
            <p className="text-sm text-muted">{t('profit.profit')}</p>
            <p
              className={cx(
                'mt-1 text-2xl font-bold tabular-nums',
                profit.data.profitMinor.startsWith('-')
                  ? 'text-red-600 dark:text-red-400'
                  : 'text-emerald-600 dark:text-emerald-400',
              )}
            >
              {money(profit.data.profitMinor, symbol)}
            </p>
            <p className="mt-1 text-xs text-muted">{t('profit.formula')}</p>
          </div>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {FIGURES.map((key) => (
              <div
                key={key}
                className="rounded-2xl bg-surface-2/60 p-4 ring-1 ring-line"
                data-testid={`profit-${key}`}
              >
                <dt className="text-xs text-muted">{t(`profit.${key}`)}</dt>
                <dd className="mt-1 text-base font-bold tabular-nums">
                  {money(profit.data[`${key}Minor`], symbol)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  );
};
