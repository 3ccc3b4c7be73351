import { OVERVIEW_RANGES, type OverviewRange } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { FormAlert, useErrorText } from '../../shared/form';
import { Card, Chips, Stat, useMoney } from './parts';

/** Team overview (the centre's default): members, money and play of the team over a range. */
export const TeamOverview = () => {
  const { t } = useTranslation('agency');
  const money = useMoney();
  const errorText = useErrorText();
  const [range, setRange] = useState<OverviewRange>('today');
  const q = useQuery({
    queryKey: ['agency-overview', range],
    queryFn: () => callApi('agencyOverview', { query: { range } }),
  });
  return (
    <Card title={t('menu.overview')} testId="agency-overview">
      <Chips
        label={t('overview.range')}
        value={range}
        onChange={setRange}
        options={OVERVIEW_RANGES.map((r) => ({ value: r, label: t(`range.${r}`) }))}
        testId="agency-range"
      />
      {q.isError ? <FormAlert>{errorText(q.error)}</FormAlert> : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label={t('overview.teamSize')} value={q.data?.teamSize ?? '—'} testId="agency-team-size" />
        <Stat label={t('overview.active')} value={q.data?.activeMembers ?? '—'} testId="agency-active" />
        <Stat label={t('overview.new')} value={q.data?.newMembers ?? '—'} testId="agency-new" />
        <Stat label={t('overview.depositors')} value={q.data?.depositors ?? '—'} />
        <Stat label={t('overview.deposits')} value={q.data ? money(q.data.depositsMinor) : '—'} />
        <Stat label={t('overview.withdrawals')} value={q.data ? money(q.data.withdrawalsMinor) : '—'} />
        <Stat
          label={t('overview.turnover')}
          value={q.data ? money(q.data.turnoverMinor) : '—'}
          testId="agency-turnover"
        />
        <Stat label={t('overview.ggr')} value={q.data ? money(q.data.ggrMinor) : '—'} testId="agency-ggr" />
      </dl>
    </Card>
  );
};
