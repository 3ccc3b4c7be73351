import { endpoints } from '@khela/contract/browser';
import { useTranslation } from 'react-i18next';
import { downloadCsv, requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, Select } from '../../shared/ui/controls';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';
import { type BonusRow, money, PromotionsTabs } from './shared';

/** Granted bonuses: by member and status, with wagering progress and how each ended; CSV. */
export const BonusesPage = () => {
  const { t, i18n } = useTranslation('promotions');
  const { merchant } = useMerchant();
  const columns: Column<BonusRow>[] = [
    { key: 'member', label: t('bonuses.member'), render: (r) => `#${r.memberId}` },
    { key: 'code', label: t('bonuses.promotion'), render: (r) => `${r.code} v${r.version}` },
    { key: 'status', label: t('bonuses.status'), render: (r) => t(`status.${r.status}`) },
    {
      key: 'amount',
      label: t('bonuses.amount'),
      render: (r) => money(r.amountMinor),
      className: 'tabular-nums',
    },
    {
      key: 'wagered',
      label: t('bonuses.wagered'),
      render: (r) => `${money(r.wageredMinor)} / ${money(r.requirementMinor)}`,
      className: 'tabular-nums',
    },
    {
      key: 'end',
      label: t('bonuses.end'),
      render: (r) =>
        r.convertedMinor !== null
          ? `+${money(r.convertedMinor)}`
          : r.returnedMinor !== null
            ? `↩ ${money(r.returnedMinor)}`
            : '',
      className: 'tabular-nums',
    },
    {
      key: 'granted',
      label: t('bonuses.granted'),
      render: (r) => formatTime(r.grantedAt, i18n.language),
      className: 'whitespace-nowrap',
    },
  ];
  return (
    <ListScreen
      testId="bo-promotions-bonuses"
      tableTestId="bo-promo-bonuses-table"
      title={t('title')}
      tabs={<PromotionsTabs />}
      state={{ filters: { memberId: '', status: '' } }}
      queryKey={['bo', 'promotions', 'bonuses']}
      query={(list) => ({
        merchant,
        memberId: list.filters.memberId || undefined,
        status: list.filters.status || undefined,
      })}
      fetch={(query, page) =>
        requestBo<{ items: BonusRow[]; total: number }>(endpoints.boPromoBonuses, {
          query: { ...query, ...page },
        })
      }
      csv={(query) => downloadCsv(endpoints.boPromoBonusesCsv, query, 'bonuses.csv')}
      columns={columns}
      rowKey={(r) => r.id}
      filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-4"
      filters={({ draft, set }) => (
        <>
          <Field label={t('bonuses.member')}>
            <Input
              value={draft.memberId}
              inputMode="numeric"
              onChange={(e) => set({ memberId: e.target.value })}
            />
          </Field>
          <Field label={t('bonuses.status')}>
            <Select value={draft.status} onChange={(e) => set({ status: e.target.value })}>
              <option value="">{t('bonuses.any')}</option>
              {['active', 'completed', 'forfeited', 'expired'].map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="primary">
              {t('filter')}
            </Button>
          </div>
        </>
      )}
    />
  );
};
