import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { formatDecimal } from '../../shared/money';
import { Card } from '../../shared/ui/controls';
import { PageLoading } from '../../shared/ui/page-loading';
import { MONEY_KEYS, minorToDecimal } from './money-figures';

/** The chart library (recharts) loads only with the dashboard's charts. */
const MoneyCharts = lazy(() => import('./money-charts').then((m) => ({ default: m.MoneyCharts })));

/**
 * Money on the dashboard: the period's deposits, withdrawals, net deposits, bets, wins, GGR,
 * bonus cost and active players, per day as charts and per merchant as a table.
 */
export const MoneySection = ({ merchant, days }: { merchant: string | undefined; days: number }) => {
  const { t, i18n } = useTranslation('dashboard');
  const query = useQuery({
    queryKey: ['bo', 'dashboard', 'money', merchant, days],
    queryFn: () => callBo('boDashboardMoney', { query: { merchant, days } }),
    refetchInterval: 60_000,
  });
  const amount = (minor: string) => formatDecimal(minorToDecimal(minor), i18n.language);
  if (query.isError)
    return (
      <p role="alert" className="text-danger">
        {errorText(query.error)}
      </p>
    );
  if (!query.data) return <PageLoading />;
  const { total, merchants } = query.data;
  return (
    <section className="mt-4 space-y-4" data-testid="dashboard-money">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {MONEY_KEYS.map((key) => (
          <Card key={key}>
            <p className="text-muted text-sm">{t(`money.${key}`)}</p>
            <p
              className={`font-semibold text-2xl tabular-nums ${total[key].startsWith('-') ? 'text-danger' : ''}`}
              data-testid={`money-${key}`}
            >
              {amount(total[key])}
            </p>
          </Card>
        ))}
        <Card>
          <p className="text-muted text-sm">{t('money.activePlayers')}</p>
          <p className="font-semibold text-2xl tabular-nums" data-testid="money-activePlayers">
            {total.activePlayers.toLocaleString(i18n.language)}
          </p>
        </Card>
      </div>
      <Card title={t('money.perDay')}>
        <Suspense fallback={<PageLoading />}>
          <MoneyCharts days={query.data.days} />
        </Suspense>
      </Card>
      <Card title={t('money.perMerchant')}>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="money-merchants">
            <thead>
              <tr className="text-left text-muted">
                <th className="py-2 pr-3">{t('money.merchant')}</th>
                {MONEY_KEYS.map((key) => (
                  <th key={key} className="py-2 pr-3 text-right">
                    {t(`money.${key}`)}
                  </th>
                ))}
                <th className="py-2 text-right">{t('money.activePlayers')}</th>
              </tr>
            </thead>
            <tbody>
              {merchants.length === 0 && (
                <tr>
                  <td colSpan={MONEY_KEYS.length + 2} className="py-3 text-muted">
                    {t('money.none')}
                  </td>
                </tr>
              )}
              {merchants.map((row) => (
                <tr key={row.merchant} className="border-line border-t">
                  <td className="py-2 pr-3 font-medium">{row.merchant}</td>
                  {MONEY_KEYS.map((key) => (
                    <td key={key} className="py-2 pr-3 text-right tabular-nums">
                      {amount(row[key])}
                    </td>
                  ))}
                  <td className="py-2 text-right tabular-nums">{row.activePlayers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </section>
  );
};
