import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { Card, PageTitle, Select } from '../../shared/ui/controls';
import { PageLoading } from '../../shared/ui/page-loading';
import { MoneySection } from './money-section';

/** The chart library (recharts) loads only with the dashboard's charts. */
const Charts = lazy(() => import('./charts').then((m) => ({ default: m.DashboardCharts })));

const RANGES = [7, 30, 90] as const;

export const DashboardPage = () => {
  const { t } = useTranslation('dashboard');
  const { merchant } = useMerchant();
  const [days, setDays] = useState<number>(7);
  const query = useQuery({
    queryKey: ['bo', 'dashboard', merchant, days],
    queryFn: () => callBo('boDashboard', { query: { merchant, days } }),
    refetchInterval: 60_000,
  });
  const tiles = query.data
    ? (['registrations', 'logins', 'active'] as const).map((key) => ({
        key,
        today: query.data.today[key],
        week: query.data.week[key],
      }))
    : [];
  return (
    <div data-testid="dashboard-page">
      <PageTitle
        title={t('title')}
        actions={
          <Select aria-label={t('range')} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {RANGES.map((d) => (
              <option key={d} value={d}>
                {t('lastDays', { days: d })}
              </option>
            ))}
          </Select>
        }
      />
      {query.isError && (
        <p role="alert" className="text-danger">
          {errorText(query.error)}
        </p>
      )}
      {query.isPending && <PageLoading />}
      {query.data && (
        <>
          <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
            {tiles.map((tile) => (
              <Card key={tile.key}>
                <p className="text-muted text-sm">{t(`figure.${tile.key}`)}</p>
                <p className="font-semibold text-3xl" data-testid={`today-${tile.key}`}>
                  {tile.today}
                </p>
                <p className="text-muted text-xs" data-testid={`week-${tile.key}`}>
                  {t('week', { value: tile.week })}
                </p>
              </Card>
            ))}
          </div>
          <Card title={t('perDay')}>
            <Suspense fallback={<PageLoading />}>
              <Charts days={query.data.days} />
            </Suspense>
          </Card>
          <MoneySection merchant={merchant} days={days} />
        </>
      )}
    </div>
  );
};
