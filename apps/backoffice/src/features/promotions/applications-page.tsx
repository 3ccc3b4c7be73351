import { endpoints } from '@khela/contract/browser';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Field, Select } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';
import { type ApplicationRow, PromotionsTabs } from './shared';

/** The review queue of "apply" promotions: approve (grants the bonus) or reject; audited. */
export const ApplicationsPage = () => {
  const { t, i18n } = useTranslation('promotions');
  const { merchant } = useMerchant();
  const canWrite = useCan()('promotions.write');
  const decide = useAction(
    (body: { id: string; approve: boolean }) =>
      requestBo<{ bonusId: string | null }>(endpoints.boPromoDecide, { body }),
    { invalidate: [['bo', 'promotions']], success: t('applications.done') },
  );
  const columns: Column<ApplicationRow>[] = [
    { key: 'member', label: t('applications.member'), render: (r) => `${r.username} (#${r.memberId})` },
    { key: 'code', label: t('applications.promotion'), render: (r) => r.code },
    { key: 'remark', label: t('applications.remark'), render: (r) => r.remark },
    {
      key: 'at',
      label: t('applications.at'),
      render: (r) => formatTime(r.createdAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'actions',
      label: '',
      render: (r) =>
        r.status === 'pending' && canWrite ? (
          <span className="flex gap-1">
            <Button
              variant="primary"
              data-testid={`approve-${r.id}`}
              onClick={() => decide.mutate({ id: r.id, approve: true })}
            >
              {t('applications.approve')}
            </Button>
            <Button
              data-testid={`reject-${r.id}`}
              onClick={() => decide.mutate({ id: r.id, approve: false })}
            >
              {t('applications.reject')}
            </Button>
          </span>
        ) : (
          <span className="text-muted text-xs">{r.decidedBy ?? ''}</span>
        ),
    },
  ];
  return (
    <ListScreen
      testId="bo-promotions-applications"
      tableTestId="bo-promo-applications-table"
      title={t('title')}
      tabs={<PromotionsTabs />}
      state={{ filters: { status: 'pending' } }}
      queryKey={['bo', 'promotions', 'applications']}
      query={(list) => ({ merchant, status: list.filters.status || 'pending' })}
      fetch={async (query) => {
        const out = await requestBo<{ items: ApplicationRow[] }>(endpoints.boPromoApplications, { query });
        return { items: out.items, total: out.items.length };
      }}
      columns={columns}
      rowKey={(r) => r.id}
      filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-4"
      filters={({ draft, set }) => (
        <>
          <Field label={t('applications.status')}>
            <Select value={draft.status} onChange={(e) => set({ status: e.target.value })}>
              <option value="pending">{t('status.pending')}</option>
              <option value="approved">{t('status.approved')}</option>
              <option value="rejected">{t('status.rejected')}</option>
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
